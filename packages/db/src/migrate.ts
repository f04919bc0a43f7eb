import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Lease, SqlClient } from './sql-client.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Postgrator's history table: version, name, md5 of the applied file, run_at. */
export const HISTORY_TABLE = 'schemaversion';
/** The history table of the hand-written runner this one replaced (no checksums). */
const LEGACY_HISTORY_TABLE = 'schema_migrations';
// Several processes may start at once against one PostgreSQL; one applies, the others wait. The
// key is the one the replaced runner locked, so it and this runner exclude each other too.
const MIGRATION_LOCK_KEY = 7_331_001;
const LEASE_RETRY_MS = 200;

/** The database holds migrations this code does not know: a newer release migrated it. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `The database schema is at migration ${databaseVersion}, newer than the ${knownVersion} this ` +
        'version knows; run the release that migrated it (or a newer one).',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** An applied migration's file differs from what was applied. */
export class MigrationChangedError extends Error {
  constructor(readonly version: number) {
    super(
      `Migration ${version} was changed after it was applied (its checksum differs from the one in ` +
        `${HISTORY_TABLE}); restore the file and add a new migration instead.`,
    );
    this.name = 'MigrationChangedError';
  }
}

export interface MigrationFile {
  version: number;
  name: string;
  md5: string;
}

export interface MigrationStatus {
  /** Highest applied version (0 for an empty database). */
  databaseVersion: number;
  /** Highest version among the files. */
  knownVersion: number;
  migrations: Array<
    MigrationFile & {
      state: 'applied' | 'pending' | 'changed' | 'unknown';
      appliedAt?: Date;
    }
  >;
}

/**
 * Applies every pending migration in order, each in its own transaction together with its
 * history row, after checking that no applied migration's file has changed since. Refuses a
 * database migrated by a newer release (never runs an undo file). Returns the versions applied.
 */
export async function migrate(client: SqlClient, directory = MIGRATIONS_DIR): Promise<number[]> {
  const lease = await waitForLease(client);
  try {
    const runner = await createRunner(client, directory);
    const files = await migrationFiles(runner);
    await adoptLegacyHistory(client, files);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
         version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`,
    );
    const knownVersion = Math.max(0, ...files.map((file) => file.version));
    const databaseVersion = await runner.getDatabaseVersion();
    if (databaseVersion > knownVersion) throw new SchemaTooNewError(databaseVersion, knownVersion);
    try {
      const applied = await runner.migrate(String(knownVersion));
      return applied.map((migration) => migration.version);
    } catch (error) {
      const changed = /MD5 checksum failed for migration \[(\d+)\]/.exec((error as Error).message);
      if (changed) throw new MigrationChangedError(Number(changed[1]));
      throw error;
    }
  } finally {
    await lease.release();
  }
}

/** What `npm run migrate -- status` prints: each file applied, pending or changed. Read only. */
export async function migrationStatus(
  client: SqlClient,
  directory = MIGRATIONS_DIR,
): Promise<MigrationStatus> {
  const files = await migrationFiles(await createRunner(client, directory));
  const history = await readHistory(client);
  const byVersion = new Map(history.map((row) => [row.version, row]));
  const migrations: MigrationStatus['migrations'] = files.map((file) => {
    const row = byVersion.get(file.version);
    if (!row) return { ...file, state: 'pending' };
    const state = row.md5 !== null && row.md5 !== file.md5 ? 'changed' : 'applied';
    return { ...file, state, appliedAt: row.appliedAt };
  });
  const known = new Set(files.map((file) => file.version));
  for (const row of history.filter((entry) => !known.has(entry.version)))
    migrations.push({ version: row.version, name: row.name, md5: row.md5 ?? '', state: 'unknown' });
  return {
    databaseVersion: Math.max(0, ...history.map((row) => row.version)),
    knownVersion: Math.max(0, ...files.map((file) => file.version)),
    migrations,
  };
}

async function createRunner(client: SqlClient, directory: string): Promise<Postgrator> {
  const database = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
  return new Postgrator({
    driver: 'pg',
    database,
    schemaTable: HISTORY_TABLE,
    migrationPattern: path.join(escapeGlob(directory), '*.sql'),
    ...transactionPerMigration(client),
  });
}

/**
 * Postgrator runs a migration's script and then the statement that records it, as two calls. The
 * script is held back until that statement arrives, and both go in one transaction: a migration
 * is applied and recorded together or not at all.
 */
function transactionPerMigration(client: SqlClient) {
  let heldScript: string | undefined;
  return {
    execSqlScript: async (script: string) => {
      heldScript = script;
    },
    execQuery: async (query: string) => {
      if (heldScript === undefined) return client.query(query);
      const script = heldScript;
      heldScript = undefined;
      if (!new RegExp(`^\\s*INSERT INTO "${HISTORY_TABLE}"`).test(query))
        throw new Error(`expected the history row after a migration's script, got: ${query}`);
      return client.transaction(async (tx) => {
        for (const statement of splitStatements(script)) await tx.query(statement);
        return tx.query(query);
      });
    },
  };
}

async function migrationFiles(runner: Postgrator): Promise<MigrationFile[]> {
  const migrations = await runner.getMigrations();
  return migrations
    .filter((migration) => migration.action === 'do')
    .map(({ version, name, md5 }) => ({ version, name, md5 }))
    .sort((a, b) => a.version - b.version);
}

async function tableExists(client: SqlClient, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
    table,
  ]);
  return rows[0]?.found != null;
}

interface HistoryRow {
  version: number;
  name: string;
  md5: string | null;
  appliedAt: Date;
}

async function readHistory(client: SqlClient): Promise<HistoryRow[]> {
  if (await tableExists(client, HISTORY_TABLE)) {
    const { rows } = await client.query<{
      version: string | number;
      name: string;
      md5: string | null;
      run_at: Date;
    }>(`SELECT version, name, md5, run_at FROM ${HISTORY_TABLE} WHERE version > 0 ORDER BY version`);
    return rows.map((row) => ({
      version: Number(row.version),
      name: row.name,
      md5: row.md5,
      appliedAt: row.run_at,
    }));
  }
  if (await tableExists(client, LEGACY_HISTORY_TABLE)) {
    const { rows } = await client.query<{ version: number; name: string; applied_at: Date }>(
      `SELECT version, name, applied_at FROM ${LEGACY_HISTORY_TABLE} ORDER BY version`,
    );
    return rows.map((row) => ({
      version: row.version,
      name: row.name,
      md5: null,
      appliedAt: row.applied_at,
    }));
  }
  return [];
}

/**
 * A database migrated by the replaced runner keeps its history: in one transaction its rows move
 * into Postgrator's table with the checksums of today's files (that runner kept none, and the
 * files have not changed since), and the old table goes. Its migrations are not run again.
 */
async function adoptLegacyHistory(client: SqlClient, files: MigrationFile[]): Promise<void> {
  if ((await tableExists(client, HISTORY_TABLE)) || !(await tableExists(client, LEGACY_HISTORY_TABLE)))
    return;
  const legacy = await readHistory(client);
  const byVersion = new Map(files.map((file) => [file.version, file]));
  const knownVersion = Math.max(0, ...files.map((file) => file.version));
  const newest = Math.max(0, ...legacy.map((row) => row.version));
  if (newest > knownVersion) throw new SchemaTooNewError(newest, knownVersion);
  await client.transaction(async (tx) => {
    await tx.query(
      `CREATE TABLE ${HISTORY_TABLE} (version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`,
    );
    for (const row of legacy)
      await tx.query(`INSERT INTO ${HISTORY_TABLE} (version, name, md5, run_at) VALUES ($1, $2, $3, $4)`, [
        row.version,
        row.name,
        byVersion.get(row.version)?.md5 ?? null,
        row.appliedAt,
      ]);
    await tx.query(`DROP TABLE ${LEGACY_HISTORY_TABLE}`);
  });
}

/** The migration lock, waited for: another process may be migrating the same database. */
async function waitForLease(client: SqlClient): Promise<Lease> {
  for (;;) {
    const lease = await client.tryLease(MIGRATION_LOCK_KEY);
    if (lease) return lease;
    await new Promise((resolve) => setTimeout(resolve, LEASE_RETRY_MS));
  }
}

function escapeGlob(directory: string): string {
  return directory
    .split(path.sep)
    .join('/')
    .replace(/[*?[\]{}()!]/g, '\\$&');
}

const DOLLAR_QUOTED = /\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g;
const HIDDEN = /\uE000(\d+)\uE000/g;

/**
 * Splits a migration on `;` at line ends. A dollar-quoted body (a function's) is one piece of
 * its statement, whatever semicolons and comments it holds.
 */
export function splitStatements(sql: string): string[] {
  const bodies: string[] = [];
  const hidden = sql.replace(DOLLAR_QUOTED, (body) => `\uE000${bodies.push(body) - 1}\uE000`);
  return hidden
    .split(/;\s*(?:\r?\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0)
    .map((s) => s.replace(HIDDEN, (_, index: string) => bodies[Number(index)]!));
}
