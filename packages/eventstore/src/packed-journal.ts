import type { TStoredEvent } from '@evalmarket/contracts';
import type { CommitOutcome, CommitUnit, NewEvent, ReadAllOptions, StreamAppend } from './port.js';

/**
 * The packed journal: how the ledger writer, the one writer of the ledger's high-volume streams,
 * appends to the log. It is not part of the `EventStore` port; only the ledger writer uses it.
 */

export interface JournalEvent extends NewEvent {
  /**
   * The data's JSON text when the caller already made it (the ledger writer does for its reward
   * events, faster than JSON.stringify). It must parse to `data`; the store writes it as given.
   */
  data_json?: string;
}

export interface JournalAppend extends StreamAppend {
  events: JournalEvent[];
}

export interface JournalUnit extends CommitUnit {
  appends: JournalAppend[];
  /**
   * Store the unit's events in the packed journal (one row per commit for all packed units) rather
   * than one row each: for a single writer's high-volume streams (the ledger's reward transfers).
   * The caller owns those streams: their expected versions (a number or 'no_stream') are taken as
   * the truth rather than checked against the log, and they are read back by readAll only, not by
   * readStream. A packed unit takes no idempotency key.
   */
  packed?: boolean;
}

/** The last position of the log and its hash (0 and the genesis hash when empty). */
export interface LogHead {
  position: number;
  hash: string;
}

export interface PreparedCommit {
  /** The head this commit leaves, when it was planned in advance (pass it to the next prepare). */
  readonly head: LogHead | undefined;
  run(): Promise<CommitOutcome[]>;
}

export interface PackedJournal {
  /** The log in position order, rows and packed events together (the writer's replay). */
  readAll(options: ReadAllOptions): Promise<TStoredEvent[]>;
  /**
   * A commit in two steps, so a single writer can work out its next commit while the one before
   * is still being written: the units are checked now and, when all are packed and `after` (the
   * head the caller's previous commit leaves) is given, planned now too: positions, hashes,
   * JSON. `run()` writes them; if the log's head is not `after` by then (another writer came in
   * between), it plans again against the log as it is. Call `run()` in order, each after the
   * previous commit has settled; a commit planned on top of one that failed must not be run.
   * Units are checked as `commit` checks them, and fail alone the same way.
   */
  prepare(units: JournalUnit[], after?: LogHead): PreparedCommit;
}
