import { createPgClient } from '@evalmarket/db';
import { createTestDatabase, databaseKinds } from '@evalmarket/testkit';
import { describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../src/index.js';
import { runEventStoreContract } from './event-store-contract.js';

const RESET = 'TRUNCATE events, event_batches, idempotency_keys, subscription_checkpoints';

for (const kind of databaseKinds()) {
  runEventStoreContract(`postgres adapter on ${kind}`, async () => {
    const db = await createTestDatabase({ kind });
    // On a server, a second pool plays a second process appending to the same log.
    const secondClient = db.url ? createPgClient({ connectionString: db.url, maxConnections: 8 }) : undefined;
    return {
      store: createPostgresEventStore(db.client, { pollIntervalMs: 20 }),
      sql: db.client,
      secondStore: secondClient ? createPostgresEventStore(secondClient, { pollIntervalMs: 20 }) : undefined,
      reset: async () => {
        await db.client.exec(RESET);
      },
      close: async () => {
        await secondClient?.close();
        await db.drop();
      },
    };
  });
}

// The store sends planned commits with SqlClient.script: a failed script must leave nothing
// written and no transaction open on the connection it used.
for (const kind of databaseKinds()) {
  describe(`SqlClient.script on ${kind}`, () => {
    it('returns each statement result, and rolls back a script whose statement fails', async () => {
      const db = await createTestDatabase({ kind });
      try {
        await db.client.exec('CREATE TABLE script_probe (n int PRIMARY KEY)');
        const results = await db.client.script(
          'BEGIN; INSERT INTO script_probe VALUES (1), (2); SELECT count(*)::int AS n FROM script_probe; COMMIT;',
        );
        expect(results.map((result) => result.rowCount)).toEqual([0, 2, 1, 0]);
        expect(results[2]!.rows).toEqual([{ n: 2 }]);
        await expect(
          db.client.script(
            'BEGIN; INSERT INTO script_probe VALUES (3); INSERT INTO script_probe VALUES (1); COMMIT;',
          ),
        ).rejects.toThrow();
        // Nothing of the failed script stayed, and every pooled connection is usable.
        for (let i = 0; i < 4; i += 1) {
          const { rows } = await db.client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM script_probe',
          );
          expect(rows[0]!.n).toBe(2);
        }
      } finally {
        await db.drop();
      }
    });
  });
}
