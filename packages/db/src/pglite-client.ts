import { PGlite } from '@electric-sql/pglite';
import { copyChunks, copyStatement } from './copy-text.js';
import type { QueryResult, Row, SqlClient, TransactionExecutor } from './sql-client.js';

export interface PgliteClientOptions {
  /** A directory for a durable database; omit for an in-memory one (tests). */
  dataDir?: string;
}

function normalise<R extends Row>(result: { rows: R[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
}

/** Each statement's result of one `exec`; PGlite counts affected rows cumulatively over them. */
function execResults(results: { rows: unknown[]; affectedRows?: number }[]): QueryResult[] {
  let before = 0;
  return results.map((result) => {
    const total = result.affectedRows ?? before;
    const affected = total - before;
    before = total;
    return normalise({ rows: result.rows as Row[], affectedRows: affected });
  });
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
    async transaction(fn, options) {
      return db.transaction(async (inner) => {
        const closing: string[] = [];
        const tx: TransactionExecutor = {
          query: async <R extends Row>(sql: string, params?: readonly unknown[]) =>
            normalise(await inner.query<R>(sql, params as unknown[] | undefined)),
          beforeCommit: (sql) => void closing.push(sql),
          // PGlite reads COPY's input from a blob it names /dev/blob, one statement per piece.
          async copyColumns(table, columns, values) {
            const statement = copyStatement(table, columns, "'/dev/blob'");
            for (const text of copyChunks(values))
              await inner.query(statement, [], { blob: new Blob([text]) });
          },
        };
        const begun = options?.begin ? execResults(await inner.exec(options.begin)) : [];
        const result = await fn(tx, begun);
        // A failure here throws out of PGlite's transaction, which rolls it back.
        if (closing.length > 0) await inner.exec(closing.join('; '));
        return result;
      });
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async script(sql) {
      try {
        return execResults(await db.exec(sql));
      } catch (error) {
        // A statement failed after the script's BEGIN: leave no transaction open.
        await db.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    // One process owns a PGlite directory, so holding it is holding every lease.
    async tryLease() {
      return { release: async () => undefined, onLost: () => undefined };
    },
    close: () => db.close(),
  };
}
