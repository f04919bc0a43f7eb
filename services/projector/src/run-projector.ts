import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { EventBus } from '@evalmarket/eventbus';
import type { EventStore } from '@evalmarket/eventstore';
import { readCheckpoint } from './checkpoint.js';
import { projectBatch, type ApplyProjection, type ProjectBatchResult } from './project-batch.js';
import { WALLET_PROJECTION } from './read-model-tables.js';

/** A read model did not catch up in time: the service is behind, not the request at fault. */
export class ProjectionLagError extends Error {
  override name = 'ProjectionLagError';
}

/** What the projector needs from an event bus: JetStream or in-process. */
export type EventBusLike = Pick<EventBus, 'consume'>;

export type ProjectorSource =
  /** In-process: a subscription on the store, starting after the stored checkpoint. */
  | { kind: 'store'; store: EventStore; batchSize?: number }
  /** A durable bus consumer; whatever it redelivers below the checkpoint is skipped. */
  | { kind: 'bus'; bus: EventBusLike; consumerName?: string; batchSize?: number };

export interface RunProjectorOptions {
  sql: SqlClient;
  source: ProjectorSource;
  /** Checkpoint name; the wallet projection's by default. */
  projection?: string;
  /** The projection's writer; the wallet read models by default. */
  apply?: ApplyProjection;
  /** A failed batch is rolled back whole and delivered again by the source. */
  onError?: (error: unknown) => void;
  onBatch?: (result: ProjectBatchResult) => void;
  /**
   * On a bus source: while events keep coming, take a batch at most once per this many ms, so a
   * busy log is projected in fewer, larger transactions (a batch's transaction, checkpoint and
   * round trips cost the same for one event as for hundreds). Never while someone waits for the
   * read models (`waitFor`). Default 0: each batch as soon as it arrives.
   */
  pacingMs?: number;
}

export interface Projector {
  readonly projection: string;
  /** The checkpoint this process last committed or read. */
  readonly position: number;
  /** Resolves once the read models include every event up to `position` (read-your-writes). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export const DEFAULT_PROJECTOR_BATCH_SIZE = 2000;
const DEFAULT_WAIT_TIMEOUT_MS = 10_000;

/** Runs one projection (the wallet's by default) until stopped: every delivered batch goes through projectBatch. */
export async function runProjector(options: RunProjectorOptions): Promise<Projector> {
  const { sql, source } = options;
  const projection = options.projection ?? WALLET_PROJECTION;
  const onError =
    options.onError ??
    ((error: unknown) => console.error(`[projector ${projection}] batch failed, retrying`, error));
  let position = await readCheckpoint(sql, projection);
  let stopped = false;
  const waiters = new Set<Waiter>();

  const settle = () => {
    for (const waiter of waiters) {
      if (waiter.position <= position) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const handler = async (events: TStoredEvent[]) => {
    if (events.length === 0) return;
    const result = await projectBatch({ sql, events, projection, apply: options.apply });
    if (result.position > position) position = result.position;
    settle();
    options.onBatch?.(result);
  };

  let stopSource: () => Promise<void>;
  let hurry = () => {};
  if (source.kind === 'store') {
    const subscription = source.store.subscribe({
      after: position,
      batchSize: source.batchSize ?? DEFAULT_PROJECTOR_BATCH_SIZE,
      handler,
      onError,
    });
    stopSource = () => subscription.stop();
  } else {
    const consumer = await source.bus.consume({
      name: source.consumerName ?? `projector-${projection}`,
      batchSize: source.batchSize ?? DEFAULT_PROJECTOR_BATCH_SIZE,
      handler,
      onError,
      ...(options.pacingMs
        ? { pacing: { intervalMs: options.pacingMs, urgent: () => waiters.size > 0 } }
        : {}),
    });
    hurry = () => consumer.hurry();
    stopSource = () => consumer.stop();
  }

  return {
    projection,
    get position() {
      return position;
    },
    waitFor(target, timeoutMs = DEFAULT_WAIT_TIMEOUT_MS) {
      if (target <= position) return Promise.resolve();
      if (stopped)
        return Promise.reject(new ProjectionLagError(`Projector ${projection} is stopped at ${position}`));
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          position: target,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(
              new ProjectionLagError(
                `Projector ${projection} did not reach position ${target} within ${timeoutMs} ms`,
              ),
            );
          }, timeoutMs),
        };
        waiters.add(waiter);
        hurry();
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopSource();
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`Projector ${projection} stopped at ${position}`));
      }
      waiters.clear();
    },
  };
}
