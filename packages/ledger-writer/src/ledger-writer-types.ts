import type { TEventMetadata, TStoredEvent } from '@evalmarket/contracts';
import type { Lease, SqlClient } from '@evalmarket/db';
import type { PackedJournal } from '@evalmarket/eventstore';
import type { ReplayedLedger } from './ledger-replay.js';
import type { LedgerCommand, LedgerCommandType, LedgerRejection, LedgerState } from '@evalmarket/ledger';
import type { Companions } from './companions.js';

/* The ledger writer's surface: what its creator gives it and what its callers get back. */

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
  logger?: {
    info?(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
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
  /**
   * The books as a standby followed them from the log (writer-role.ts); the writer reads on from
   * their position. Without them it replays the whole log.
   */
  books?: ReplayedLedger;
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
