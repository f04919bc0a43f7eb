import { hostname } from 'node:os';
import {
  LEDGER_WRITER_LEASE_KEY,
  startLedgerWriter,
  type LedgerWriter,
  type LedgerWriterOptions,
} from './ledger-writer.js';
import { followLedger } from './ledger-replay.js';
import { takeFencedLease, type FenceSlot } from './writer-fence.js';

/** The lease row's name in `writer_leases` (and the fence's prefix). */
export const LEDGER_WRITER_LEASE_NAME = 'ledger';

export interface WriterRoleOptions extends Omit<LedgerWriterOptions, 'lease' | 'onDeposed' | 'books'> {
  /** The slot the store's SQL client reads its fence from (the same store as `store`). */
  fence: FenceSlot;
  /** How long a standby waits between attempts to take the lease. */
  retryMs: number;
  /** Told each time this process becomes the active writer (the writer) or stops being it. */
  onChange?: (writer: LedgerWriter | undefined) => void;
}

export interface WriterRole {
  /** The active writer when this process is it. */
  readonly writer: LedgerWriter | undefined;
  stop(): Promise<void>;
}

/**
 * One active ledger writer per database, any number standing by: a process that does not get the
 * lease keeps trying every `retryMs`, and one whose writer steps down (lease lost, or fenced off
 * by a successor) goes back to standing by. A standby follows the ledger in the log at each try,
 * so taking over reads only what was committed since. Taking over bumps the fencing token before
 * the writer reads up to the head, so its state includes everything the old one could still commit.
 * Resolves once the first attempt is over (active or standing by).
 */
export async function startWriterRole(options: WriterRoleOptions): Promise<WriterRole> {
  const { fence, retryMs, onChange, ...writerOptions } = options;
  const holder = `${hostname()}:${process.pid}`;
  let writer: LedgerWriter | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();
  const books = followLedger(writerOptions.store);

  const standBy = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      attempt = tryToLead();
    }, retryMs);
  };

  /** The deposed writer finishing what it holds: the fence must outlive it (see `stepDown`). */
  let steppingDown: Promise<void> = Promise.resolve();

  const stepDown = (deposed: LedgerWriter) => {
    if (writer !== deposed) return;
    writer = undefined;
    onChange?.(undefined);
    // It finishes what it still holds and ends its session; then stand by again. A writer that
    // only saw its lease go still commits what it holds, and the fence decides whether that lands:
    // cleared before, those commits would carry no token and land beside a successor's, decided on
    // stale books. So the fence is cleared only once the writer has stopped.
    steppingDown = deposed.stop().finally(() => {
      fence.clear();
      standBy();
    });
  };

  async function tryToLead(): Promise<void> {
    if (stopped) return;
    try {
      const taken = await takeFencedLease(writerOptions.sql, {
        key: LEDGER_WRITER_LEASE_KEY,
        name: LEDGER_WRITER_LEASE_NAME,
        holder,
      });
      if (!taken) {
        await books.follow();
        return standBy();
      }
      fence.hold(LEDGER_WRITER_LEASE_NAME, taken.token);
      let started: LedgerWriter | undefined;
      const takenAt = performance.now();
      try {
        started = await startLedgerWriter({
          ...writerOptions,
          books: await books.take(),
          lease: taken.lease,
          onDeposed: () => queueMicrotask(() => started && stepDown(started)),
        });
      } catch (error) {
        fence.clear();
        await taken.lease.release().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await started.stop();
        fence.clear();
        return;
      }
      writer = started;
      writerOptions.logger?.warn(
        { token: taken.token, holder, ready_ms: Math.round(performance.now() - takenAt) },
        'this process is the active ledger writer',
      );
      onChange?.(started);
    } catch (error) {
      writerOptions.logger?.error({ err: error }, 'taking the ledger writer lease failed; standing by');
      standBy();
    }
  }

  attempt = tryToLead();
  await attempt;
  return {
    get writer() {
      return writer;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      const active = writer;
      writer = undefined;
      // Stopped first, under the fence (see `stepDown`).
      if (active) await active.stop();
      await steppingDown.catch(() => undefined);
      fence.clear();
    },
  };
}
