import type { SqlClient } from '@evalmarket/db';
import { GENESIS_HASH, type EventStore } from '@evalmarket/eventstore';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { checkConsumerName } from './consumer-name.js';
import {
  checkBatchSize,
  checkPacing,
  type ConsumerHandle,
  type EventBus,
  type EventBusLogger,
} from './event-bus.js';
import { JetStreamConsumer, type ConsumerTuning } from './jetstream-consumer.js';
import type { HashAt } from './log-chain.js';
import { consoleLogger } from './logger.js';
import { backoffMs } from './pause.js';
import { Relay, type RelayHandle, type RelayTuning } from './relay.js';
import { checkStreamName, checkSubjectPrefix, ensureStream } from './stream-setup.js';

export interface JetStreamBusOptions {
  /** One URL or several (a cluster), e.g. `nats://127.0.0.1:4222`. */
  natsUrl: string | string[];
  store: EventStore;
  /** Where the relay keeps its checkpoint (`subscription_checkpoints`) and takes its lock. */
  sql: SqlClient;
  streamName?: string;
  subjectPrefix?: string;
  /** JetStream drops a message whose Nats-Msg-Id it has seen within this window. */
  duplicateWindowMs?: number;
  logger?: EventBusLogger;
  /** Relay settings, or `false` for a process that only consumes (default: relay on). */
  relay?: RelayTuning | false;
  consumer?: ConsumerTuning;
  /** How long start-up keeps trying to reach NATS before it fails (default 30 s). */
  connectTimeoutMs?: number;
  /** How long close() waits for consumers, relay and the connection drain (default 15 s). */
  closeTimeoutMs?: number;
  /** Shown by the NATS server's monitoring (default `evalmarket-eventbus`). */
  connectionName?: string;
}

export interface JetStreamBus extends EventBus {
  readonly streamName: string;
  readonly subjectPrefix: string;
  /** This process's relay, when it runs one. */
  readonly relay: RelayHandle | undefined;
  /**
   * Why the bus cannot deliver events right now (for readiness), or undefined: the connection
   * is closed or does not answer a round trip, or the relay keeps failing to start or publish
   * (a stream that holds another log, NATS refusing publishes).
   */
  problem(): Promise<string | undefined>;
  /** For each durable consumer of this process: stream messages not handed to it yet, and handed but not acked. */
  consumerLag(): Promise<ConsumerLag[]>;
}

export interface ConsumerLag {
  consumer: string;
  pending: number;
  ackPending: number;
}

/**
 * The services-mode bus. Start-up connects (retrying until `connectTimeoutMs`), makes sure the
 * stream exists and starts the relay; consumers are durable JetStream pull consumers.
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the connection, the relay and the consumers).
 */
export async function createJetStreamBus(options: JetStreamBusOptions): Promise<JetStreamBus> {
  const streamName = checkStreamName(options.streamName ?? 'EVENTS');
  const subjectPrefix = checkSubjectPrefix(options.subjectPrefix ?? 'events');
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
  if (!Number.isInteger(duplicateWindowMs) || duplicateWindowMs < 1_000) {
    throw new RangeError(`duplicateWindowMs must be a whole number of ms >= 1000, got ${duplicateWindowMs}`);
  }
  const logger = options.logger ?? consoleLogger;
  const closeTimeoutMs = options.closeTimeoutMs ?? 15_000;

  const nc = await connectWithRetry({
    servers: options.natsUrl,
    name: options.connectionName ?? 'evalmarket-eventbus',
    timeoutMs: options.connectTimeoutMs ?? 30_000,
    logger,
  });
  const statusReport = reportStatus(nc, logger);

  let relay: Relay | undefined;
  const consumers = new Set<JetStreamConsumer>();
  const jsm = await jetstreamManager(nc).catch(async (error: unknown) => {
    await nc.close();
    throw new Error(`JetStream is not available at ${String(options.natsUrl)} (start nats-server with -js)`, {
      cause: error,
    });
  });
  const js = jetstream(nc);
  try {
    await ensureStream({ jsm, streamName, subjectPrefix, duplicateWindowMs, logger });
  } catch (error) {
    await nc.close();
    throw error;
  }
  if (options.relay !== false) {
    relay = new Relay({
      store: options.store,
      sql: options.sql,
      js,
      jsm,
      streamName,
      subjectPrefix,
      logger,
      tuning: options.relay,
      readersWaiting: () => {
        for (const consumer of consumers) if (consumer.readersWaiting()) return true;
        return false;
      },
    });
    relay.start();
  }

  let closing: Promise<void> | undefined;

  const withDeadline = async (what: string, work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), closeTimeoutMs);
    });
    try {
      const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
      if (outcome === 'late') logger.error({ timeoutMs: closeTimeoutMs }, `${what} did not finish in time`);
    } catch (error) {
      logger.warn({ err: error }, `${what} failed`);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    streamName,
    subjectPrefix,
    relay,
    async problem() {
      if (nc.isClosed()) return 'the NATS connection is closed';
      const relayProblem = relay?.stats().problem;
      if (relayProblem) return relayProblem;
      for (const consumer of consumers) {
        const consumerProblem = consumer.problem();
        if (consumerProblem) return consumerProblem;
      }
      try {
        await nc.flush();
        return undefined;
      } catch (error) {
        return `NATS does not answer: ${(error as Error).message}`;
      }
    },
    async consumerLag() {
      return Promise.all(
        [...consumers].map(async (consumer) => {
          const info = await jsm.consumers.info(streamName, consumer.name);
          return { consumer: consumer.name, pending: info.num_pending, ackPending: info.num_ack_pending };
        }),
      );
    },
    async consume(consumeOptions) {
      checkConsumerName(consumeOptions.name);
      const batchSize = checkBatchSize(consumeOptions.batchSize);
      checkPacing(consumeOptions.pacing);
      if (closing) throw new Error('The event bus is closed');
      const consumer = new JetStreamConsumer(
        { js, jsm, streamName, logger, tuning: options.consumer ?? {}, hashAt: hashInLog(options.store) },
        { ...consumeOptions, batchSize },
      );
      await consumer.start();
      consumers.add(consumer);
      if (closing) {
        await consumer.stop();
        throw new Error('The event bus is closed');
      }
      let stopping: Promise<void> | undefined;
      const handle: ConsumerHandle = {
        stop() {
          stopping ??= consumer.stop().finally(() => consumers.delete(consumer));
          return stopping;
        },
        hurry: () => {
          consumer.hurry();
          // The events a reader waits for may not be in the stream yet.
          relay?.hurry();
        },
      };
      return handle;
    },
    close() {
      closing ??= (async () => {
        await withDeadline('stopping consumers', Promise.all([...consumers].map((c) => c.stop())));
        if (relay) await withDeadline('stopping the relay', relay.stop());
        // drain() flushes what is still on its way out (acks, naks) and then closes; close()
        // is the fallback so a dead server cannot keep the process alive.
        await withDeadline('draining the NATS connection', nc.drain());
        if (!nc.isClosed()) await nc.close();
        await statusReport;
      })();
      return closing;
    },
  };
}

export async function connectWithRetry(args: {
  servers: string | string[];
  name: string;
  timeoutMs: number;
  logger: EventBusLogger;
}): Promise<NatsConnection> {
  const deadline = Date.now() + args.timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await connect({
        servers: args.servers,
        name: args.name,
        // Once connected, never give up: outages are reported and ridden out.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
        // Every publish and confirmed ack is a request; capturing a stack trace for each one
        // cost about 8% of the evaluation loop's CPU.
        noAsyncTraces: true,
        timeout: Math.min(5_000, Math.max(500, deadline - Date.now())),
      });
    } catch (error) {
      const waitMs = backoffMs(attempt, 250, 5_000);
      if (Date.now() + waitMs > deadline) {
        throw new Error(`Cannot reach NATS at ${String(args.servers)} after ${attempt} attempts`, {
          cause: error,
        });
      }
      args.logger.warn({ err: error, servers: args.servers, attempt }, 'cannot reach NATS yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Logs connection trouble; ends when the connection closes. */
async function reportStatus(nc: NatsConnection, logger: EventBusLogger): Promise<void> {
  try {
    for await (const status of nc.status()) {
      switch (status.type) {
        case 'disconnect':
          logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
          break;
        case 'reconnect':
          logger.info({ server: status.server }, 'NATS connection restored');
          break;
        case 'error':
          logger.error({ err: status.error }, 'NATS connection error');
          break;
        case 'staleConnection':
          logger.warn({}, 'NATS connection is stale; reconnecting');
          break;
        case 'slowConsumer':
          logger.warn({ pending: status.pending }, 'NATS subscription is falling behind');
          break;
        default:
          break;
      }
    }
  } catch (error) {
    logger.debug?.({ err: error }, 'NATS status reporting ended');
  }
}

/** The hash of the store's event at a position (the genesis hash at 0), for log-chain.ts. */
function hashInLog(store: JetStreamBusOptions['store']): HashAt {
  return async (position) => {
    if (position === 0) return GENESIS_HASH;
    const [event] = await store.readAll({ after: position - 1, limit: 1 });
    return event?.global_position === position ? event.hash : undefined;
  };
}
