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

describe.each(clients)('planningPerCall on %s', (_name, open) => {
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
});
