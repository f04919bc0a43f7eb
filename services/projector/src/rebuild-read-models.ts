import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { EventStore } from '@evalmarket/eventstore';
import { WALLET_READ_MODELS, type ProjectionDefinition } from './projection-definition.js';
import { readEventPages } from './read-event-pages.js';
import type { TableComparison } from './rebuild/compare-tables.js';
import { ShadowReplay, type ProjectionComparison } from './rebuild/shadow-replay.js';

export type { ColumnDifference, RowDifference, TableComparison } from './rebuild/compare-tables.js';
export type { ProjectionComparison } from './rebuild/shadow-replay.js';

export interface RebuildProgress {
  events: number;
  /** The bulk replay's end (the highest live checkpoint when it began). */
  up_to: number;
  position: number;
  elapsed_ms: number;
  events_per_second: number;
}

export interface RebuildReadModelsOptions {
  sql: SqlClient;
  store: EventStore;
  /** The projections to rebuild (the registry of the app); the wallet projection alone by default. */
  projections?: readonly ProjectionDefinition[];
  /** Replace the live tables' contents with the rebuilt ones (in one transaction per projection). */
  swap?: boolean;
  batchSize?: number;
  /** Events applied per projection and transaction in the bulk replay (BULK_GROUP_EVENTS). */
  groupSize?: number;
  /** How many differing rows each table reports in detail. */
  maxSamples?: number;
  /** Leave the shadow schemas in place afterwards, for inspection. */
  keepShadowTables?: boolean;
  /** How many times to catch up with a projector that keeps moving before giving up. */
  maxRounds?: number;
  /** Called after each page of the bulk replay. */
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildReport {
  /** The lowest position a projection was compared (and swapped) at: its live checkpoint. */
  position: number;
  /** Events read from the log by the bulk replay (each once, whatever the number of projections). */
  events_replayed: number;
  events_per_second: number;
  duration_ms: number;
  identical: boolean;
  swapped: boolean;
  projections: ProjectionComparison[];
  /** Every projection's tables, in order. */
  tables: TableComparison[];
}

/**
 * Builds the projections again from position 0 into shadow tables (blue/green), compares each
 * with its live tables at its live checkpoint and, with `swap`, makes the live tables equal to
 * the rebuild. The bulk of the replay runs beside the live projectors (one transaction per page
 * and projection, reading the log once); the last step of each projection takes its checkpoint's
 * row lock (with swap) or a snapshot (without), applies the few events the live side got
 * meanwhile, compares and swaps in that one transaction, so the API keeps serving throughout and
 * readers see the old rows until the commit. Projections run no side effects: only their
 * `apply` runs, never a worker, a mailer or a cache invalidation.
 */
export async function rebuildReadModels(options: RebuildReadModelsOptions): Promise<RebuildReport> {
  const { sql, store } = options;
  const started = Date.now();
  const replay = await ShadowReplay.open(sql, options.projections ?? [WALLET_READ_MODELS], options.groupSize);
  try {
    const upTo = replay.upTo;
    let replayed = 0;
    for await (const page of readEventPages(store, { after: 0, upTo, batchSize: options.batchSize })) {
      await replay.applyPage(page);
      replayed += page.length;
      options.onProgress?.(progressAt(replayed, upTo, page, started));
    }
    const projections = await replay.settle({
      store,
      swap: options.swap === true,
      maxSamples: options.maxSamples ?? 20,
      batchSize: options.batchSize,
      maxRounds: options.maxRounds,
    });
    const duration = Date.now() - started;
    return {
      position: Math.min(...projections.map((p) => p.position)),
      events_replayed: replayed,
      events_per_second: ratePerSecond(replayed, duration),
      duration_ms: duration,
      identical: projections.every((p) => p.identical),
      swapped: options.swap === true && projections.every((p) => p.swapped),
      projections,
      tables: projections.flatMap((p) => p.tables),
    };
  } finally {
    if (!options.keepShadowTables) await replay.close();
  }
}

export interface LogReadReport {
  events: number;
  duration_ms: number;
  events_per_second: number;
}

/**
 * Reads the log from position 0 to the head the way a rebuild does (readEventPages, pages of the
 * same size) and applies nothing: how fast this process reads the log at all. A rebuild and an
 * audit read it the same way in one process, on one thread, so neither can pass this rate,
 * whatever its projections cost.
 */
export async function readLogOnly(
  store: EventStore,
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<LogReadReport> {
  const started = Date.now();
  const upTo = await store.headPosition();
  let events = 0;
  for await (const page of readEventPages(store, { after: 0, upTo, batchSize: options.batchSize })) {
    events += page.length;
    options.onProgress?.(progressAt(events, upTo, page, started));
  }
  const duration = Date.now() - started;
  return { events, duration_ms: duration, events_per_second: ratePerSecond(events, duration) };
}

/** Where a pass over the log stands after `page`, begun at `started` (ms). */
function progressAt(
  events: number,
  upTo: number,
  page: readonly TStoredEvent[],
  started: number,
): RebuildProgress {
  const elapsed = Date.now() - started;
  return {
    events,
    up_to: upTo,
    position: page[page.length - 1]!.global_position,
    elapsed_ms: elapsed,
    events_per_second: ratePerSecond(events, elapsed),
  };
}

export function ratePerSecond(events: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((events * 1000) / elapsedMs) : events;
}
