import type { TStoredEvent } from '@evalmarket/contracts';
import { runWhileLeased, type RunWhileLeasedOptions, type SqlClient } from '@evalmarket/db';
import type { EventBus } from '@evalmarket/eventbus';
import { backoffMs, Pause } from '@evalmarket/eventbus';
import type { EventStore } from '@evalmarket/eventstore';
import { readCheckpoint } from './checkpoint.js';
import {
  describeError,
  EventApplyError,
  ProjectionLagError,
  ProjectionStuckError,
  type ProjectionStuck,
} from './projection-errors.js';
import {
  checkRetryPolicy,
  DEFAULT_RETRY_POLICY,
  projectIsolating,
  type ProjectionRetryPolicy,
} from './projection-retries.js';
import { recordStuck } from './projection-status.js';
import { PositionWaiters } from './position-waiters.js';
import { projectBatch, type ApplyProjection, type ProjectBatchResult } from './project-batch.js';
import { WALLET_PROJECTION } from './read-model-tables.js';

/** What the projector needs from an event bus: JetStream or in-process. */
export type EventBusLike = Pick<EventBus, 'consume'>;

export type ProjectorSource =
  /** In-process: a subscription on the store, starting after the stored checkpoint. */
  | { kind: 'store'; store: EventStore; batchSize?: number }
  /** A durable bus consumer; whatever it redelivers below the checkpoint is skipped. */
  | {
      kind: 'bus';
      bus: EventBusLike;
      consumerName?: string;
      batchSize?: number;
      /**
       * Consume only while this process holds the lease, so that of the processes sharing the
       * durable consumer one at a time pulls from it (the others stand by and take over when its
       * session ends). Without it every process pulls and each message goes to one of them: the
       * in-order hand-over then waits, for every message another process got, until the ack
       * floor shows it handled.
       */
      lease?: Omit<RunWhileLeasedOptions, 'sql' | 'start' | 'name'>;
    };

export interface RunProjectorOptions {
  sql: SqlClient;
  source: ProjectorSource;
  /** Checkpoint name; the wallet projection's by default. */
  projection?: string;
  /** The projection's writer; the wallet read models by default. */
  apply?: ApplyProjection;
  /** Told about every failed try of a batch (it is rolled back whole and tried again). */
  onError?: (error: unknown) => void;
  /** Bounded retries, then stuck (see ProjectionRetryPolicy); defaults in DEFAULT_RETRY_POLICY. */
  retry?: Partial<ProjectionRetryPolicy>;
  /** Told once when the projection stops at an event (after its retries), and on every failed probe. */
  onStuck?: (stuck: ProjectionStuck) => void;
  /** Told when a stuck projection moves again. */
  onRecovered?: (projection: string, position: number) => void;
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
  /** Set while this projection is stopped at an event it cannot apply. */
  readonly stuck: ProjectionStuck | undefined;
  /** Resolves once the read models include every event up to `position` (read-your-writes). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_PROJECTOR_BATCH_SIZE = 2000;
const DEFAULT_WAIT_TIMEOUT_MS = 10_000;
/**
 * While readers wait, how often the stored checkpoint is read: another process's projector on the
 * same durable consumer may apply the events they wait for (this one then skips them).
 */
const SHARED_CHECKPOINT_POLL_MS = 25;

/**
 * Runs one projection (the wallet's by default) until stopped: every delivered batch goes through
 * projectBatch. A batch that keeps failing stops the projection at the failing event
 * (`retry`, `stuck`): waiters are told at once, and later ones too, instead of timing out.
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the position, the stuck record and the waiters).
 */
export async function runProjector(options: RunProjectorOptions): Promise<Projector> {
  const { sql, source } = options;
  const projection = options.projection ?? WALLET_PROJECTION;
  const policy = checkRetryPolicy({ ...DEFAULT_RETRY_POLICY, ...options.retry });
  const onError =
    options.onError ??
    ((error: unknown) => console.error(`[projector ${projection}] batch failed, retrying`, error));
  const onStuck =
    options.onStuck ??
    ((stuck: ProjectionStuck) =>
      console.error(`[projector ${projection}] ${new ProjectionStuckError(stuck).message}`));
  let position = await readCheckpoint(sql, projection);
  let stopped = false;
  let stuck: ProjectionStuck | undefined;
  const retryWait = new Pause();
  const waiters = new PositionWaiters();

  const committed = (result: ProjectBatchResult) => {
    if (result.position > position) position = result.position;
    waiters.settle(position);
    options.onBatch?.(result);
  };

  // Runs while readers wait; ends when none is left.
  let polling = false;
  const pollSharedCheckpoint = async () => {
    if (polling) return;
    polling = true;
    try {
      while (waiters.size > 0 && !stopped) {
        await new Promise((resolve) => setTimeout(resolve, SHARED_CHECKPOINT_POLL_MS));
        const stored = await readCheckpoint(sql, projection).catch(() => position);
        if (stored > position) {
          position = stored;
          waiters.settle(position);
        }
      }
    } finally {
      polling = false;
    }
  };

  const project = (events: readonly TStoredEvent[]) =>
    projectBatch({ sql, events, projection, apply: options.apply });

  const becomeStuck = async (error: unknown, attempts: number) => {
    const failed = error instanceof EventApplyError ? error : undefined;
    const report: ProjectionStuck = {
      projection,
      position,
      failed_position: failed?.position ?? position + 1,
      event_type: failed?.eventType ?? null,
      error: describeError(error),
      attempts,
      since: stuck?.since ?? new Date().toISOString(),
    };
    // Stored before anyone is told, `projector.stuck` included, so that whoever hears of it finds
    // it on /readyz too and has been told the same.
    await recordStuck(sql, report).catch((recordError: unknown) => onError(recordError));
    stuck = report;
    waiters.rejectAll(new ProjectionStuckError(report));
    onStuck(report);
  };

  // Tries until the batch goes through or the projector stops; holding the batch meanwhile keeps
  // the source from handing over anything after it.
  const handler = async (events: TStoredEvent[]) => {
    if (events.length === 0) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await projectIsolating(project, events, committed);
        if (stuck) {
          stuck = undefined;
          options.onRecovered?.(projection, position);
        }
        return;
      } catch (error) {
        // Thrown, never swallowed: the source must deliver these events again.
        if (stopped) throw error;
        onError(error);
        if (attempt >= policy.attempts) await becomeStuck(error, attempt);
        await retryWait.sleep(
          stuck ? policy.stuckProbeMs : backoffMs(attempt, policy.firstDelayMs, policy.maxDelayMs),
        );
        if (stopped) throw error;
      }
    }
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
    const consume = async () => {
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
      return {
        async stop() {
          hurry = () => {};
          await consumer.stop();
        },
      };
    };
    const consuming = source.lease
      ? await runWhileLeased({ ...source.lease, sql, start: consume, name: `projection ${projection}` })
      : await consume();
    stopSource = () => consuming.stop();
  }

  return {
    projection,
    get position() {
      return position;
    },
    get stuck() {
      return stuck;
    },
    waitFor(target, timeoutMs = DEFAULT_WAIT_TIMEOUT_MS) {
      if (target <= position) return Promise.resolve();
      if (stuck) return Promise.reject(new ProjectionStuckError(stuck));
      if (stopped)
        return Promise.reject(new ProjectionLagError(`Projector ${projection} is stopped at ${position}`));
      const waiting = waiters.add(
        target,
        timeoutMs,
        () =>
          new ProjectionLagError(
            `Projector ${projection} did not reach position ${target} within ${timeoutMs} ms`,
          ),
      );
      hurry();
      void pollSharedCheckpoint();
      return waiting;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      retryWait.wake();
      await stopSource();
      waiters.rejectAll(new Error(`Projector ${projection} stopped at ${position}`));
    },
  };
}
