import { createHash } from 'node:crypto';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_TABLE,
  MIGRATIONS_DIR,
  MigrationChangedError,
  SchemaTooNewError,
  migrate,
  migrationStatus,
  type SqlClient,
} from '../src/index.js';
import { createEmptyDatabase, databaseKinds, type EmptyDatabase } from './support/databases.js';
import { legacyMigrate } from './support/legacy-migrate.js';

const KNOWN = (await readdir(MIGRATIONS_DIR))
  .filter((file) => file.includes('.do.'))
  .map((file) => Number(file.slice(0, 3)))
  .sort((a, b) => a - b);
const NEWEST = KNOWN.at(-1)!;

/** A copy of the migrations directory holding versions up to `upTo`, to change freely. */
async function migrationsCopy(dirs: string[], upTo = NEWEST): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'h-conv-migrations-'));
  dirs.push(directory);
  for (const file of await readdir(MIGRATIONS_DIR))
    if (Number(file.slice(0, 3)) <= upTo)
      await cp(path.join(MIGRATIONS_DIR, file), path.join(directory, file));
  return directory;
}

async function history(client: SqlClient): Promise<Array<{ version: number; md5: string | null }>> {
  const { rows } = await client.query<{ version: number | string; md5: string | null }>(
    `SELECT version, md5 FROM ${HISTORY_TABLE} WHERE version > 0 ORDER BY version`,
  );
  return rows.map((row) => ({ version: Number(row.version), md5: row.md5 }));
}

async function tableExists(client: SqlClient, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
    table,
  ]);
  return rows[0]?.found != null;
}

async function md5Of(version: number): Promise<string> {
  const file = (await readdir(MIGRATIONS_DIR)).find((name) =>
    name.startsWith(`${String(version).padStart(3, '0')}.do.`),
  )!;
  return createHash('md5')
    .update(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'))
    .digest('hex');
}

describe.each(databaseKinds())('migrations with Postgrator on %s', (kind) => {
  let database: EmptyDatabase;
  let client: SqlClient;
  const dirs: string[] = [];
  beforeEach(async () => {
    database = await createEmptyDatabase(kind);
    client = database.connect();
  });
  afterEach(async () => database.drop());
  afterAll(async () => {
    for (const directory of dirs) await rm(directory, { recursive: true, force: true });
  });

  it('applies every migration once and records each with the checksum of its file', async () => {
    expect(await migrate(client)).toEqual(KNOWN);
    expect(await migrate(client)).toEqual([]);
    const rows = await history(client);
    expect(rows.map((row) => row.version)).toEqual(KNOWN);
    for (const row of rows) expect(row.md5).toBe(await md5Of(row.version));
    expect(await tableExists(client, 'events')).toBe(true);
  });

  it('commits each migration in its own transaction: a failing one leaves the earlier ones applied', async () => {
    const directory = await migrationsCopy(dirs);
    const next = String(NEWEST + 1).padStart(3, '0');
    await writeFile(
      path.join(directory, `${next}.do.broken.sql`),
      'CREATE TABLE h_conv_half_done (id int);\nSELECT no_such_column FROM h_conv_half_done;\n',
    );
    await expect(migrate(client, directory)).rejects.toThrow(/no_such_column/);
    expect((await history(client)).map((row) => row.version)).toEqual(KNOWN);
    expect(await tableExists(client, 'h_conv_half_done')).toBe(false);
  });

  it('refuses to run when an applied migration was edited, and applies nothing', async () => {
    const directory = await migrationsCopy(dirs, NEWEST - 1);
    await migrate(client, directory);
    const edited = (await readdir(directory)).find((file) => file.startsWith('002.do.'))!;
    await appendFile(path.join(directory, edited), '\n-- an edit after the fact\n');
    await cp(MIGRATIONS_DIR, directory, { recursive: true, filter: (source) => !source.includes('002.') });
    const refused = await migrate(client, directory).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MigrationChangedError);
    expect((refused as Error).message).toContain('Migration 2 was changed after it was applied');
    expect((await history(client)).map((row) => row.version)).toEqual(KNOWN.slice(0, -1));
    const status = await migrationStatus(client, directory);
    expect(status.migrations.find((entry) => entry.version === 2)?.state).toBe('changed');
  });

  it('refuses a schema newer than it knows and never runs an undo file', async () => {
    await migrate(client);
    const older = await migrationsCopy(dirs, NEWEST - 1);
    const refused = await migrate(client, older).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect((refused as SchemaTooNewError).databaseVersion).toBe(NEWEST);
    expect((await history(client)).map((row) => row.version)).toEqual(KNOWN);
  });

  it('upgrades a database migrated by the replaced runner in place, keeping its data', async () => {
    const older = await migrationsCopy(dirs, NEWEST - 1);
    await legacyMigrate(client, older);
    await client.query(
      `INSERT INTO subscription_checkpoints (subscription_id, position) VALUES ('h-conv-kept', 7)`,
    );
    const before = await migrationStatus(client);
    expect(before.databaseVersion).toBe(NEWEST - 1);
    expect(before.migrations.at(-1)).toMatchObject({ version: NEWEST, state: 'pending' });

    expect(await migrate(client)).toEqual([NEWEST]);
    const rows = await history(client);
    expect(rows.map((row) => row.version)).toEqual(KNOWN);
    for (const row of rows) expect(row.md5).toBe(await md5Of(row.version));
    expect(await tableExists(client, 'schema_migrations')).toBe(false);
    const kept = await client.query(
      `SELECT position FROM subscription_checkpoints WHERE subscription_id = 'h-conv-kept'`,
    );
    expect(kept.rows).toHaveLength(1);
    expect((await migrationStatus(client)).migrations.every((entry) => entry.state === 'applied')).toBe(true);
  });

  it.runIf(kind === 'postgres')('lets concurrent starts migrate one database once', async () => {
    const others = [database.connect(), database.connect()];
    const results = await Promise.all([client, ...others].map((each) => migrate(each)));
    expect(results.flat().sort((a, b) => a - b)).toEqual(KNOWN);
    expect((await history(client)).map((row) => row.version)).toEqual(KNOWN);
  });
});
