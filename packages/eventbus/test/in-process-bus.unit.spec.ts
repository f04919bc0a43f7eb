import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type StoredEvent } from '../src/index.js';
import { appendThings, dedupingConsumer, pacingScenario, recordingLogger, until } from './helpers.js';

describe('in-process bus (PGlite)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ kind: 'pglite' });
    store = createPostgresEventStore(db.client, { pollIntervalMs: 20 });
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('delivers every event in position order, in batches, from the consumer checkpoint', async () => {
    const appended = await appendThings(store, 12);
    const positions = appended.map((e) => e.global_position);
    const bus = createInProcessBus({ store, startAfter: async () => positions[3]! });
    const consumer = dedupingConsumer();
    const batches: number[] = [];
    const handle = await bus.consume({
      name: 'in-process-order',
      batchSize: 4,
      handler: async (events) => {
        batches.push(events.length);
        await consumer.handler(events);
      },
    });
    await until(() => consumer.handled.length === 8);
    expect(consumer.handled).toEqual(positions.slice(4));
    expect(Math.max(...batches)).toBeLessThanOrEqual(4);

    const more = await appendThings(store, 3);
    await until(() => consumer.handled.length === 11);
    expect(consumer.handled.slice(8)).toEqual(more.map((e) => e.global_position));
    await handle.stop();
    await bus.close();
  });

  it('gives a failing handler the same events again and skips nothing', async () => {
    const head = await store.headPosition();
    const appended = await appendThings(store, 5);
    const bus = createInProcessBus({ store, startAfter: async () => head, logger: recordingLogger() });
    const consumer = dedupingConsumer();
    const attempts: number[][] = [];
    const errors: unknown[] = [];
    await bus.consume({
      name: 'in-process-retry',
      onError: (error) => errors.push(error),
      handler: async (events: StoredEvent[]) => {
        attempts.push(events.map((e) => e.global_position));
        if (attempts.length <= 2) throw new Error('not yet');
        await consumer.handler(events);
      },
    });
    await until(() => consumer.handled.length === 5);
    expect(consumer.handled).toEqual(appended.map((e) => e.global_position));
    expect(attempts[0]).toEqual(attempts[1]);
    expect(attempts[1]).toEqual(attempts[2]);
    expect(errors).toHaveLength(2);
    await bus.close();
  });

  it('paces a busy stream into fewer hand-overs, and holds nothing back while a reader waits', async () => {
    const bus = createInProcessBus({ store, startAfter: async () => store.headPosition() });
    await pacingScenario(bus, store, 'in-process-paced');
    await bus.close();
  });

  it('does not pace a backlog: after a full batch the next goes at once', async () => {
    const intervalMs = 1_000;
    const head = await store.headPosition();
    await appendThings(store, 40);
    const bus = createInProcessBus({ store, startAfter: async () => head });
    const consumer = dedupingConsumer(head);
    const handOvers: Array<{ at: number; size: number }> = [];
    await bus.consume({
      name: 'in-process-backlog',
      batchSize: 10,
      pacing: { intervalMs, urgent: () => false },
      handler: async (events) => {
        handOvers.push({ at: Date.now(), size: events.length });
        await consumer.handler(events);
      },
    });
    await until(() => consumer.handled.length === 40);
    expect(handOvers.map((handOver) => handOver.size)).toEqual([10, 10, 10, 10]);
    // Paced, the four would take at least three intervals; a busy machine adds read time only.
    expect(handOvers[3]!.at - handOvers[0]!.at).toBeLessThan(intervalMs);
    await bus.close();
  });

  it('refuses bad consumer names and batch sizes, and consumers after close', async () => {
    const bus = createInProcessBus({ store, startAfter: async () => 0 });
    const handler = async () => undefined;
    await expect(bus.consume({ name: 'has.dot', handler })).rejects.toThrow(/consumer name/);
    await expect(bus.consume({ name: 'ok', handler, batchSize: 0 })).rejects.toThrow(/batchSize/);
    for (const intervalMs of [-1, 1_001, Number.NaN]) {
      await expect(
        bus.consume({ name: 'ok', handler, pacing: { intervalMs, urgent: () => false } }),
      ).rejects.toThrow(/pacing.intervalMs/);
    }
    await bus.close();
    await expect(bus.consume({ name: 'ok', handler })).rejects.toThrow(/closed/);
  });
});
