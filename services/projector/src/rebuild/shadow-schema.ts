import { randomBytes } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import type { ProjectionDefinition } from '../projection-definition.js';
import { ident } from './table-shape.js';

/**
 * One projection's shadow: a schema of its own holding an empty copy of each of its tables
 * (`LIKE ... INCLUDING ALL`: same columns, defaults, constraints and indexes; the secondary
 * indexes are built after the bulk replay). The copies are UNLOGGED: they never become live
 * tables (the swap copies the differing rows into the live ones, which stay logged) and are
 * dropped after the comparison, and a crash that empties them only costs the rebuild it
 * interrupted, so writing them to the WAL (about as much again as the rows themselves, plus
 * their index pages) buys nothing. A schema per
 * projection, so that a handler reading another projection's table still reads the live one,
 * as it does when it runs live.
 */
export interface Shadow {
  projection: ProjectionDefinition;
  schema: string;
  liveSchema: string;
  /**
   * The shadow's secondary indexes (`CREATE INDEX` statements), dropped: the replay fills the
   * tables without an index update per written row, and the comparison does not need them. They
   * are built (buildDeferredIndexes, one sort per index) only before a catch-up in small pages.
   * The primary keys, unique indexes and constraints stay, as the projections' upserts (`ON
   * CONFLICT`) and the comparison need them.
   */
  deferredIndexes: string[];
  /**
   * For a projection with a bulk path only: the primary keys, unique constraints and unique
   * indexes (the statements that add them), dropped too, so that the bulk write fills tables
   * without any index. buildKeys adds them (one sort each) before anything else writes or
   * compares: the projection's upserts and the swap need them.
   */
  deferredKeys: string[];
}

/** Creates a fresh shadow schema for each projection, named for this run. */
export async function createShadows(
  sql: SqlClient,
  projections: readonly ProjectionDefinition[],
): Promise<Shadow[]> {
  const { rows } = await sql.query<{ schema: string }>('SELECT current_schema() AS schema');
  const liveSchema = rows[0]!.schema;
  const run = randomBytes(5).toString('hex');
  const shadows: Shadow[] = projections.map((projection, index) => ({
    projection,
    schema: `read_model_shadow_${run}_${index}`,
    liveSchema,
    deferredIndexes: [],
    deferredKeys: [],
  }));
  await sql.transaction(async (tx) => {
    for (const shadow of shadows) {
      await tx.query(`CREATE SCHEMA ${ident(shadow.schema)}`);
      for (const table of shadow.projection.tables) {
        await tx.query(
          `CREATE UNLOGGED TABLE ${ident(shadow.schema)}.${ident(table)} (LIKE ${ident(liveSchema)}.${ident(table)} INCLUDING ALL)`,
        );
      }
      shadow.deferredIndexes = await dropSecondaryIndexes(tx, shadow.schema);
      const bulk = shadow.projection.bulk;
      if (bulk) shadow.deferredKeys = await dropKeys(tx, shadow.schema, bulk.tables);
    }
  });
  return shadows;
}

/**
 * Drops the schema's indexes that back no constraint and are not unique, returning the
 * statements that build them again (`pg_get_indexdef`, naming the shadow schema).
 */
async function dropSecondaryIndexes(tx: SqlExecutor, schema: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND NOT i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY c.relname`,
    [schema],
  );
  for (const row of rows) await tx.query(`DROP INDEX ${ident(schema)}.${ident(row.name)}`);
  return rows.map((row) => row.definition);
}

/**
 * Drops the primary keys and unique and exclusion constraints of the schema's `tables`, then
 * their other indexes (the unique ones: dropSecondaryIndexes took the rest), returning the
 * statements that add them again in that order.
 */
async function dropKeys(tx: SqlExecutor, schema: string, tables: readonly string[]): Promise<string[]> {
  const { rows: constraints } = await tx.query<{ tab: string; name: string; definition: string }>(
    `SELECT t.relname AS tab, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 AND t.relname = ANY($2::text[]) AND k.contype IN ('p', 'u', 'x')
     ORDER BY t.relname, k.conname`,
    [schema, tables],
  );
  const statements: string[] = [];
  for (const row of constraints) {
    const table = `${ident(schema)}.${ident(row.tab)}`;
    await tx.query(`ALTER TABLE ${table} DROP CONSTRAINT ${ident(row.name)}`);
    statements.push(`ALTER TABLE ${table} ADD CONSTRAINT ${ident(row.name)} ${row.definition}`);
  }
  const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class t ON t.oid = i.indrelid
     WHERE n.nspname = $1 AND t.relname = ANY($2::text[]) ORDER BY c.relname`,
    [schema, tables],
  );
  for (const row of indexes) {
    await tx.query(`DROP INDEX ${ident(schema)}.${ident(row.name)}`);
    statements.push(row.definition);
  }
  return statements;
}

/**
 * Adds the keys a bulk-written shadow was filled without (once; later calls do nothing). A
 * duplicate key fails here, loudly: the bulk fold wrote a row twice.
 */
export async function buildKeys(sql: SqlClient, shadow: Shadow): Promise<void> {
  const statements = shadow.deferredKeys;
  shadow.deferredKeys = [];
  if (statements.length === 0) return;
  await sql.transaction(
    async (tx) => {
      for (const statement of statements) await tx.query(statement);
    },
    { begin: KEY_BUILD_MEMORY },
  );
}

/** A sort of a million keys fits in memory instead of spilling to disk (default 64 MB). */
const KEY_BUILD_MEMORY = `SET LOCAL maintenance_work_mem = '256MB'`;

/** Builds the secondary indexes the shadow was filled without (once; later calls do nothing). */
export async function buildDeferredIndexes(sql: SqlClient, shadow: Shadow): Promise<void> {
  const statements = shadow.deferredIndexes;
  shadow.deferredIndexes = [];
  for (const statement of statements) await sql.query(statement);
}

export async function dropShadows(sql: SqlClient, shadows: readonly Shadow[]): Promise<void> {
  for (const shadow of shadows) await sql.query(`DROP SCHEMA IF EXISTS ${ident(shadow.schema)} CASCADE`);
}

/**
 * Applies events with the projection's own code (`apply`, or the given writer: its bulk path's
 * rest) into its shadow, inside `tx` (see inShadow).
 */
export async function applyInShadow(
  tx: SqlExecutor,
  shadow: Shadow,
  events: Parameters<ProjectionDefinition['apply']>[1],
  apply: ProjectionDefinition['apply'] = shadow.projection.apply,
): Promise<void> {
  await inShadow(tx, shadow, () => apply(tx, events));
}

/**
 * Runs a projection's writes into its shadow, inside `tx`: the search path puts the shadow schema
 * first for this transaction only. A write that still lands in a live table (a table the
 * projection writes but did not register) fails the transaction, so a rebuild can never change a
 * live read model behind the comparison's back.
 */
export async function inShadow(
  tx: SqlExecutor,
  shadow: Shadow,
  write: () => Promise<unknown>,
): Promise<void> {
  const before = await liveWrites(tx, shadow.liveSchema);
  const { rows } = await tx.query<{ saved: string }>(`SELECT current_setting('search_path') AS saved`);
  const saved = rows[0]!.saved;
  await tx.query(`SELECT set_config('search_path', $1, true)`, [`${ident(shadow.schema)}, ${saved}`]);
  try {
    await write();
  } finally {
    await tx.query(`SELECT set_config('search_path', $1, true)`, [saved]);
  }
  const after = await liveWrites(tx, shadow.liveSchema);
  const leaked = [...after].filter(([table, count]) => count !== (before.get(table) ?? 0)).map(([t]) => t);
  if (leaked.length > 0) {
    throw new Error(
      `projection ${shadow.projection.name} wrote the live table(s) ${leaked.join(', ')} during a rebuild; ` +
        `register them in its tables`,
    );
  }
}

/** Rows inserted, updated or deleted so far in this transaction, per table of the live schema. */
async function liveWrites(tx: SqlExecutor, schema: string): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ relname: string; writes: number }>(
    `SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS writes FROM pg_stat_xact_user_tables
     WHERE schemaname = $1 AND n_tup_ins + n_tup_upd + n_tup_del > 0`,
    [schema],
  );
  return new Map(rows.map((row) => [row.relname, Number(row.writes)]));
}
