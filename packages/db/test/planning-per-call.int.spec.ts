import { afterAll, describe, expect, it } from 'vitest';
import { createPgClient, createPgliteClient, planningPerCall, type SqlClient } from '../src/index.js';

const databaseUrl = process.env.DATABASE_URL;

const clients: Array<[string, () => Promise<SqlClient>]> = [
  ['PGlite', () => createPgliteClient({})],
  ...(databaseUrl
    ? [
        ['PostgreSQL', async () => createPgClient({ connectionString: databaseUrl, maxConnections: 1 })] as [
          string,
          () => Promise<SqlClient>,
        ],
      ]
    : []),
];

describe.each(clients)('planningPerCall on %s', (name, open) => {
  let sql: SqlClient | undefined;
  afterAll(async () => {
    await sql?.close();
  });

  const mode = async (executor: Pick<SqlClient, 'query'>) =>
    (
      await executor.query<{ mode: string }>(
        `SELECT current_setting('plan_cache_mode') AS mode, $1::int AS n`,
        [1],
      )
    ).rows[0]!.mode;

  it('plans its statements for their values, and leaves the connection as it was', async () => {
    sql = await open();
    expect(await mode(sql)).toBe('auto');
    expect(await mode(planningPerCall(sql))).toBe('force_custom_plan');
    // One connection: the setting was the transaction's alone.
    expect(await mode(sql)).toBe('auto');
  });

  it.runIf(name === 'PostgreSQL')(
    'plans a prepared statement for its values on every call, on sessions set so from their start',
    async () => {
      sql ??= await open();
      const executor = planningPerCall(sql);
      // Past the five custom plans after which PostgreSQL may settle on a generic one.
      const statement = 'SELECT $1::int AS n';
      for (let n = 0; n < 8; n += 1) expect((await executor.query(statement, [n])).rows).toEqual([{ n }]);
      // maxConnections 1: the executor has one session, which prepared the statement.
      const { rows } = await executor.query<{ generic_plans: number; custom_plans: number }>(
        'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
        [statement],
      );
      expect(rows).toEqual([{ generic_plans: 0, custom_plans: 8 }]);
      // From the session's startup options, not a SET LOCAL: no transaction wraps a statement.
      const setting = await executor.query('SELECT setting, source FROM pg_settings WHERE name = $1', [
        'plan_cache_mode',
      ]);
      expect(setting.rows).toEqual([{ setting: 'force_custom_plan', source: 'client' }]);
    },
  );

  it.runIf(name === 'PostgreSQL')('refuses a first statement after the client is closed', async () => {
    // A client of its own, never planned per call before it closes: no pool is left open.
    const closing = await open();
    await closing.close();
    await expect(planningPerCall(closing).query('SELECT $1::int AS n', [1])).rejects.toThrow(
      'Cannot use a pool after calling end on the pool',
    );
  });
});
