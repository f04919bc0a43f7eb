import type { TEventMetadata } from '@evalmarket/contracts';
import type { Lease } from '@evalmarket/db';
import type { CommitOutcome, LogHead } from '@evalmarket/eventstore';
import { createLedgerState, type LedgerCommand } from '@evalmarket/ledger';
import { replayLedger, replayWholeLedger } from './ledger-replay.js';
import { answer, decideBatch, unavailable, type Flight, type Pending } from './batch.js';
import type { Companions } from './companions.js';
import type { LedgerResult, LedgerWriter, LedgerWriterOptions } from './ledger-writer-types.js';
import { isFencedError } from './writer-fence.js';

export type { Companions };
export type {
  LedgerPacking,
  LedgerResult,
  LedgerSubmission,
  LedgerWriter,
  LedgerWriterOptions,
} from './ledger-writer-types.js';

// Only one process decides money commands for a database: the writer's in-memory balances are
// the truth it checks overdrafts against, so a second writer could spend the same credits twice.
export const LEDGER_WRITER_LEASE_KEY = 7_331_003;
const MAX_COMMIT_ATTEMPTS = 5;
/** The answer to commands a writer held when it stepped down: they may go to its successor. */
export const STEPPED_DOWN_MESSAGE = 'The ledger writer changed; try again.';
/** Smallest batch decided while a commit runs, and smallest half a batch is split into. */
const SPLIT_MIN = 64;

/**
 * The single-writer ledger state machine: commands are decided in memory in arrival order and
 * committed in batches (group commit), TigerBeetle style. While one batch commits, the next one
 * queues up, so the batch size grows with the load and each commit carries many commands.
 *
 * Longer than 100 lines on purpose: one closure holds the queue, the tentative state, the log
 * head and the lease, which the pipeline's steps (decide, start a commit, land, recover, step
 * down) change between awaits; passed around as values, each step could act on a stale copy.
 * Deciding and answering a batch, which need none of that, are batch.ts.
 */
export async function startLedgerWriter(options: LedgerWriterOptions): Promise<LedgerWriter> {
  const { store, sql } = options;
  const { packedStreamPrefix, companionCommands } = options.packing;
  const maxBatchSize = options.maxBatchSize ?? 4_096;
  const maxQueueLength = options.maxQueueLength ?? 200_000;
  const now = options.now ?? Date.now;

  const lease: Lease | null = options.lease ?? (await sql.tryLease(LEDGER_WRITER_LEASE_KEY));
  if (!lease) throw new Error('Another ledger writer holds the lease for this database; only one may run.');

  /** The log's head after this writer's last commit, to plan the next one on. */
  let lastHead: LogHead | undefined;
  let queue: Pending[] = [];
  let running = false;
  let stopped = false;
  /** Set once another writer may be deciding: nothing decided here may commit or be retried. */
  let deposed = false;
  let steppedDownFor: 'lease_lost' | 'fenced' | undefined;
  let idle: Promise<void> = Promise.resolve();

  /**
   * Stops taking commands. A lost lease alone does not mean another writer took over, so what is
   * queued still goes to the log, where the fencing token decides; a fenced commit means one did,
   * and everything in hand is answered as unavailable (the callers retry at the new writer).
   */
  function depose(reason: 'lease_lost' | 'fenced'): void {
    if (reason === 'fenced') deposed = true;
    stopped = true;
    if (steppedDownFor) return;
    steppedDownFor = reason;
    options.logger?.warn({ reason }, 'ledger writer stepped down');
    options.onDeposed?.(reason);
  }
  lease.onLost(() => depose('lease_lost'));

  // Taken over from a standby that followed the log (writer-role.ts), or replayed whole; either
  // way read up to the head now, after the fencing token moved, so nothing the previous writer
  // committed is missing.
  const books = options.books ?? { state: createLedgerState(), position: 0 };
  const replayStarted = performance.now();
  const replayedFrom = books.position;
  try {
    await replayLedger(store, books);
  } catch (error) {
    await lease.release();
    throw error;
  }
  let state = books.state;
  let position = books.position;
  options.logger?.info?.(
    { from: replayedFrom, to: position, ms: Math.round(performance.now() - replayStarted) },
    'ledger writer caught up with the log',
  );

  /** Rebuilds the state from the log after a failed commit, whose tentative effects are void. */
  async function reload(): Promise<void> {
    const fresh = await replayWholeLedger(store);
    position = fresh.position;
    state = fresh.state;
  }

  /**
   * Waits for a flight's commit; its outcomes, or undefined when it failed. Moves the writer's
   * position and head past it.
   */
  async function landed(flight: Flight): Promise<CommitOutcome[] | undefined> {
    try {
      const settled = flight.running ? await flight.running : { outcomes: [] };
      if ('error' in settled) throw settled.error;
      const { outcomes } = settled;
      const failed = outcomes.find((outcome) => !outcome.ok);
      if (failed && !failed.ok) throw failed.error;
      for (const outcome of outcomes) {
        if (!outcome.ok) continue;
        const last = outcome.events[outcome.events.length - 1];
        if (last && last.global_position > position) {
          position = last.global_position;
          lastHead = { position: last.global_position, hash: last.hash };
        }
      }
      return outcomes;
    } catch (error) {
      if (isFencedError(error)) {
        depose('fenced');
        return undefined;
      }
      options.logger?.warn(
        { err: error, batch: flight.batch.length },
        'ledger batch commit failed; reloading',
      );
      return undefined;
    }
  }

  /** Starts a decided flight's commit (the one before it has landed). */
  function startCommit(flight: Flight | undefined): void {
    if (!flight?.prepared) return;
    // Planned under the lock only (the head before it was not known in advance): plan it again
    // now that it is, so the batches after it can be planned ahead again.
    if (!flight.head && lastHead && flight.units.every((unit) => unit.packed)) {
      flight.prepared = store.prepare(flight.units, lastHead);
      flight.head = flight.prepared.head;
    }
    const startedAt = performance.now();
    const observe = (ok: boolean) =>
      options.onCommit?.({
        commands: flight.batch.length,
        seconds: (performance.now() - startedAt) / 1000,
        ok,
      });
    flight.running = flight.prepared.run().then(
      (outcomes) => {
        flight.settled = true;
        observe(true);
        return { outcomes };
      },
      (error: unknown) => {
        flight.settled = true;
        observe(false);
        return { error };
      },
    );
  }

  /**
   * A commit failed, so nothing decided on top of it holds: the commands go back to the front of
   * the queue in their order, the state is rebuilt from the log, and they are decided again.
   * Commands that did land after all are then found as duplicates by their natural ids.
   */
  async function recover(commands: Pending[]): Promise<void> {
    const retry: Pending[] = [];
    let attempt = 0;
    for (const pending of commands) {
      pending.attempts += 1;
      attempt = Math.max(attempt, pending.attempts);
      if (pending.attempts >= MAX_COMMIT_ATTEMPTS) pending.resolve(unavailable());
      else retry.push(pending);
    }
    queue = [...retry, ...queue];
    lastHead = undefined;
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    try {
      await reload();
    } catch (reloadError) {
      options.logger?.error({ err: reloadError }, 'ledger reload failed');
    }
  }

  function steppedDown(): LedgerResult {
    return { ok: false, rejection: 'ledger_unavailable', message: STEPPED_DOWN_MESSAGE };
  }

  /**
   * The next batch: at most about half of the commands outstanding (queued, plus `committing` in
   * the commit running now). Callers who wait for their answers then settle into two groups that
   * take turns: one group's batch commits while the other's is decided, so the database and this
   * thread work at the same time instead of one waiting for the other. Light load is not split:
   * every commit pays for one disk flush.
   */
  function take(committing: number): Pending[] {
    let size = Math.min(queue.length, maxBatchSize);
    const half = Math.ceil((queue.length + committing) / 2);
    if (size > half && half >= SPLIT_MIN) size = half;
    const batch = size === queue.length ? queue : queue.slice(0, size);
    queue = size === queue.length ? [] : queue.slice(size);
    return batch;
  }

  /** Decides the next batch of the queue on top of `after` (see batch.ts). */
  function decideNext(committing: number, after: LogHead | undefined): Flight {
    return decideBatch(take(committing), after, { state, store, packedStreamPrefix, now });
  }

  /** Whether to decide the queue now, while `flight` (if any) is still committing. */
  function worthDeciding(flight: Flight | undefined): boolean {
    // A few commands decided during a commit would take the next commit, and its disk flush,
    // for themselves; they wait for the commit to land and join whoever arrives meanwhile.
    return flight ? queue.length >= SPLIT_MIN : queue.length > 0;
  }

  /**
   * The pipeline: while one batch is being written, the next is decided and planned on top of
   * it, so Node's work overlaps the database's. A batch's commit starts only once the one before
   * it has landed, so commits reach the log in decision order.
   */
  function drain(): void {
    if (running || queue.length === 0) return;
    running = true;
    idle = (async () => {
      let flight: Flight | undefined;
      while (queue.length > 0 || flight) {
        const committing = flight ? flight.batch.length : 0;
        let next = worthDeciding(flight)
          ? decideNext(committing, flight ? flight.head : lastHead)
          : undefined;
        while (flight?.running && !next && !flight.settled) {
          // Commands that arrive while this commit runs are decided now, not after it lands.
          await Promise.race([flight.running, nextArrival()]);
          if (stopped || flight.settled) break;
          // Let the callers woken together finish submitting, then take them as one batch.
          await new Promise((resolve) => setImmediate(resolve));
          if (worthDeciding(flight)) next = decideNext(committing, flight.head);
        }
        if (flight) {
          const outcomes = await landed(flight);
          if (deposed) {
            // Another writer decides now: nothing here landed, and nothing may be retried here.
            for (const pending of [...flight.batch, ...(next?.batch ?? []), ...queue])
              pending.resolve(steppedDown());
            queue = [];
            flight = undefined;
            break;
          }
          if (!outcomes) {
            await recover([...flight.batch, ...(next?.batch ?? [])]);
            flight = undefined;
            continue;
          }
          // The next commit starts before this one's callers are answered, so the database
          // works while they run.
          startCommit(next);
          answer(flight, outcomes);
        } else {
          startCommit(next);
        }
        flight = next;
      }
      running = false;
    })();
  }

  /** Resolves at the next submission (one waiter at a time: the drain loop). */
  let wakeOnArrival: (() => void) | undefined;
  function nextArrival(): Promise<void> {
    return new Promise((resolve) => {
      wakeOnArrival = resolve;
    });
  }

  function enqueue(
    command: LedgerCommand,
    metadata: TEventMetadata | undefined,
    companions?: Companions,
  ): Promise<LedgerResult> {
    if (companions && !companionCommands.includes(command.type)) {
      return Promise.reject(new Error(`Companion events ride only with ${companionCommands.join(', ')}`));
    }
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
    return new Promise<LedgerResult>((resolve, reject) => {
      queue.push({ command, metadata, companions, resolve, reject, attempts: 0 });
      if (wakeOnArrival) {
        const wake = wakeOnArrival;
        wakeOnArrival = undefined;
        wake();
      }
    });
  }

  return {
    submit(command, metadata, companions) {
      const result = enqueue(command, metadata, companions);
      drain();
      return result;
    },
    submitMany(commands, metadata) {
      const results = commands.map((entry) =>
        'companions' in entry ? enqueue(entry.command, metadata, entry.companions) : enqueue(entry, metadata),
      );
      drain();
      return Promise.all(results);
    },
    get state() {
      return state;
    },
    get position() {
      return position;
    },
    get queueLength() {
      return queue.length;
    },
    async stop() {
      stopped = true;
      await idle;
      // A lease already lost has nothing left to release; ending its session again is harmless.
      await lease.release().catch(() => undefined);
    },
  };
}
