import { LEDGER_EVENT_TYPES, type TLedgerEvent } from '@evalmarket/contracts';
import type { EventStore } from '@evalmarket/eventstore';
import { createLedgerState, evolve, type LedgerState } from '@evalmarket/ledger';

const REPLAY_BATCH = 5_000;

/** The ledger's books as of a log position: what a writer decides on. */
export interface ReplayedLedger {
  state: LedgerState;
  /** The position of the last event folded into `state` (0: none). */
  position: number;
}

/**
 * Folds the ledger events after `books.position` into `books.state`, moving the position with
 * each batch (so a read that fails part way leaves books that are right as of their position).
 * The log is read in position order, and a position is only visible once every position before
 * it is (the event store's commit order), so reading on from where the last read stopped misses
 * none.
 */
export async function replayLedger(store: Pick<EventStore, 'readAll'>, books: ReplayedLedger): Promise<void> {
  for (;;) {
    const events = await store.readAll({
      after: books.position,
      limit: REPLAY_BATCH,
      types: LEDGER_EVENT_TYPES,
    });
    for (const stored of events)
      evolve(books.state, { type: stored.type, data: stored.data } as TLedgerEvent);
    if (events.length > 0) books.position = events[events.length - 1]!.global_position;
    if (events.length < REPLAY_BATCH) return;
  }
}

/** The books from the whole log. */
export async function replayWholeLedger(store: Pick<EventStore, 'readAll'>): Promise<ReplayedLedger> {
  const books = { state: createLedgerState(), position: 0 };
  await replayLedger(store, books);
  return books;
}

/**
 * A standby writer's copy of the books, kept up with the log while it waits for the lease, so
 * that taking over replays only what was committed since its last look instead of the whole log
 * (seconds at a few hundred thousand events). `take` hands the books over to the new writer and
 * starts a fresh copy: the writer's state then holds tentative effects the log may never have.
 */
export function followLedger(store: Pick<EventStore, 'readAll'>) {
  let books: ReplayedLedger = { state: createLedgerState(), position: 0 };
  let reading: Promise<void> = Promise.resolve();
  const follow = () => {
    const current = books;
    reading = reading
      .then(() => replayLedger(store, current))
      // A failed read leaves books that are right as of their position; the next look, or the
      // writer's own catch-up on taking over, reads on from there.
      .catch(() => undefined);
    return reading;
  };
  return {
    follow,
    async take(): Promise<ReplayedLedger> {
      await follow();
      const taken = books;
      books = { state: createLedgerState(), position: 0 };
      return taken;
    },
  };
}
