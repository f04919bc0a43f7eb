import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgClient } from '../src/index.js';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('a PostgreSQL connection the server ends inside a transaction', () => {
  const sql = databaseUrl
    ? createPgClient({ connectionString: databaseUrl, idleInTransactionTimeoutMs: 200 })
    : undefined;
  afterAll(async () => {
    await sql?.close();
  });

  it('fails that transaction, does not crash the process, and the client keeps working', async () => {
    const marker = `ended-${randomBytes(4).toString('hex')}`;
    const transaction = sql!.transaction(async (tx) => {
      await tx.query('SELECT $1::text AS marker', [marker]);
      // Idle in the transaction past the server's timeout (a starved event loop does this).
      await new Promise((resolve) => setTimeout(resolve, 800));
      await tx.query('SELECT 1');
    });
    await expect(transaction).rejects.toThrow();
    // An unhandled 'error' event would have ended the test process before this line.
    expect((await sql!.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
