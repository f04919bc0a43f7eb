import { randomBytes } from 'node:crypto';
import { createPgClient } from '@evalmarket/db';
import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createInProcessBus,
  createJetStreamBus,
  batchSubject,
  packEvents,
  unpackEvents,
  type JetStreamBus,
  type JetStreamBusOptions,
} from '../src/index.js';
import { appendThings, dedupingConsumer, pacingScenario, recordingLogger, until } from './helpers.js';

const natsUrl = process.env.NATS_URL;

describe.skipIf(!natsUrl)('JetStream bus (real NATS)', () => {
  // Unique per run, so concurrent or leftover runs never share a stream or subjects.
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const streamName = `T_EVENTS_${runId}`;
  const subjectPrefix = `t_${runId}.events`;
  const streams = new Set<string>();
  const buses: JetStreamBus[] = [];
  let db: TestDatabase;
  let store: EventStore;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  const startBus = async (overrides: Partial<JetStreamBusOptions> = {}) => {
    const bus = await createJetStreamBus({
      natsUrl: natsUrl!,
      store,
      sql: db.client,
      streamName,
      subjectPrefix,
      logger: recordingLogger(),
      consumer: { fetchExpiresMs: 1_000, retryDelayMs: 100, holeWaitMs: 200 },
      closeTimeoutMs: 10_000,
      ...overrides,
    });
    streams.add(bus.streamName);
    buses.push(bus);
    return bus;
  };

  const streamMessages = async (name: string) => (await jsm.streams.info(name)).state.messages;
  /** The positions of every event the stream holds, message by message, in stream order. */
  const streamPositions = async (name: string) => {
    const { state } = await jsm.streams.info(name);
    const positions: number[] = [];
    for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
      const message = await jsm.streams.getMessage(name, { seq });
      positions.push(...unpackEvents(message!.json()).map((e) => e.global_position));
    }
    return positions;
  };

  /** The relay checkpoint saved for a stream (0 when none). */
  const savedRelayCheckpoint = async (name: string) =>
    Number(
      (
        await db.client.query<{ position: number }>(
          'SELECT position FROM subscription_checkpoints WHERE subscription_id = $1',
          [`nats-relay:${name}`],
        )
      ).rows[0]?.position ?? 0,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore(db.client, { pollIntervalMs: 20 });
    nc = await connect({ servers: natsUrl! });
    jsm = await jetstreamManager(nc);
  });

  // A test that fails before its own close() must not leave its relay holding the database's
  // relay lock: the next test's relay would wait on it and fail for that reason instead.
  afterEach(async () => {
    await Promise.allSettled(buses.splice(0).map((bus) => bus.close()));
  });

  afterAll(async () => {
    for (const name of streams) await jsm.streams.delete(name).catch(() => undefined);
    await nc?.drain();
    await db?.drop();
  });

  it('(a) delivers appended events to a durable consumer in order, each once after de-dup, and JetStream drops a republished event', async () => {
    const first = await appendThings(store, 25);
    const bus = await startBus();
    const consumer = dedupingConsumer();
    const handle = await bus.consume({ name: 'orders', batchSize: 7, handler: consumer.handler });
    // The relay reads the log on its own time: on a busy machine its first read could come after
    // the next append had begun, and the first run would hold more than the 25.
    await bus.relay!.waitFor(first.at(-1)!.global_position);

    const second = await appendThings(store, 15);
    const expected = [...first, ...second].map((e) => e.global_position);
    await until(() => consumer.handled.length >= expected.length);
    expect(consumer.handled).toEqual(expected);
    // Nothing was redelivered on the happy path either.
    expect(consumer.received).toEqual(expected);
    await bus.relay!.waitFor(expected.at(-1)!);
    // The stream holds each event once, in order, packed into runs: the 25 appended before the
    // relay started share one message (more than the consumer's batch of 7, so the consumer
    // split it across handler calls), each message on the batch subject.
    expect(await streamPositions(streamName)).toEqual(expected);
    const messages = await streamMessages(streamName);
    expect(messages).toBeLessThan(expected.length);
    const firstMessage = await jsm.streams.getMessage(streamName, { seq: 1 });
    expect(firstMessage?.subject).toBe(batchSubject(subjectPrefix));
    expect(firstMessage?.json()).toEqual(first);

    // A message is identified by its last event's id, so the same run again is a duplicate.
    const [again] = packEvents(first);
    const ack = await jetstream(nc).publish(batchSubject(subjectPrefix), again!.body, {
      msgID: first.at(-1)!.event_id,
    });
    expect(again!.msgID).toBe(first.at(-1)!.event_id);
    expect(ack.duplicate).toBe(true);
    expect(await streamMessages(streamName)).toBe(messages);
    await handle.stop();
    await bus.close();
  });

  it('(a) gives a failing handler the same events again after a pause, in order, skipping nothing', async () => {
    const bus = await startBus();
    const consumer = dedupingConsumer();
    const errors: unknown[] = [];
    let calls = 0;
    const handle = await bus.consume({
      name: 'flaky',
      batchSize: 6,
      onError: (error) => errors.push(error),
      handler: async (events) => {
        calls += 1;
        // Fail every third call, after handling part of the batch (a crash mid-batch).
        if (calls % 3 === 0) {
          await consumer.handler(events.slice(0, 2));
          throw new Error(`flaky handler, call ${calls}`);
        }
        await consumer.handler(events);
      },
    });
    const head = await store.headPosition();
    await until(() => consumer.checkpoint >= head);
    const all = (await store.readAll({ after: 0, limit: 10_000 })).map((e) => e.global_position);
    expect(consumer.handled).toEqual(all);
    expect(errors.length).toBeGreaterThan(0);
    // The retried events came again (received more than once), which de-dup absorbed.
    expect(consumer.received.length).toBeGreaterThan(all.length);
    await handle.stop();
    await bus.close();
  });

  it('(b) a consumer stopped mid-way and restarted with the same durable name continues without losing events', async () => {
    // More than the three batches below, however many events the tests before it wrote.
    await appendThings(store, 30);
    const bus = await startBus();
    const consumer = dedupingConsumer();
    const startHead = await store.headPosition();
    // The handler holds its third call until stop() is called, so stop() lands in the middle of
    // the log however the relay packed it: one message, and one pull, can hold all of it.
    let release!: () => void;
    const stopCalled = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let handle = await bus.consume({
      name: 'restartable',
      batchSize: 5,
      handler: async (events) => {
        await consumer.handler(events);
        calls += 1;
        if (calls === 3) await stopCalled;
      },
    });
    await until(() => calls === 3);
    const handledAtStop = consumer.handled.length;
    expect(handledAtStop).toBeLessThan(startHead - 5);
    const stopped = handle.stop();
    release();
    await stopped;
    // The batch in hand finished; nothing more went to the handler, though its run held more.
    expect(consumer.handled.length).toBe(handledAtStop);

    // Events keep arriving while it is stopped.
    await appendThings(store, 12);
    const head = await store.headPosition();
    handle = await bus.consume({ name: 'restartable', batchSize: 5, handler: consumer.handler });
    await until(() => consumer.checkpoint >= head);
    const all = (await store.readAll({ after: 0, limit: 10_000 })).map((e) => e.global_position);
    expect(consumer.handled).toEqual(all);
    await handle.stop();
    await bus.close();
  });

  it('(b) a consumer that died holding unacked messages loses nothing: its successor waits for the redelivery', async () => {
    const bus = await startBus({ consumer: { fetchExpiresMs: 1_000, ackWaitMs: 2_000, holeWaitMs: 200 } });
    // Create the durable, then let a "process" pull a few messages and die without acking.
    const consumer = dedupingConsumer();
    let handle = await bus.consume({ name: 'survivor', batchSize: 4, handler: consumer.handler });
    await until(async () => consumer.checkpoint >= (await store.headPosition()));
    await handle.stop();
    const floor = (await jsm.consumers.info(streamName, 'survivor')).ack_floor.stream_seq;
    const appended = await appendThings(store, 10);
    await bus.relay!.waitFor(appended.at(-1)!.global_position);
    const dead = await jetstream(nc).consumers.get(streamName, 'survivor');
    const pulled: number[] = [];
    for await (const message of await dead.fetch({ max_messages: 3, expires: 1_000 })) {
      pulled.push(message.info.streamSequence);
    }
    expect(pulled).toEqual([floor + 1, floor + 2, floor + 3]);

    // The successor gets 4.. at once, but must not hand them over before 1..3 come back.
    handle = await bus.consume({ name: 'survivor', batchSize: 4, handler: consumer.handler });
    const head = await store.headPosition();
    await until(() => consumer.checkpoint >= head);
    const all = (await store.readAll({ after: 0, limit: 10_000 })).map((e) => e.global_position);
    expect(consumer.handled).toEqual(all);
    expect(consumer.received).toEqual(all);
    await handle.stop();
    await bus.close();
  });

  it('(c) a relay killed between publish and checkpoint republishes only duplicates that JetStream drops', async () => {
    const crashStream = `${streamName}_C`;
    const checkpointId = `nats-relay:${crashStream}`;
    const head = await store.headPosition();
    const readCheckpoint = () => savedRelayCheckpoint(crashStream);

    // 1. This relay dies every time right after its publishes were acknowledged.
    let crashes = 0;
    const crashPrefix = `${subjectPrefix}_c`;
    const dying = await startBus({
      streamName: crashStream,
      subjectPrefix: crashPrefix,
      relay: {
        batchSize: 1_000,
        beforeCheckpoint: () => {
          crashes += 1;
          throw new Error('simulated crash between publish and checkpoint');
        },
      },
    });
    await until(() => crashes > 0);
    await dying.close();
    const logged = (await store.readAll({ after: 0, limit: 10_000 })).map((e) => e.global_position);
    expect(await streamPositions(crashStream)).toEqual(logged);
    expect(await readCheckpoint()).toBe(0);

    // 2. A new relay that republishes from its checkpoint: every publish is a duplicate.
    const republishing = await startBus({
      streamName: crashStream,
      subjectPrefix: crashPrefix,
      relay: { resumeFromStreamTail: false },
    });
    await republishing.relay!.waitFor(head);
    expect(republishing.relay!.stats()).toMatchObject({ stored: 0, duplicates: head, checkpoint: head });
    expect(await streamPositions(crashStream)).toEqual(logged);
    await republishing.close();

    // 3. By default a restarted relay reads the stream's tail and does not even republish.
    await db.client.query('DELETE FROM subscription_checkpoints WHERE subscription_id = $1', [checkpointId]);
    const resuming = await startBus({ streamName: crashStream, subjectPrefix: crashPrefix });
    await resuming.relay!.waitFor(head);
    expect(resuming.relay!.stats()).toMatchObject({ stored: 0, duplicates: 0, checkpoint: head });

    // The stream holds each event exactly once, so a consumer receives each exactly once.
    const more = await appendThings(store, 3);
    const consumer = dedupingConsumer();
    const handle = await resuming.consume({ name: 'after-crash', handler: consumer.handler });
    await until(() => consumer.checkpoint >= more.at(-1)!.global_position);
    const all = (await store.readAll({ after: 0, limit: 10_000 })).map((e) => e.global_position);
    expect(consumer.received).toEqual(all);
    await handle.stop();
    expect(await streamPositions(crashStream)).toEqual(all);
    await resuming.close();
  });

  it('(e) takes over a stream written one event per message: consumers read both kinds, the relay resumes after its tail', async () => {
    const legacyStream = `${streamName}_E`;
    const legacyPrefix = `${subjectPrefix}_e`;
    await appendThings(store, 4);
    const logged = await store.readAll({ after: 0, limit: 10_000 });
    const bus = await startBus({ streamName: legacyStream, subjectPrefix: legacyPrefix, relay: false });
    // What an older relay left: the first events one per message (subject per type, Nats-Msg-Id
    // = event id), the tail of them being such a single event.
    const js = jetstream(nc);
    const [older, newer] = [logged.slice(0, -3), logged.slice(-3)];
    for (const event of older) {
      await js.publish(`${legacyPrefix}.${event.type}`, new TextEncoder().encode(JSON.stringify(event)), {
        msgID: event.event_id,
      });
    }
    const consumer = dedupingConsumer();
    const handle = await bus.consume({ name: 'legacy', batchSize: 5, handler: consumer.handler });
    await until(() => consumer.checkpoint >= older.at(-1)!.global_position);

    // A relay started on it resumes after the last single-event message: it publishes only the
    // newer events, packed, and the consumer gets each event once.
    const relaying = await startBus({ streamName: legacyStream, subjectPrefix: legacyPrefix });
    await relaying.relay!.waitFor(logged.at(-1)!.global_position);
    expect(relaying.relay!.stats()).toMatchObject({ stored: newer.length, duplicates: 0 });
    await until(() => consumer.checkpoint >= logged.at(-1)!.global_position);
    expect(consumer.received).toEqual(logged.map((e) => e.global_position));
    expect(await streamMessages(legacyStream)).toBe(older.length + 1);
    await handle.stop();
    await relaying.close();
    await bus.close();
  });

  it("(f) a stream that holds another database's log: nothing of it is handed over, and the bus says so", async () => {
    const sharedStream = `${streamName}_F`;
    const sharedPrefix = `${subjectPrefix}_f`;
    // This database's log, relayed into the stream.
    await appendThings(store, 3);
    const head = await store.headPosition();
    const owner = await startBus({ streamName: sharedStream, subjectPrefix: sharedPrefix });
    await owner.relay!.waitFor(head);
    // Another deployment with a log of its own (one event) pointed at the same stream.
    const otherDb = await createTestDatabase();
    try {
      const otherStore = createPostgresEventStore(otherDb.client, { pollIntervalMs: 20 });
      await appendThings(otherStore, 1);
      const other = await createJetStreamBus({
        natsUrl: natsUrl!,
        store: otherStore,
        sql: otherDb.client,
        streamName: sharedStream,
        subjectPrefix: sharedPrefix,
        relay: false,
        logger: recordingLogger(),
        consumer: { fetchExpiresMs: 1_000, retryDelayMs: 100, maxRetryDelayMs: 1_000 },
      });
      buses.push(other);
      const consumer = dedupingConsumer();
      const handle = await other.consume({ name: 'shared-f', batchSize: 10, handler: consumer.handler });
      await until(async () => /holds events of another log/.test((await other.problem()) ?? ''));
      expect(consumer.received).toEqual([]);
      await handle.stop();
      await other.close();
    } finally {
      await otherDb.drop();
    }
    // The owner's own consumer on that stream delivers its log and has no problem.
    const mine = dedupingConsumer();
    const handle = await owner.consume({ name: 'shared-f-owner', batchSize: 10, handler: mine.handler });
    await until(() => mine.checkpoint >= head);
    expect(await owner.problem()).toBeUndefined();
    await handle.stop();
    await owner.close();
  });

  it('(d) the in-process bus delivers the same sequence as JetStream', async () => {
    const bus = await startBus();
    const viaNats = dedupingConsumer();
    const natsHandle = await bus.consume({ name: 'compare', batchSize: 9, handler: viaNats.handler });
    const inProcess = createInProcessBus({ store, startAfter: async () => 0, logger: recordingLogger() });
    const local = dedupingConsumer();
    await inProcess.consume({ name: 'compare', batchSize: 9, handler: local.handler });

    const head = await store.headPosition();
    await until(() => viaNats.checkpoint >= head && local.checkpoint >= head);
    expect(viaNats.handled).toEqual(local.handled);
    expect(viaNats.eventIds).toEqual(local.eventIds);
    expect(local.handled).toEqual(local.received);
    await natsHandle.stop();
    await inProcess.close();
    await bus.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'runs one relay at a time across processes sharing a database (advisory lock)',
    async () => {
      const lockStream = `${streamName}_L`;
      // A second pool plays the second process.
      const otherClient = createPgClient({ connectionString: db.url!, maxConnections: 4 });
      try {
        const relayTuning = { standbyPollMs: 100, lockHeartbeatMs: 200 };
        const lockPrefix = `${subjectPrefix}_l`;
        const one = await startBus({ streamName: lockStream, subjectPrefix: lockPrefix, relay: relayTuning });
        const two = await startBus({
          streamName: lockStream,
          subjectPrefix: lockPrefix,
          sql: otherClient,
          store: createPostgresEventStore(otherClient, { pollIntervalMs: 20 }),
          relay: relayTuning,
        });
        await until(() => one.relay!.stats().leader || two.relay!.stats().leader);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const [leader, standby] = one.relay!.stats().leader ? [one, two] : [two, one];
        expect(standby.relay!.stats().leader).toBe(false);

        await leader.close();
        await until(() => standby.relay!.stats().leader);
        const more = await appendThings(store, 2);
        await standby.relay!.waitFor(more.at(-1)!.global_position);
        const all = await store.readAll({ after: 0, limit: 10_000 });
        expect(await streamPositions(lockStream)).toEqual(all.map((e) => e.global_position));
        await standby.close();
      } finally {
        await otherClient.close();
      }
    },
  );

  it('paces a busy stream into fewer hand-overs, and holds nothing back while a reader waits', async () => {
    const bus = await startBus();
    await pacingScenario(bus, store, 'paced');
    await bus.close();
  });

  it('a paced relay publishes the rounds of a busy log together, at once for a waiting reader, and saves its checkpoint sparingly', async () => {
    const pacedStream = `${streamName}_P`;
    const pacedPrefix = `${subjectPrefix}_p`;
    const savedCheckpoint = () => savedRelayCheckpoint(pacedStream);
    const pacingMs = 1_000;
    const bus = await startBus({
      streamName: pacedStream,
      subjectPrefix: pacedPrefix,
      relay: { pacingMs, checkpointIntervalMs: 60_000 },
    });
    let readerWaits = false;
    const consumer = dedupingConsumer(await store.headPosition());
    const arrivedAt = new Map<number, number>();
    const handle = await bus.consume({
      name: 'paced-relay',
      pacing: { intervalMs: 0, urgent: () => readerWaits },
      handler: async (events) => {
        for (const event of events) arrivedAt.set(event.global_position, Date.now());
        await consumer.handler(events);
      },
    });
    // A round that a waitFor waits on goes at once, then the relay waits out the interval, and
    // what is appended meanwhile goes out together when it ends: a quiet event waits, and it
    // shares one message with the events appended after it.
    // That is proven only if the appends end inside the wait. The round that publishes `seed`
    // read it, so it started after `seedAppending`, and the next round starts at least
    // `pacingMs` later (less a timer's early millisecond or so). A machine that stalls past that
    // leaves the scenario unproven, not failed, and it runs again.
    const appendDuringWait = async () => {
      const seedAppending = Date.now();
      const [seed] = await appendThings(store, 1);
      await bus.relay!.waitFor(seed!.global_position);
      const messagesBefore = await streamMessages(pacedStream);
      const [quiet, ...busy] = await appendThings(store, 6);
      const appendedAt = Date.now();
      const inTime = appendedAt - seedAppending < pacingMs - 400;
      await until(() => arrivedAt.has(busy.at(-1)!.global_position));
      return { quiet: quiet!, appendedAt, messagesBefore, inTime };
    };
    let round = await appendDuringWait();
    for (let attempt = 2; !round.inTime && attempt <= 3; attempt += 1) round = await appendDuringWait();
    expect(round.inTime, 'three relay waits in a row were stalled past their end').toBe(true);
    expect(arrivedAt.get(round.quiet.global_position)! - round.appendedAt).toBeGreaterThanOrEqual(300);
    expect(await streamMessages(pacedStream)).toBe(round.messagesBefore + 1);

    // A reader waiting on a consumer of this process cuts the relay's wait short.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [urgent] = await appendThings(store, 1);
    const urgentAppendedAt = Date.now();
    readerWaits = true;
    handle.hurry();
    await until(() => arrivedAt.has(urgent!.global_position));
    expect(arrivedAt.get(urgent!.global_position)! - urgentAppendedAt).toBeLessThan(pacingMs - 300);
    readerWaits = false;

    // The checkpoint was last saved for the seed, which a waitFor waited on (the interval is a
    // minute) ...
    const published = urgent!.global_position;
    expect(await savedCheckpoint()).toBeLessThan(published);
    // ... until someone waits for it, and on stop.
    await bus.relay!.waitFor(published);
    expect(await savedCheckpoint()).toBe(published);
    const [last] = await appendThings(store, 1);
    await until(() => arrivedAt.has(last!.global_position));
    expect(await savedCheckpoint()).toBe(published);
    await handle.stop();
    await bus.close();
    expect(await savedCheckpoint()).toBe(last!.global_position);
    expect(consumer.handled).toEqual(
      (await store.readAll({ after: consumer.handled[0]! - 1, limit: 10_000 })).map((e) => e.global_position),
    );
  });

  it('close() drains and leaves nothing running', async () => {
    const bus = await startBus();
    const consumer = dedupingConsumer();
    await bus.consume({ name: 'closing', handler: consumer.handler });
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(bus.consume({ name: 'closing', handler: consumer.handler })).rejects.toThrow(/closed/);
    await bus.close();
  });
});
