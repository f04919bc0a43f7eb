import {
  LEDGER_EVENT_TYPES,
  type TEventMetadata,
  type TLedgerEvent,
  type TStoredEvent,
} from '@evalmarket/contracts';
import type { Lease, SqlClient } from '@evalmarket/db';
import type { CommitUnit, EventStore } from '@evalmarket/eventstore';
import {
  createLedgerState,
  decide,
  evolve,
  type LedgerCommand,
  type LedgerRejection,
  type LedgerState,
} from '@evalmarket/ledger';

export type LedgerResult =
  | { ok: true; duplicate: boolean; events: TStoredEvent[] }
  | { ok: false; rejection: LedgerRejection | 'ledger_unavailable'; message: string };

export interface LedgerWriterOptions {
  store: EventStore;
  sql: SqlClient;
  /** Most commands decided and committed together in one transaction. */
  maxBatchSize?: number;
  /** Most commands waiting; past it submissions are refused rather than queued without bound. */
  maxQueueLength?: number;
  now?: () => number;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface LedgerWriter {
  submit(command: LedgerCommand, metadata?: TEventMetadata): Promise<LedgerResult>;
  /** Submits many commands at once (a client batch); results in the same order. */
  submitMany(commands: readonly LedgerCommand[], metadata?: TEventMetadata): Promise<LedgerResult[]>;
  /** The writer's current state (read-only use: balances for replies, the auditor). */
  readonly state: LedgerState;
  /** Position of the last ledger event the writer has applied. */
  readonly position: number;
  stop(): Promise<void>;
}

interface Pending {
  command: LedgerCommand;
  metadata: TEventMetadata | undefined;
  resolve(result: LedgerResult): void;
}

// Only one process decides money commands for a database: the writer's in-memory balances are
// the truth it checks overdrafts against, so a second writer could spend the same credits twice.
export const LEDGER_WRITER_LEASE_KEY = 7_331_003;
const REPLAY_BATCH = 5_000;
/**
 * Reward transfers (reserve, then post or release: two events per vote) are the ledger's volume,
 * so they go to the packed journal; purchases, refunds, cash-outs and adjustments stay one row
 * each, where finance's queries find them by type.
 */
const PACKED_STREAM_PREFIX = 'reward-';
const MAX_COMMIT_ATTEMPTS = 5;

/**
 * The single-writer ledger state machine: commands are decided in memory in arrival order and
 * committed in batches (group commit), TigerBeetle style. While one batch commits, the next one
 * queues up, so the batch size grows with the load and each commit carries many commands.
 */
export async function startLedgerWriter(options: LedgerWriterOptions): Promise<LedgerWriter> {
  const { store, sql } = options;
  const maxBatchSize = options.maxBatchSize ?? 4_096;
  const maxQueueLength = options.maxQueueLength ?? 200_000;
  const now = options.now ?? Date.now;

  const lease: Lease | null = await sql.tryLease(LEDGER_WRITER_LEASE_KEY);
  if (!lease) throw new Error('Another ledger writer holds the lease for this database; only one may run.');

  let state = createLedgerState();
  let position = 0;
  let queue: Pending[] = [];
  let running = false;
  let stopped = false;
  let idle: Promise<void> = Promise.resolve();

  async function catchUp(target: LedgerState, after: number): Promise<number> {
    let cursor = after;
    for (;;) {
      const events = await store.readAll({ after: cursor, limit: REPLAY_BATCH, types: LEDGER_EVENT_TYPES });
      for (const stored of events) evolve(target, { type: stored.type, data: stored.data } as TLedgerEvent);
      if (events.length < REPLAY_BATCH)
        return events.length ? events[events.length - 1]!.global_position : cursor;
      cursor = events[events.length - 1]!.global_position;
    }
  }

  try {
    position = await catchUp(state, 0);
  } catch (error) {
    await lease.release();
    throw error;
  }

  /** Rebuilds the state from the log after a failed commit, whose tentative effects are void. */
  async function reload(): Promise<void> {
    const fresh = createLedgerState();
    position = await catchUp(fresh, 0);
    state = fresh;
  }

  async function processBatch(batch: Pending[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const decisions: Array<{ unitIndex: number } | LedgerResult> = [];
      const units: CommitUnit[] = [];
      const at = now();
      for (const pending of batch) {
        const decision = decide(state, pending.command, { now: at });
        if (!decision.ok) {
          decisions.push({ ok: false, rejection: decision.rejection, message: decision.message });
          continue;
        }
        if (decision.events.length === 0) {
          decisions.push({ ok: true, duplicate: decision.duplicate, events: [] });
          continue;
        }
        // Applied now, so the next command in the batch sees these balances; undone by reload()
        // if the commit fails.
        for (const decided of decision.events) evolve(state, decided.event);
        decisions.push({ unitIndex: units.length });
        units.push({
          packed: decision.events.every((decided) => decided.stream_id.startsWith(PACKED_STREAM_PREFIX)),
          appends: decision.events.map((decided) => ({
            stream_id: decided.stream_id,
            expected_version: decided.expected_version,
            events: [{ type: decided.event.type, data: decided.event.data, metadata: pending.metadata }],
          })),
        });
      }
      try {
        const outcomes = units.length > 0 ? await store.commit(units) : [];
        const failed = outcomes.find((outcome) => !outcome.ok);
        if (failed && !failed.ok) throw failed.error;
        for (const outcome of outcomes) {
          if (!outcome.ok) continue;
          const last = outcome.events[outcome.events.length - 1];
          if (last && last.global_position > position) position = last.global_position;
        }
        batch.forEach((pending, index) => {
          const decision = decisions[index]!;
          if ('unitIndex' in decision) {
            const outcome = outcomes[decision.unitIndex]!;
            pending.resolve(
              outcome.ok ? { ok: true, duplicate: false, events: outcome.events } : unavailable(),
            );
          } else {
            pending.resolve(decision);
          }
        });
        return;
      } catch (error) {
        // Nothing of this batch is known to be durable: rebuild the truth from the log and decide
        // again. Commands that did land are then found as duplicates by their natural ids.
        options.logger?.warn(
          { err: error, attempt, batch: batch.length },
          'ledger batch commit failed; reloading',
        );
        if (attempt >= MAX_COMMIT_ATTEMPTS) {
          for (const pending of batch) pending.resolve(unavailable());
          await reload().catch(() => undefined);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
        try {
          await reload();
        } catch (reloadError) {
          options.logger?.error({ err: reloadError }, 'ledger reload failed');
        }
      }
    }
  }

  function unavailable(): LedgerResult {
    return {
      ok: false,
      rejection: 'ledger_unavailable',
      message: 'The ledger could not record this; try again.',
    };
  }

  function drain(): void {
    if (running || queue.length === 0) return;
    running = true;
    idle = (async () => {
      while (queue.length > 0) {
        const batch = queue.length <= maxBatchSize ? queue : queue.slice(0, maxBatchSize);
        queue = queue.length <= maxBatchSize ? [] : queue.slice(maxBatchSize);
        await processBatch(batch);
      }
      running = false;
    })();
  }

  function enqueue(command: LedgerCommand, metadata: TEventMetadata | undefined): Promise<LedgerResult> {
    if (stopped)
      return Promise.resolve({
        ok: false,
        rejection: 'ledger_unavailable',
        message: 'The ledger is stopping.',
      });
    if (queue.length >= maxQueueLength) {
      return Promise.resolve({
        ok: false,
        rejection: 'ledger_unavailable',
        message: 'The ledger is overloaded; try again.',
      });
    }
    return new Promise<LedgerResult>((resolve) => {
      queue.push({ command, metadata, resolve });
    });
  }

  return {
    submit(command, metadata) {
      const result = enqueue(command, metadata);
      drain();
      return result;
    },
    submitMany(commands, metadata) {
      const results = commands.map((command) => enqueue(command, metadata));
      drain();
      return Promise.all(results);
    },
    get state() {
      return state;
    },
    get position() {
      return position;
    },
    async stop() {
      stopped = true;
      await idle;
      await lease.release();
    },
  };
}
