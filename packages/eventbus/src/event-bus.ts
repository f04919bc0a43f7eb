import type { SubscribeOptions } from '@evalmarket/eventstore';
import type { Pause } from './pause.js';

/** An event as read back from the store (`TStoredEvent` of @evalmarket/contracts). */
export type StoredEvent = Parameters<SubscribeOptions['handler']>[0][number];

export interface ConsumeOptions {
  /**
   * The consumer's durable identity. On JetStream it is the durable consumer name, so it must
   * be a valid NATS name: letters, digits, `-` and `_`.
   */
  name: string;
  /**
   * Receives events in `global_position` order, in batches. Delivery is at least once: the
   * handler de-duplicates by position (it keeps its own checkpoint). If it throws, the same
   * events come again after a pause; nothing after them is delivered meanwhile.
   */
  handler: (events: StoredEvent[]) => Promise<void>;
  /** Most events per handler call (default 100). */
  batchSize?: number;
  /** Told about every handler failure and every transport error before the retry. */
  onError?: (error: unknown) => void;
  /**
   * Pacing for a handler whose every call has a fixed cost (a transaction, round trips): while
   * events keep coming, hand them over at most once per `intervalMs`, so a busy stream arrives
   * in fewer, larger batches. The first events after a quiet spell go at once, and nothing is
   * held back while `urgent()` says so (someone waits for these events). Without it, events go
   * as soon as they arrive.
   */
  pacing?: ConsumerPacing;
}

export interface ConsumerPacing {
  intervalMs: number;
  urgent: () => boolean;
}

export interface ConsumerHandle {
  /** Lets the batch in hand finish, hands nothing more to the handler, and resolves. */
  stop(): Promise<void>;
  /** Ends a pacing wait now: `pacing.urgent()` has just become true. */
  hurry(): void;
}

export interface EventBus {
  consume(options: ConsumeOptions): Promise<ConsumerHandle>;
  /** Stops every consumer (and the relay), then lets go of connections. */
  close(): Promise<void>;
}

/** The pino call shape (`logger.warn({ err }, 'message')`), so Fastify's logger fits as is. */
export interface EventBusLogger {
  debug?(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const DEFAULT_BATCH_SIZE = 100;
/** A limit on everything: one handler call never receives more than this. */
export const MAX_BATCH_SIZE = 10_000;

export function checkBatchSize(batchSize: number | undefined): number {
  const size = batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) {
    throw new RangeError(
      `batchSize must be an integer from 1 to ${MAX_BATCH_SIZE}, got ${String(batchSize)}`,
    );
  }
  return size;
}

/**
 * Waits on `pause` for the rest of the pacing interval since the last hand-over at
 * `handedOverAt` (Date.now()): not at all without pacing, once the interval has passed, or while
 * `urgent()` says someone waits for the events. Says whether it waited.
 */
export async function waitOutPacing(
  pacing: ConsumerPacing | undefined,
  handedOverAt: number,
  pause: Pause,
): Promise<boolean> {
  if (!pacing) return false;
  const waitMs = handedOverAt + pacing.intervalMs - Date.now();
  if (waitMs <= 0 || pacing.urgent()) return false;
  await pause.sleep(waitMs);
  return true;
}

/** Longest pacing interval: beyond it a busy read model would lag visibly. */
export const MAX_PACING_MS = 1_000;

export function checkPacing(pacing: ConsumerPacing | undefined): void {
  if (!pacing) return;
  const { intervalMs } = pacing;
  if (!(Number.isFinite(intervalMs) && intervalMs >= 0 && intervalMs <= MAX_PACING_MS)) {
    throw new RangeError(`pacing.intervalMs must be from 0 to ${MAX_PACING_MS}, got ${String(intervalMs)}`);
  }
}
