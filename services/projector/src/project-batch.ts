import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { applyEvents, type ApplyEventsResult } from './apply-events.js';
import { lockCheckpoint, writeCheckpoint } from './checkpoint.js';
import { LIVE_TABLES, WALLET_PROJECTION, type ReadModelTables } from './read-model-tables.js';

export interface ProjectBatchOptions {
  sql: SqlClient;
  events: readonly TStoredEvent[];
  projection?: string;
  tables?: ReadModelTables;
}

export interface ProjectBatchResult extends ApplyEventsResult {
  /** The checkpoint after the batch. */
  position: number;
  /** Events at or below the stored checkpoint: already applied, skipped. */
  skipped: number;
  applied: number;
}

/**
 * Applies one delivered batch exactly once: in one transaction it locks the checkpoint, drops the
 * events at or below it (a redelivery), writes the rest and moves the checkpoint to the last of
 * them. Either all of that commits or none of it does.
 */
export async function projectBatch(options: ProjectBatchOptions): Promise<ProjectBatchResult> {
  const projection = options.projection ?? WALLET_PROJECTION;
  const tables = options.tables ?? LIVE_TABLES;
  const ordered = isAscending(options.events)
    ? options.events
    : [...options.events].sort((a, b) => a.global_position - b.global_position);
  return options.sql.transaction(async (tx) => {
    const checkpoint = await lockCheckpoint(tx, projection);
    const fresh = ordered.filter((event, index) => {
      if (event.global_position <= checkpoint) return false;
      // The same event twice in one delivery counts once.
      return index === 0 || ordered[index - 1]!.global_position !== event.global_position;
    });
    if (fresh.length === 0) {
      return {
        position: checkpoint,
        skipped: ordered.length,
        applied: 0,
        money_events: 0,
        accounts: 0,
        transactions: 0,
      };
    }
    const result = await applyEvents(tx, fresh, tables);
    const position = fresh[fresh.length - 1]!.global_position;
    await writeCheckpoint(tx, projection, position);
    return { ...result, position, skipped: ordered.length - fresh.length, applied: fresh.length };
  });
}

function isAscending(events: readonly TStoredEvent[]): boolean {
  for (let i = 1; i < events.length; i += 1) {
    if (events[i]!.global_position < events[i - 1]!.global_position) return false;
  }
  return true;
}
