import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { SqlExecutor } from '@evalmarket/db';
import { applyEvents } from './apply-events.js';
import { lockCheckpoint, lockCheckpointStatement, writeCheckpointStatement } from './checkpoint.js';
import { LIVE_TABLES, WALLET_PROJECTION, type ReadModelTables } from './read-model-tables.js';

/**
 * Writes a batch of fresh events (in position order, none applied before) into a projection's
 * read models inside the caller's transaction; returns counts worth logging.
 */
export type ApplyProjection = (
  tx: SqlExecutor,
  events: readonly TStoredEvent[],
) => Promise<Record<string, number> | void>;

export interface ProjectBatchOptions {
  sql: SqlClient;
  events: readonly TStoredEvent[];
  projection?: string;
  /** The wallet projection's tables (live or the blue/green rebuild set). */
  tables?: ReadModelTables;
  /** Another projection's writer; the wallet projection's by default. */
  apply?: ApplyProjection;
}

export interface ProjectBatchResult {
  /** The checkpoint after the batch. */
  position: number;
  /** Events at or below the stored checkpoint: already applied, skipped. */
  skipped: number;
  applied: number;
  /** What the projection reported writing (for the wallet: money_events, accounts, transactions). */
  counts: Record<string, number>;
}

/**
 * Applies one delivered batch exactly once: in one transaction it locks the checkpoint, drops the
 * events at or below it (a redelivery), writes the rest and moves the checkpoint to the last of
 * them. Either all of that commits or none of it does.
 */
export async function projectBatch(options: ProjectBatchOptions): Promise<ProjectBatchResult> {
  const projection = options.projection ?? WALLET_PROJECTION;
  const tables = options.tables ?? LIVE_TABLES;
  const apply: ApplyProjection = options.apply ?? ((tx, events) => applyEvents(tx, events, tables));
  const ordered = isAscending(options.events)
    ? options.events
    : [...options.events].sort((a, b) => a.global_position - b.global_position);
  // The checkpoint's lock goes with BEGIN and its new value with COMMIT: a batch costs two round
  // trips besides its own writes.
  return options.sql.transaction(
    async (tx, [locked]) => {
      const checkpoint = await lockCheckpoint(tx, projection, locked);
      const fresh = ordered.filter((event, index) => {
        if (event.global_position <= checkpoint) return false;
        // The same event twice in one delivery counts once.
        return index === 0 || ordered[index - 1]!.global_position !== event.global_position;
      });
      if (fresh.length === 0) {
        return { position: checkpoint, skipped: ordered.length, applied: 0, counts: {} };
      }
      const counts = (await apply(tx, fresh)) ?? {};
      const position = fresh[fresh.length - 1]!.global_position;
      tx.beforeCommit(writeCheckpointStatement(projection, position));
      return { position, skipped: ordered.length - fresh.length, applied: fresh.length, counts };
    },
    { begin: lockCheckpointStatement(projection) },
  );
}

function isAscending(events: readonly TStoredEvent[]): boolean {
  for (let i = 1; i < events.length; i += 1) {
    if (events[i]!.global_position < events[i - 1]!.global_position) return false;
  }
  return true;
}
