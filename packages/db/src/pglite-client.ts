import { PGlite } from '@electric-sql/pglite';
import type { QueryResult, Row, SqlClient, SqlExecutor } from './sql-client.js';

export interface PgliteClientOptions {
  /** A directory for a durable database; omit for an in-memory one (tests). */
  dataDir?: string;
}

function normalise<R extends Row>(result: { rows: R[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
}

/**
 * PGlite is one connection in this process. Its own `transaction` already makes other queries
 * wait, which is exactly the serialisation a single connection needs. Never open one data
 * directory from two processes: nothing locks it.
 */
export async function createPgliteClient(options: PgliteClientOptions = {}): Promise<SqlClient> {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  return {
    dialect: 'pglite',
    async query<R extends Row>(sql: string, params?: readonly unknown[]) {
      return normalise(await db.query<R>(sql, params as unknown[] | undefined));
    },
    async transaction(fn) {
      return db.transaction(async (inner) => {
        const tx: SqlExecutor = {
          query: async <R extends Row>(sql: string, params?: readonly unknown[]) =>
            normalise(await inner.query<R>(sql, params as unknown[] | undefined)),
        };
        return fn(tx);
      });
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async script(sql) {
      try {
        // PGlite counts affected rows cumulatively over the statements of one exec.
        let before = 0;
        return (await db.exec(sql)).map((result) => {
          const total = result.affectedRows ?? before;
          const affected = total - before;
          before = total;
          return normalise({ rows: result.rows as Row[], affectedRows: affected });
        });
      } catch (error) {
        // A statement failed after the script's BEGIN: leave no transaction open.
        await db.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    // One process owns a PGlite directory, so holding it is holding every lease.
    async tryLease() {
      return { release: async () => undefined };
    },
    close: () => db.close(),
  };
}
