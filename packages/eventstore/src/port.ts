import type { TEventMetadata, TStoredEvent } from '@evalmarket/contracts';

/** What the writer believes about a stream before appending (optimistic concurrency). */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface NewEvent {
  type: string;
  data: unknown;
  metadata?: TEventMetadata;
  schema_version?: number;
  /** Minted by the store when absent. */
  event_id?: string;
}

export interface StreamAppend {
  stream_id: string;
  expected_version: ExpectedVersion;
  events: NewEvent[];
}

/** One command's worth of appends: all of its streams land together or not at all. */
export interface CommitUnit {
  appends: StreamAppend[];
  /** A true retry (same key, same payload hash) returns the first result instead of appending. */
  idempotency?: { key: string; payload_hash: string };
}

export type CommitOutcome =
  { ok: true; deduplicated: boolean; events: TStoredEvent[] } | { ok: false; error: EventStoreError };

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. 0 reads from the start. */
  after: number;
  limit: number;
  /** Only these types (positions still advance past the others). */
  types?: readonly string[];
}

export interface SubscribeOptions {
  /** Exclusive position to start after (usually a stored checkpoint). */
  after: number;
  batchSize?: number;
  types?: readonly string[];
  /** Called with events in position order; the next batch waits for it to settle. */
  handler: (events: TStoredEvent[]) => Promise<void>;
  /** Called when the handler or a read throws; the subscription retries after a pause. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Resolves once the subscriber has handled everything up to `position`. */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** The last position handled. */
  readonly position: number;
  stop(): Promise<void>;
}

export interface HashChainReport {
  ok: boolean;
  checked: number;
  /** First position whose hash or link does not match, when broken. */
  broken_at?: number;
  reason?: string;
}

export interface VerifyHashChainOptions {
  batchSize?: number;
  /**
   * Called with each page of the log in order, after its links are checked, so a caller that
   * reads the whole log anyway (the audit's replay) reads it once. With it the walk goes on to
   * the end after a break (reading only), as the caller still needs every page.
   */
  onPage?: (events: readonly TStoredEvent[]) => Promise<void>;
}

/**
 * The event store port: append (one stream, or a group commit), read, subscribe. How an adapter
 * stores events (rows, the packed journal) is not part of it.
 */
export interface EventStore {
  /** Appends to one stream. Throws WrongExpectedVersion / IdempotencyKeyConflict / InvalidEvent. */
  append(
    stream_id: string,
    events: NewEvent[],
    expected_version: ExpectedVersion,
    options?: { idempotency?: CommitUnit['idempotency'] },
  ): Promise<{ deduplicated: boolean; events: TStoredEvent[] }>;
  /**
   * Group commit: every unit is checked in order against the log and the units before it; the
   * ones that pass are written in one transaction. A failing unit writes nothing and does not
   * stop the others.
   */
  commit(units: CommitUnit[]): Promise<CommitOutcome[]>;
  readStream(stream_id: string, options?: { fromVersion?: number; limit?: number }): Promise<TStoredEvent[]>;
  readAll(options: ReadAllOptions): Promise<TStoredEvent[]>;
  /** Highest committed position (0 when empty). */
  headPosition(): Promise<number>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Walks the whole log checking each event's hash and its link to the one before. */
  verifyHashChain(options?: VerifyHashChainOptions): Promise<HashChainReport>;
}

export class EventStoreError extends Error {
  constructor(
    readonly code:
      | 'wrong_expected_version'
      | 'idempotency_key_reused_with_different_payload'
      | 'invalid_stream_id'
      | 'invalid_event'
      /** Text PostgreSQL cannot hold (NUL, a lone surrogate); `details` name its part, path and reason. */
      | 'unstorable_text'
      | 'event_too_large'
      | 'too_many_events',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EventStoreError';
  }
}

/** Limits on what one append may carry (DESIGN: a limit on everything). */
export const MAX_EVENTS_PER_COMMIT = 10_000;
export const MAX_EVENT_DATA_BYTES = 64 * 1024;
export const MAX_READ_BATCH = 10_000;
