import {
  LEDGER_EVENT_TYPES,
  type TEventMetadata,
  type TLedgerEvent,
  type TStoredEvent,
} from '@evalmarket/contracts';
import type { Lease, SqlClient } from '@evalmarket/db';
import { companionAppends, type Companions } from './companions.js';
import { isFencedError } from './writer-fence.js';
import {
  validateUnit,
  type CommitOutcome,
  type JournalAppend,
  type JournalUnit,
  type LogHead,
  type PackedJournal,
  type PreparedCommit,
} from '@evalmarket/eventstore';
import {
  createLedgerState,
  decide,
  evolve,
  ledgerEventDataJson,
  type LedgerCommand,
  type LedgerCommandType,
  type LedgerRejection,
  type LedgerState,
} from '@evalmarket/ledger';

export type { Companions };

export type LedgerResult =
  | { ok: true; duplicate: boolean; events: TStoredEvent[] }
  | { ok: false; rejection: LedgerRejection | 'ledger_unavailable'; message: string };

/**
 * Which of the ledger's streams go to the packed journal, given by the writer's creator (the
 * ledger's reward transfers: reserve, then post or release, two events per vote, are its volume;
 * purchases, refunds, cash-outs and adjustments stay one row each, where finance's queries find
 * them by type).
 */
export interface LedgerPacking {
  /** A command's unit is packed when all its ledger events go to streams with this prefix. */
  packedStreamPrefix: string;
  /** The commands that may carry companions: their events all go to packed streams. */
  companionCommands: readonly LedgerCommandType[];
}

export interface LedgerWriterOptions {
  /** The log, written through its packed journal and replayed with readAll. */
  store: PackedJournal;
  sql: SqlClient;
  packing: LedgerPacking;
  /** Most commands decided and committed together in one transaction. */
  maxBatchSize?: number;
  /** Most commands waiting; past it submissions are refused rather than queued without bound. */
  maxQueueLength?: number;
  now?: () => number;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Told after each batch commit (metrics): commands in it, how long the commit took, whether it failed. */
  onCommit?: (commit: { commands: number; seconds: number; ok: boolean }) => void;
  /**
   * The writer's lease, already taken (with a fencing token its store's transactions carry: see
   * writer-fence.ts). Without it the writer takes the plain lease itself and refuses to start
   * when another holds it.
   */
  lease?: Lease;
  /**
   * Told once when the writer stops being the writer by itself: its lease was lost, or a commit
   * was fenced off because another writer took over. It refuses commands from then on.
   */
  onDeposed?: (reason: 'lease_lost' | 'fenced') => void;
}

/** A command with companions; its type must be one of the writer's `companionCommands`. */
export interface LedgerSubmission {
  command: LedgerCommand;
  companions: Companions;
}

export interface LedgerWriter {
  /**
   * Rejects (a programming error, not a ledger rejection) when companions come with a command
   * that takes none, or turn out malformed; the command is then not applied.
   */
  submit(command: LedgerCommand, metadata?: TEventMetadata, companions?: Companions): Promise<LedgerResult>;
  /** Submits many commands at once (a client batch); results in the same order. */
  submitMany(
    commands: ReadonlyArray<LedgerCommand | LedgerSubmission>,
    metadata?: TEventMetadata,
  ): Promise<LedgerResult[]>;
  /** The writer's current state (read-only use: balances for replies, the auditor). */
  readonly state: LedgerState;
  /** Position of the last ledger event the writer has applied (or of a companion it wrote after it). */
  readonly position: number;
  /** Commands waiting to be decided (metrics). */
  readonly queueLength: number;
  stop(): Promise<void>;
}

interface Pending {
  command: LedgerCommand;
  metadata: TEventMetadata | undefined;
  companions: Companions | undefined;
  resolve(result: LedgerResult): void;
  reject(error: Error): void;
  /** Failed commits this command was part of. */
  attempts: number;
}

/** What became of one command of a batch: its unit, its answer, or its companions' error. */
type Decided = { unitIndex: number } | LedgerResult | { failed: Error };

/** A decided batch on its way to the log. */
interface Flight {
  batch: Pending[];
  decisions: Decided[];
  prepared: PreparedCommit | undefined;
  units: JournalUnit[];
  /** The head the log has once this batch is written, when known in advance. */
  head: LogHead | undefined;
  /** The commit, settled either way (a rejection is held, not left unhandled while queued). */
  running?: Promise<{ outcomes: CommitOutcome[] } | { error: unknown }>;
  /** Whether `running` has settled. */
  settled?: boolean;
}

// Only one process decides money commands for a database: the writer's in-memory balances are
// the truth it checks overdrafts against, so a second writer could spend the same credits twice.
export const LEDGER_WRITER_LEASE_KEY = 7_331_003;
const REPLAY_BATCH = 5_000;
const MAX_COMMIT_ATTEMPTS = 5;
/** The answer to commands a writer held when it stepped down: they may go to its successor. */
export const STEPPED_DOWN_MESSAGE = 'The ledger writer changed; try again.';
/** Smallest batch decided while a commit runs, and smallest half a batch is split into. */
const SPLIT_MIN = 64;

/**
 * The single-writer ledger state machine: commands are decided in memory in arrival order and
 * committed in batches (group commit), TigerBeetle style. While one batch commits, the next one
 * queues up, so the batch size grows with the load and each commit carries many commands.
 */
export async function startLedgerWriter(options: LedgerWriterOptions): Promise<LedgerWriter> {
  const { store, sql } = options;
  const { packedStreamPrefix, companionCommands } = options.packing;
  const maxBatchSize = options.maxBatchSize ?? 4_096;
  const maxQueueLength = options.maxQueueLength ?? 200_000;
  const now = options.now ?? Date.now;

  const lease: Lease | null = options.lease ?? (await sql.tryLease(LEDGER_WRITER_LEASE_KEY));
  if (!lease) throw new Error('Another ledger writer holds the lease for this database; only one may run.');

  let state = createLedgerState();
  let position = 0;
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

  /**
   * Decides a batch in arrival order on top of the current (possibly tentative) state and plans
   * its commit on top of `after`, the head the commit before it leaves.
   */
  function decideBatch(batch: Pending[], after: LogHead | undefined): Flight {
    const decisions: Decided[] = [];
    const units: JournalUnit[] = [];
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
      const companions = pending.companions
        ? companionAppends(pending.companions, pending.metadata, decision.events, packedStreamPrefix)
        : [];
      if (companions instanceof Error) {
        // Not applied: the command goes no further than its caller.
        decisions.push({ failed: companions });
        continue;
      }
      const appends: JournalAppend[] = decision.events.map((decided) => ({
        stream_id: decided.stream_id,
        expected_version: decided.expected_version,
        events: [
          {
            type: decided.event.type,
            data: decided.event.data,
            data_json: ledgerEventDataJson(decided.event),
            metadata: pending.metadata,
          },
        ],
      }));
      appends.push(...companions);
      const unit: JournalUnit = {
        packed: decision.events.every((decided) => decided.stream_id.startsWith(packedStreamPrefix)),
        appends,
      };
      // A unit the store would refuse (text it cannot hold in a reason) fails its caller alone
      // rather than the whole batch. Packed units carry only the ledger's own ids and numbers.
      const refused = unit.packed ? undefined : validateUnit(unit);
      if (refused) {
        decisions.push({ failed: refused });
        continue;
      }
      // Applied now, so the next command sees these balances; undone by reload() if the commit
      // fails.
      for (const decided of decision.events) evolve(state, decided.event);
      decisions.push({ unitIndex: units.length });
      units.push(unit);
    }
    const prepared = units.length > 0 ? store.prepare(units, after) : undefined;
    return { batch, decisions, units, prepared, head: prepared ? prepared.head : after };
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

  /** Answers each caller of a landed flight. */
  function answer(flight: Flight, outcomes: CommitOutcome[]): void {
    const { batch, decisions } = flight;
    for (let index = 0; index < batch.length; index += 1) {
      const decision = decisions[index]!;
      if ('failed' in decision) {
        batch[index]!.reject(decision.failed);
      } else if ('unitIndex' in decision) {
        const outcome = outcomes[decision.unitIndex]!;
        batch[index]!.resolve(
          outcome.ok ? { ok: true, duplicate: false, events: outcome.events } : unavailable(),
        );
      } else {
        batch[index]!.resolve(decision);
      }
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

  function unavailable(): LedgerResult {
    return {
      ok: false,
      rejection: 'ledger_unavailable',
      message: 'The ledger could not record this; try again.',
    };
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
          ? decideBatch(take(committing), flight ? flight.head : lastHead)
          : undefined;
        while (flight?.running && !next && !flight.settled) {
          // Commands that arrive while this commit runs are decided now, not after it lands.
          await Promise.race([flight.running, nextArrival()]);
          if (stopped || flight.settled) break;
          // Let the callers woken together finish submitting, then take them as one batch.
          await new Promise((resolve) => setImmediate(resolve));
          if (worthDeciding(flight)) next = decideBatch(take(committing), flight.head);
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
