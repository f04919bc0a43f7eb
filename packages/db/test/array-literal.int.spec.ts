import { afterAll, describe, expect, it } from 'vitest';
import { createPgClient, type SqlClient } from '../src/index.js';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('array parameters on PostgreSQL', () => {
  let sql: SqlClient | undefined;
  afterAll(async () => {
    await sql?.close();
  });

  it('arrive as the values sent, whatever their texts hold', async () => {
    sql = createPgClient({ connectionString: databaseUrl!, maxConnections: 1 });
    const texts = ['', 'NULL', 'with "quotes"', 'back\\slash', '\\"', 'a,b {c}', ' padded ', 'é ✓ 𝄞', null];
    const numbers = [0, -5, 9_007_199_254_740_991, null];
    const { rows } = await sql.query<{
      texts: (string | null)[];
      numbers: (number | null)[];
      real: number[];
    }>('SELECT $1::text[] AS texts, $2::bigint[] AS numbers, $3::float8[] AS real', [
      texts,
      numbers,
      [0.1, -2.5e-7, 1e21],
    ]);
    expect(rows[0]).toEqual({ texts, numbers, real: [0.1, -2.5e-7, 1e21] });
  });
});
