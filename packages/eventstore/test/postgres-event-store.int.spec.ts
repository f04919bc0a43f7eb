import { createPgClient } from '@evalmarket/db';
import { createTestDatabase, databaseKinds } from '@evalmarket/testkit';
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
