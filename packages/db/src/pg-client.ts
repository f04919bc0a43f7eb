import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyChunks, copyStatement } from './copy-text.js';
import { withArrayLiterals } from './array-literal.js';
import type { Lease, QueryResult, Row, SqlClient } from './sql-client.js';

type ScriptResults = pg.QueryResult | pg.QueryResult[];

/** Each statement's result of a multi-statement (simple protocol) query, in order. */
function scriptResults(results: ScriptResults): QueryResult[] {
  return (Array.isArray(results) ? results : [results]).map((result) => ({
    rows: result.rows as Row[],
    rowCount: result.rowCount ?? result.rows.length,
  }));
}

// int8 and numeric arrive as strings from pg; our int8 columns hold positions and credits, which
// stay below 2^53, so they are read as numbers, the way PGlite returns them.
const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === INT8_ARRAY_OID) {
      const parseArray = pg.types.getTypeParser(oid as never, 'text') as (v: string) => (string | null)[];
      // A NULL element stays null (Number(null) would make it 0), as PGlite returns it.
      return (value: string) => parseArray(value).map((item) => (item === null ? null : Number(item)));
    }
    return pg.types.getTypeParser(oid as never, format ?? 'text');
  },
};

/** Prepared statements per pool; statement texts beyond this many run unnamed (parsed each time). */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Names for prepared statements, one per distinct statement text of a pool: a name never stands
 * for two texts, so any of the pool's connections can prepare it. Texts built per call (a column
 * list, a table name) are distinct statements too; past the cap, new texts are not named.
 * `renew` starts a new generation of names, which every connection prepares afresh.
 */
function statementNamer() {
  const names = new Map<string, string>();
  let generation = 1;
  return {
    nameFor(sql: string): string | undefined {
      let name = names.get(sql);
      if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
        name = `evalmarket_${generation}_${names.size + 1}`;
        names.set(sql, name);
      }
      return name;
    },
    renew(): void {
      generation += 1;
      names.clear();
    },
  };
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns a schema change has altered
 * (a column added to a table it reads with `*`), on every call, until the statement is prepared
 * again: as after a migration applied by a newer version of the service while this one runs.
 */
function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

export interface PgClientOptions {
  connectionString: string;
  maxConnections?: number;
  /** Ends a session that sits idle inside a transaction, so it cannot stall event readers. */
  idleInTransactionTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/**
 * Sessions of `customPlans`: the statements planned per call are the staff event log's filtered
 * pages, a staff screen's, each a few milliseconds of the server's time.
 */
const CUSTOM_PLAN_CONNECTIONS = 4;

/** Idle time before TCP keepalive probes on a lease's session. */
const LEASE_KEEPALIVE_MS = 2_000;
const LEASE_SERVER_KEEPALIVES =
  'SET tcp_keepalives_idle = 2; SET tcp_keepalives_interval = 1; SET tcp_keepalives_count = 3';

/** A lease held by a session of its own: released by ending it, lost when it ends otherwise. */
function sessionLease(session: pg.Client): Lease {
  let released = false;
  let lost = false;
  const listeners: Array<() => void> = [];
  session.on('end', () => {
    if (released || lost) return;
    lost = true;
    for (const listener of listeners.splice(0)) listener();
  });
  return {
    release: async () => {
      released = true;
      await session.end();
    },
    onLost(listener) {
      if (lost) listener();
      else listeners.push(listener);
    },
  };
}

/**
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the pool and its error handling).
 */
export function createPgClient(options: PgClientOptions): SqlClient {
  const max = options.maxConnections ?? 10;
  const newPool = (size: number, startup?: string) => {
    const created = new pg.Pool({
      connectionString: options.connectionString,
      max: size,
      types: typeParsers as pg.CustomTypesConfig,
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      application_name: 'evalmarket',
      options: startup,
    });
    // An idle client that loses its server (restart, network) must not crash the process.
    created.on('error', () => undefined);
    return created;
  };
  const pool = newPool(max);
  // Opened on first use: most processes never plan per call (the staff event log's pages do).
  let customPlanPool: pg.Pool | undefined;
  let closed: Promise<void> | undefined;
  const customPlans = () => {
    // As the main pool refuses once ended: a pool opened after close would never be ended.
    if (closed && !customPlanPool) throw new Error('Cannot use a pool after calling end on the pool');
    return (customPlanPool ??= newPool(
      Math.min(max, CUSTOM_PLAN_CONNECTIONS),
      '-c plan_cache_mode=force_custom_plan',
    ));
  };

  const statements = statementNamer();
  /** Runs one statement; on the pool (outside a transaction) a stale prepared one is retried. */
  const run = async <R extends Row>(
    runner: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    retried = false,
  ): Promise<QueryResult<R>> => {
    // Statements with parameters go by the extended protocol anyway; named, each connection
    // parses and plans one once instead of on every call.
    const name = params === undefined ? undefined : statements.nameFor(sql);
    try {
      const values = params === undefined ? undefined : withArrayLiterals(params);
      const result = await runner.query<R>({ text: sql, values, name });
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    } catch (error) {
      if (name === undefined || !isStalePreparedStatement(error)) throw error;
      // New names for every statement: each connection prepares them again against the schema
      // as it is now (the old ones stay allocated until their connection closes). Inside a
      // transaction the failure has aborted it, so only the caller can try again.
      statements.renew();
      if (!(runner instanceof pg.Pool) || retried) throw error;
      return run(runner, sql, params, true);
    }
  };

  /**
   * Runs `work` on a connection of its own. If it throws, a transaction it left open (its own,
   * or a script's whose statement failed after BEGIN) is rolled back before the connection goes
   * back to the pool; a connection that cannot even roll back is discarded.
   */
  const onOneConnection = async <T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> => {
    const connection = await pool.connect();
    let broken = false;
    // The server may end a connection in use (idle_in_transaction_session_timeout when the event
    // loop was starved, a restart): the work's next statement fails, and the 'error' event the
    // client also emits must not crash the process. Such a connection is not reused.
    const ended = () => {
      broken = true;
    };
    connection.on('error', ended);
    try {
      return await work(connection);
    } catch (error) {
      try {
        await connection.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      connection.off('error', ended);
      connection.release(broken);
    }
  };

  return {
    dialect: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction(fn, options) {
      return onOneConnection(async (connection) => {
        // BEGIN's own result first, then those of `begin`'s statements.
        const opening = options?.begin ? `BEGIN; ${options.begin}` : 'BEGIN';
        const begun = scriptResults((await connection.query(opening)) as unknown as ScriptResults).slice(1);
        const closing: string[] = [];
        const result = await fn(
          {
            query: (sql, params) => run(connection, sql, params),
            beforeCommit: (sql) => void closing.push(sql),
            copyColumns: (table, columns, values) =>
              pipeline(
                Readable.from(copyChunks(values)),
                connection.query(copyFrom(copyStatement(table, columns))),
              ),
          },
          begun,
        );
        // A failing statement stops the script before COMMIT; onOneConnection rolls back.
        await connection.query(closing.length > 0 ? `${closing.join('; ')}; COMMIT` : 'COMMIT');
        return result;
      });
    },
    async exec(sql) {
      await pool.query(sql);
    },
    script(sql) {
      return onOneConnection(async (connection) => {
        return scriptResults((await connection.query(sql)) as unknown as ScriptResults);
      });
    },
    async tryLease(key) {
      // A dedicated client outside the pool: the lock lives as long as this session does, and
      // dies with it if the process does.
      const session = new pg.Client({
        connectionString: options.connectionString,
        application_name: 'evalmarket-lease',
        // A holder whose machine vanished is noticed by the server within seconds, which frees
        // the lock for a standby (the fencing token guards against the holder coming back).
        keepAlive: true,
        keepAliveInitialDelayMillis: LEASE_KEEPALIVE_MS,
      });
      session.on('error', () => undefined);
      await session.connect();
      // The server's side of the same: it frees the lock once it finds the holder gone.
      await session.query(LEASE_SERVER_KEEPALIVES);
      const result = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        key,
      ]);
      if (!result.rows[0]?.locked) {
        await session.end();
        return null;
      }
      return sessionLease(session);
    },
    customPlans: { query: async (sql, params) => run(customPlans(), sql, params) },
    // Closing twice is harmless: a test's database closes every client it gave out.
    close: () => (closed ??= Promise.all([pool.end(), customPlanPool?.end()]).then(() => undefined)),
  };
}
