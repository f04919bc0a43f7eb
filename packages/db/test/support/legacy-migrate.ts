// The hand-written runner of a2ebf8c (before Postgrator), kept verbatim to build the databases
// it left behind: one transaction for every pending migration, history without checksums.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { splitStatements } from '../../src/migrate.js';
import type { SqlClient } from '../../src/sql-client.js';

interface Migration {
  version: number;
  name: string;
  doSql: string;
  undoSql?: string;
}

const MIGRATION_FILE = /^(\d{3})\.(do|undo)\.([a-z0-9-]+)\.sql$/;

export async function loadMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).sort();
  const byVersion = new Map<number, Migration>();
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) continue;
    const version = Number(match[1]);
    const sql = await readFile(path.join(directory, file), 'utf8');
    const entry = byVersion.get(version) ?? { version, name: match[3]!, doSql: '' };
    if (match[2] === 'do') entry.doSql = sql;
    else entry.undoSql = sql;
    byVersion.set(version, entry);
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

// Several processes may start at once against one PostgreSQL; one applies, the others wait.
const MIGRATION_LOCK_KEY = 7_331_001;

/** Applies every migration not yet recorded, each in its own transaction. Returns those applied. */
export async function legacyMigrate(client: SqlClient, directory: string): Promise<number[]> {
  const migrations = await loadMigrations(directory);
  const applied: number[] = [];
  await client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.doSql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
  });
  return applied;
}
