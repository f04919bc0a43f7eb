import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { MIGRATIONS_DIR, type SqlClient } from '../../src/index.js';
import { createEmptyDatabase, type EmptyDatabase } from './databases.js';

/**
 * Copies of the migrations before `version` and of those up to it, for a test of one migration:
 * migrate with `before`, write what it must find, then with `through` (later migrations must not
 * run, or the test would also test them). `remove` deletes both copies.
 */
export async function migrationsAround(
  version: number,
): Promise<{ before: string; through: string; remove(): Promise<void> }> {
  const copy = async (keep: (number: number) => boolean) => {
    const directory = await mkdtemp(path.join(tmpdir(), `migrations-around-${version}-`));
    for (const file of await readdir(MIGRATIONS_DIR))
      if (keep(Number(file.slice(0, 3))))
        await cp(path.join(MIGRATIONS_DIR, file), path.join(directory, file));
    return directory;
  };
  const before = await copy((number) => number < version);
  const through = await copy((number) => number <= version);
  return {
    before,
    through,
    remove: async () => {
      for (const directory of [before, through]) await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface MigrationAround {
  client: SqlClient;
  /** The migrations before the one under test, and those up to it. */
  before: string;
  through: string;
}

/**
 * For each test of one migration: an empty database of `kind` and the migrations around
 * `version`, handed to `use` before the test, both removed after it.
 */
export function useMigrationAround(
  kind: 'postgres' | 'pglite',
  version: number,
  use: (around: MigrationAround) => void,
): void {
  let database: EmptyDatabase | undefined;
  let remove: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    database = await createEmptyDatabase(kind);
    const migrations = await migrationsAround(version);
    remove = migrations.remove;
    use({ client: database.connect(), before: migrations.before, through: migrations.through });
  });
  afterEach(async () => {
    await database?.drop();
    await remove?.();
  });
}
