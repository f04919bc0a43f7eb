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

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
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
  close(): Promise<void>;
}

export interface Lease {
  release(): Promise<void>;
}
