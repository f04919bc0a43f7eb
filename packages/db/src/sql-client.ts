/** The one thin adapter in front of `pg` and PGlite, so every query reads the same on both. */
export type Row = Record<string, unknown>;

export interface QueryResult<R extends Row = Row> {
  rows: R[];
  /** Rows returned or affected (pg says rowCount, PGlite says affectedRows). */
  rowCount: number;
}

export interface SqlExecutor {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A transaction's executor. */
export interface TransactionExecutor extends SqlExecutor {
  /**
   * Queues statements (no parameters) that run, in the order queued, right before COMMIT and go
   * to the server with it in one round trip. If one fails, the transaction is rolled back and
   * `transaction` throws.
   */
  beforeCommit(sql: string): void;
  /**
   * Writes rows into `table`'s `columns` with COPY: `values` holds one array per column, all of
   * one length. For bulk writes into tables nothing else reads yet; a row that breaks a
   * constraint fails the whole COPY, and with it the transaction.
   */
  copyColumns(
    table: string,
    columns: readonly string[],
    values: readonly (readonly unknown[])[],
  ): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Statements (no parameters) sent with BEGIN in one round trip; their results, in order, are
   * `fn`'s second argument. Saves a round trip for a transaction that starts with a fixed read,
   * such as taking a row lock.
   */
  begin?: string;
}

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(
    fn: (tx: TransactionExecutor, begun: QueryResult[]) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** Runs several statements separated by `;` (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /**
   * Sends several statements (no parameters) to one connection in one round trip and returns
   * each one's result, in order. If one fails, the rest are skipped and a transaction the script
   * opened is rolled back before the error is thrown.
   */
  script(sql: string): Promise<QueryResult[]>;
  /**
   * Takes a session-level advisory lock on a connection kept for the holder alone, or returns
   * null when another session holds it. A lease for one-of-a-kind roles (the ledger writer).
   */
  tryLease(key: number): Promise<Lease | null>;
  /**
   * Runs each statement on sessions of its own that plan every statement for its values
   * (`plan_cache_mode = force_custom_plan` from their start), so none pays a transaction for the
   * setting; absent on a client with one session (PGlite). See planningPerCall.
   */
  readonly customPlans?: SqlExecutor;
  close(): Promise<void>;
}

/**
 * A text value as an SQL string literal, for the parameterless statements of `script`,
 * `beforeCommit` and `begin`. Assumes standard_conforming_strings (on since PostgreSQL 9.1 and in
 * PGlite), so a backslash is an ordinary character and doubling quotes is the whole escape.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('an SQL literal cannot hold a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

export interface Lease {
  release(): Promise<void>;
  /**
   * Calls `listener` once if the lease ends without `release` (its session was cut: the server
   * restarted, the network dropped, an operator ended the backend). Whoever held it must stop
   * acting as the holder: someone else may hold it now.
   */
  onLost(listener: () => void): void;
}

/**
 * `sql` planning each statement for its values. A statement with parameters is prepared once per
 * connection, and after five runs PostgreSQL may keep one generic plan for every value; for a
 * filter whose best plan depends on the value (`stream_id LIKE $1` can use its pattern index only
 * once it sees the pattern), that generic plan walks the whole table. On PostgreSQL each statement
 * goes to the client's sessions that plan every statement so (`customPlans`): one round trip.
 * Where there are none (PGlite's one session), each runs in a transaction of its own with
 * `plan_cache_mode` set for it alone: three.
 */
export function planningPerCall(sql: SqlClient): SqlExecutor {
  if (sql.customPlans) return sql.customPlans;
  return {
    query: (text, params) =>
      sql.transaction((tx) => tx.query(text, params), {
        begin: 'SET LOCAL plan_cache_mode = force_custom_plan',
      }),
  };
}
