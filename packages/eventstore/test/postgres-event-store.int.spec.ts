import { createPgClient, sqlLiteral } from '@evalmarket/db';
import type { TStoredEvent } from '@evalmarket/contracts';
import { createTestDatabase, databaseKinds } from '@evalmarket/testkit';
import { describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../src/index.js';
import { runEventStoreContract } from './event-store-contract.js';

const RESET = 'TRUNCATE events, event_batches, event_batch_names, idempotency_keys, subscription_checkpoints';

for (const kind of databaseKinds()) {
  runEventStoreContract(`postgres adapter on ${kind}`, async () => {
    const db = await createTestDatabase({ kind });
    // On a server, a second pool plays a second process appending to the same log.
    const secondClient = db.url ? createPgClient({ connectionString: db.url, maxConnections: 8 }) : undefined;
    // New stores after each reset: a store keeps its own latest commits in memory, and the log it
    // wrote them to is gone (a process never outlives its log).
    const stores = () => ({
      store: createPostgresEventStore(db.client, { pollIntervalMs: 20 }),
      secondStore: secondClient ? createPostgresEventStore(secondClient, { pollIntervalMs: 20 }) : undefined,
    });
    let current = stores();
    return {
      get store() {
        return current.store;
      },
      get secondStore() {
        return current.secondStore;
      },
      sql: db.client,
      reset: async () => {
        await db.client.exec(RESET);
        current = stores();
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

// Projections lock their checkpoint with BEGIN and write it with COMMIT, one round trip each
// (SqlClient.transaction's `begin` and `beforeCommit`).
for (const kind of databaseKinds()) {
  describe(`SqlClient.transaction with begin and beforeCommit on ${kind}`, () => {
    it('hands over what begin read, runs beforeCommit statements in order, and rolls back when one fails', async () => {
      const db = await createTestDatabase({ kind, migrate: false });
      try {
        await db.client.exec('CREATE TABLE tx_probe (n int PRIMARY KEY, label text)');
        await db.client.query("INSERT INTO tx_probe VALUES (1, 'one')");
        const seen = await db.client.transaction(
          async (tx, begun) => {
            await tx.query('INSERT INTO tx_probe VALUES ($1, $2)', [2, 'two']);
            tx.beforeCommit("INSERT INTO tx_probe VALUES (3, 'three')");
            tx.beforeCommit("UPDATE tx_probe SET label = label || '!' WHERE n = 3");
            return begun.map((result) => result.rows);
          },
          { begin: 'SELECT n FROM tx_probe WHERE n = 1 FOR UPDATE; SELECT count(*)::int AS c FROM tx_probe' },
        );
        expect(seen).toEqual([[{ n: 1 }], [{ c: 1 }]]);
        const rows = async () =>
          (await db.client.query<{ n: number; label: string }>('SELECT n, label FROM tx_probe ORDER BY n'))
            .rows;
        expect(await rows()).toEqual([
          { n: 1, label: 'one' },
          { n: 2, label: 'two' },
          { n: 3, label: 'three!' },
        ]);

        // A statement queued for COMMIT fails (duplicate key): nothing of the transaction stays.
        await expect(
          db.client.transaction(async (tx) => {
            await tx.query("INSERT INTO tx_probe VALUES (4, 'four')");
            tx.beforeCommit("INSERT INTO tx_probe VALUES (1, 'again')");
          }),
        ).rejects.toThrow();
        // A failing begin statement: nothing runs, the function is not called.
        let called = false;
        await expect(
          db.client.transaction(
            async () => {
              called = true;
            },
            { begin: 'SELECT * FROM no_such_table' },
          ),
        ).rejects.toThrow();
        expect(called).toBe(false);
        // Every pooled connection is usable and out of any transaction.
        for (let i = 0; i < 4; i += 1) expect((await rows()).map((row) => row.n)).toEqual([1, 2, 3]);
      } finally {
        await db.drop();
      }
    });

    it('quotes literals so that any text comes back as it went in', async () => {
      const db = await createTestDatabase({ kind, migrate: false });
      try {
        const text = `it's a \\ back'slash; DROP TABLE x; --`;
        const [result] = await db.client.script(`SELECT ${sqlLiteral(text)} AS v`);
        expect(result!.rows).toEqual([{ v: text }]);
        expect(() => sqlLiteral('nul\0')).toThrow();
      } finally {
        await db.drop();
      }
    });
  });
}

// On PostgreSQL, statements with parameters run prepared (SqlClient's pg adapter). A schema change
// that alters a prepared statement's result columns must not leave it failing.
describe.runIf(databaseKinds().includes('postgres'))('prepared statements on postgres', () => {
  it('runs a statement again after a schema change altered its result columns', async () => {
    const db = await createTestDatabase({ kind: 'postgres', migrate: false });
    // One connection, so the statement is certainly prepared where it runs next.
    const client = createPgClient({ connectionString: db.url!, maxConnections: 1 });
    try {
      await client.exec('CREATE TABLE prep_probe (a int)');
      await client.query('INSERT INTO prep_probe VALUES ($1)', [1]);
      const read = (executor: { query: typeof client.query } = client) =>
        executor.query('SELECT * FROM prep_probe WHERE a = $1', [1]);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      expect((await read()).rows).toEqual([{ a: 1 }]);

      // Outside a transaction the statement is prepared again at once.
      await client.exec('ALTER TABLE prep_probe ADD COLUMN b text');
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);

      // Inside one, the failure aborts the transaction; the next attempt works.
      await client.exec('ALTER TABLE prep_probe ADD COLUMN c text');
      await expect(client.transaction((tx) => read(tx))).rejects.toThrow(
        'cached plan must not change result type',
      );
      expect((await client.transaction((tx) => read(tx))).rows).toEqual([{ a: 1, b: null, c: null }]);
    } finally {
      await client.close();
      await db.drop();
    }
  });
});

// An append while a subscription's round is under way must not wait for the next poll.
for (const kind of databaseKinds()) {
  describe(`subscription wake-ups on ${kind}`, () => {
    it('reads events appended during a round at once, not at the next poll', async () => {
      const db = await createTestDatabase({ kind });
      const store = createPostgresEventStore(db.client, { pollIntervalMs: 30_000 });
      const seen: number[] = [];
      let releaseFirstRound: () => void = () => undefined;
      const firstRoundBusy = new Promise<void>((resolve) => {
        releaseFirstRound = resolve;
      });
      const subscription = store.subscribe({
        after: 0,
        handler: async (events) => {
          if (seen.length === 0) await firstRoundBusy;
          seen.push(...events.map((event) => event.global_position));
        },
      });
      try {
        await store.append('wake-1', [{ type: 'Noted', data: { n: 1 } }], 'no_stream');
        // While the subscription handles the first event, another one is appended (and signalled).
        await new Promise((resolve) => setTimeout(resolve, 100));
        await store.append('wake-1', [{ type: 'Noted', data: { n: 2 } }], 1);
        releaseFirstRound();
        // (Not waitFor: it wakes the subscription itself.)
        const started = Date.now();
        while (seen.length < 2 && Date.now() - started < 5_000)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toEqual([1, 2]);
      } finally {
        releaseFirstRound();
        await subscription.stop();
        await db.drop();
      }
    });
  });
}

// The relay's subscription takes this process's own commits from memory instead of reading them
// back; whatever it did not commit itself, or no longer keeps, still comes from the log.
for (const kind of databaseKinds()) {
  describe(`own commits from memory on ${kind}`, () => {
    it('hands over own commits without reading them back, and reads the log for the rest, in order', async () => {
      const db = await createTestDatabase({ kind });
      // Events read from the log (rows or packed batches), not counting head lookups.
      let eventsReadBack = 0;
      const counting = {
        ...db.client,
        query: (async (sql: string, params?: readonly unknown[]) => {
          const result = await db.client.query(sql, params);
          if (/FROM (events|event_batches)\s+WHERE/.test(sql)) eventsReadBack += result.rows.length;
          return result;
        }) as typeof db.client.query,
      };
      const store = createPostgresEventStore(counting, { pollIntervalMs: 30_000, ownCommitsKept: 5 });
      // Another process appending to the same log.
      const other = createPostgresEventStore(db.client);
      const seen: TStoredEvent[] = [];
      let gate: Promise<void> = Promise.resolve();
      const subscription = store.subscribe({
        after: 0,
        ownCommitsFromMemory: true,
        handler: async (events) => {
          await gate;
          seen.push(...events);
        },
      });
      const positions = () => seen.map((event) => event.global_position);
      try {
        await other.append('other-1', [{ type: 'Noted', data: { n: 1 } }], 'no_stream');
        await subscription.waitFor(1);
        // Own commits: handed over from memory.
        eventsReadBack = 0;
        await store.append(
          'own-1',
          [
            { type: 'Noted', data: { n: 2 } },
            { type: 'Noted', data: { n: 3 } },
          ],
          'no_stream',
        );
        await store
          .prepare([
            {
              packed: true,
              appends: [
                {
                  stream_id: 'packed-1',
                  expected_version: 'no_stream',
                  events: [{ type: 'Noted', data: { n: 4 } }],
                },
              ],
            },
          ])
          .run();
        await subscription.waitFor(4);
        expect(positions()).toEqual([1, 2, 3, 4]);
        expect(eventsReadBack).toBe(0);

        // Another process's event, then an own one: the gap is read from the log.
        await other.append('other-1', [{ type: 'Noted', data: { n: 5 } }], 1);
        await store.append('own-1', [{ type: 'Noted', data: { n: 6 } }], 2);
        await subscription.waitFor(6);
        expect(positions()).toEqual([1, 2, 3, 4, 5, 6]);
        expect(eventsReadBack).toBeGreaterThan(0);

        // More own commits than are kept: the oldest come from the log.
        let open: () => void = () => undefined;
        gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        for (let n = 7; n <= 14; n += 1) await store.append('own-2', [{ type: 'Noted', data: { n } }], 'any');
        open();
        await subscription.waitFor(14);
        expect(positions()).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
        expect(JSON.parse(JSON.stringify(seen))).toEqual(
          JSON.parse(JSON.stringify(await store.readAll({ after: 0, limit: 100 }))),
        );
      } finally {
        await subscription.stop();
        await db.drop();
      }
    });
  });
}
