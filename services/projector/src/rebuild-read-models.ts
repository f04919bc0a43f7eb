import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import type { EventStore } from '@evalmarket/eventstore';
import { applyEvents } from './apply-events.js';
import { lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import { readEventPages } from './read-event-pages.js';
import {
  ACCOUNT_BALANCE_COLUMNS,
  LIVE_TABLES,
  REBUILD_TABLES,
  WALLET_PROJECTION,
  WALLET_TRANSACTION_COLUMNS,
} from './read-model-tables.js';

export interface RebuildReadModelsOptions {
  sql: SqlClient;
  store: EventStore;
  /** Replace the live tables' contents with the rebuilt ones (in one transaction). */
  swap?: boolean;
  projection?: string;
  batchSize?: number;
  /** How many differing rows each table reports in detail. */
  maxSamples?: number;
  /** Leave the `_rebuild` tables in place afterwards, for inspection. */
  keepShadowTables?: boolean;
  /** How many times to catch up with a projector that keeps moving before giving up. */
  maxRounds?: number;
}

export interface ColumnDifference {
  column: string;
  live: unknown;
  rebuilt: unknown;
}

export interface RowDifference {
  key: string;
  /** `live` when the row exists only in the rebuild, `rebuilt` when only in the live table. */
  missing_in?: 'live' | 'rebuilt';
  columns: ColumnDifference[];
}

export interface TableComparison {
  table: string;
  live_rows: number;
  rebuilt_rows: number;
  differences: number;
  samples: RowDifference[];
  /** Rows inserted, updated or deleted in the live table by the swap. */
  rows_changed?: number;
}

export interface RebuildReport {
  /** The position both sides were compared (and swapped) at: the live checkpoint. */
  position: number;
  events_replayed: number;
  identical: boolean;
  swapped: boolean;
  tables: TableComparison[];
}

interface TableSpec {
  live: string;
  shadow: string;
  key: string;
  columns: readonly string[];
}

const TABLES: TableSpec[] = [
  {
    live: LIVE_TABLES.accountBalances,
    shadow: REBUILD_TABLES.accountBalances,
    key: 'account_id',
    columns: ACCOUNT_BALANCE_COLUMNS,
  },
  {
    live: LIVE_TABLES.walletTransactions,
    shadow: REBUILD_TABLES.walletTransactions,
    key: 'id',
    columns: WALLET_TRANSACTION_COLUMNS,
  },
];

/**
 * Builds the read models again from position 0 into `_rebuild` tables, then compares them with
 * the live tables at the live checkpoint and, with `swap`, makes the live tables equal to the
 * rebuild (blue/green: readers keep reading the old rows until that one transaction commits).
 *
 * The bulk of the replay runs beside a live projector. The last step locks the checkpoint row, so
 * the projector pauses for the comparison; if it moved on meanwhile, the rebuild catches up and
 * tries again.
 */
export async function rebuildReadModels(options: RebuildReadModelsOptions): Promise<RebuildReport> {
  const { sql, store } = options;
  const projection = options.projection ?? WALLET_PROJECTION;
  const maxSamples = options.maxSamples ?? 20;
  const maxRounds = options.maxRounds ?? 50;
  await prepareShadowTables(sql);
  try {
    let built = 0;
    let replayed = 0;
    for (let round = 1; ; round += 1) {
      const target = await readCheckpoint(sql, projection);
      if (target < built)
        throw new Error(`Checkpoint of ${projection} moved back from ${built} to ${target}`);
      for await (const page of readEventPages(store, {
        after: built,
        upTo: target,
        batchSize: options.batchSize,
      })) {
        await sql.transaction((tx) => applyEvents(tx, page, REBUILD_TABLES));
        built = page[page.length - 1]!.global_position;
        replayed += page.length;
      }
      built = target;

      const report = await sql.transaction(async (tx): Promise<RebuildReport | undefined> => {
        const live = await lockCheckpoint(tx, projection);
        if (live !== built) return undefined;
        const tables: TableComparison[] = [];
        for (const spec of TABLES) tables.push(await compareTable(tx, spec, maxSamples));
        const identical = tables.every((table) => table.differences === 0);
        if (options.swap) {
          for (const [index, spec] of TABLES.entries())
            tables[index]!.rows_changed = await swapTable(tx, spec);
          await writeCheckpoint(tx, projection, built);
        }
        return {
          position: built,
          events_replayed: replayed,
          identical,
          swapped: options.swap === true,
          tables,
        };
      });
      if (report) return report;
      if (round >= maxRounds) {
        throw new Error(`Rebuild could not catch up with projection ${projection} in ${maxRounds} rounds`);
      }
    }
  } finally {
    if (!options.keepShadowTables) await dropShadowTables(sql);
  }
}

async function prepareShadowTables(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const spec of TABLES) {
      await tx.query(`CREATE TABLE IF NOT EXISTS ${spec.shadow} (LIKE ${spec.live} INCLUDING ALL)`);
      await tx.query(`TRUNCATE ${spec.shadow}`);
    }
  });
}

async function dropShadowTables(sql: SqlClient): Promise<void> {
  for (const spec of TABLES) await sql.query(`DROP TABLE IF EXISTS ${spec.shadow}`);
}

async function compareTable(tx: SqlExecutor, spec: TableSpec, maxSamples: number): Promise<TableComparison> {
  const differs = spec.columns.map((column) => `l.${column} IS DISTINCT FROM r.${column}`).join(' OR ');
  const { rows } = await tx.query<{
    key: string;
    live: Record<string, unknown> | null;
    rebuilt: Record<string, unknown> | null;
    total: number;
  }>(
    `SELECT coalesce(l.${spec.key}, r.${spec.key}) AS key,
            CASE WHEN l.${spec.key} IS NULL THEN NULL ELSE to_jsonb(l) END AS live,
            CASE WHEN r.${spec.key} IS NULL THEN NULL ELSE to_jsonb(r) END AS rebuilt,
            count(*) OVER () AS total
     FROM ${spec.live} l FULL OUTER JOIN ${spec.shadow} r ON r.${spec.key} = l.${spec.key}
     WHERE ${differs}
     ORDER BY 1 LIMIT $1`,
    [maxSamples],
  );
  const counts = await tx.query<{ live_rows: number; rebuilt_rows: number }>(
    `SELECT (SELECT count(*) FROM ${spec.live}) AS live_rows, (SELECT count(*) FROM ${spec.shadow}) AS rebuilt_rows`,
  );
  const samples = rows.map((row): RowDifference => {
    if (!row.live) return { key: row.key, missing_in: 'live', columns: [] };
    if (!row.rebuilt) return { key: row.key, missing_in: 'rebuilt', columns: [] };
    const columns = spec.columns
      .filter((column) => JSON.stringify(row.live![column]) !== JSON.stringify(row.rebuilt![column]))
      .map((column) => ({ column, live: row.live![column], rebuilt: row.rebuilt![column] }));
    return { key: row.key, columns };
  });
  return {
    table: spec.live,
    live_rows: Number(counts.rows[0]?.live_rows ?? 0),
    rebuilt_rows: Number(counts.rows[0]?.rebuilt_rows ?? 0),
    differences: Number(rows[0]?.total ?? 0),
    samples,
  };
}

/** Makes the live table equal to the shadow, touching only the rows that differ. */
async function swapTable(tx: SqlExecutor, spec: TableSpec): Promise<number> {
  const columns = spec.columns.join(', ');
  const deleted = await tx.query(
    `DELETE FROM ${spec.live} l WHERE NOT EXISTS (SELECT 1 FROM ${spec.shadow} r WHERE r.${spec.key} = l.${spec.key})`,
  );
  const others = spec.columns.filter((column) => column !== spec.key);
  const upserted = await tx.query(
    `INSERT INTO ${spec.live} AS l (${columns}) SELECT ${columns} FROM ${spec.shadow}
     ON CONFLICT (${spec.key}) DO UPDATE SET ${others.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
     WHERE (${others.map((c) => `l.${c}`).join(', ')}) IS DISTINCT FROM (${others.map((c) => `EXCLUDED.${c}`).join(', ')})`,
  );
  return deleted.rowCount + upserted.rowCount;
}
