import {
  MAX_ITEM_INPUT_BYTES,
  MAX_ITEM_METADATA_BYTES,
  MAX_ITEM_OUTPUT_BYTES,
  evaluationWorkStreamId,
} from '@evalmarket/contracts';
import { recordEvents } from '../events/record-events.js';
import {
  LangfuseError,
  listRootObservations,
  type LangfuseRootObservation,
  type RootObservationsPage,
} from './langfuse-client.js';
import type { LangfuseJobContext } from './langfuse-jobs.js';
import { chunkBySize, fitValue, ingestItems, itemIdOf, type IngestItem } from './items-ingest.js';
import { iso } from './evaluation-access.js';

/*
 * Trace sync: the root observation of each trace (GET /api/public/v2/observations,
 * isRootObservation=true) becomes an item whose external id is the trace id.
 *
 * Langfuse pages observations newest first with an opaque cursor, so the sync works in sweeps: a
 * sweep reads every root observation that started in [from, to), with `to` = when the sweep began
 * and `from` = where the last sweep ended less LATE_ARRIVAL_MS, page by page. Each page's cursor is
 * recorded (LangfuseSyncProgressed), so a restart goes on with the next page instead of reading
 * all history again; the end of a sweep records `synced_until`.
 *
 * The overlap of each sweep with the last re-reads recent traces: one that reached Langfuse late
 * with an older start time is found, and one read before its output arrived is updated
 * (ItemsUpdated) once the output is there.
 */

/**
 * Most pages read per connection and tick; the next tick goes on from the recorded cursor. With
 * a tick every 10 s this stays under the 30 requests a minute of Langfuse Cloud's hobby plan,
 * which the score push shares.
 */
const MAX_PAGES_PER_TICK = 3;
/**
 * Langfuse's default page size. Each observation carries its input and output (stored here cut
 * to MAX_ITEM_*_BYTES, but sent whole by Langfuse); a page over the 5 MiB response limit or the
 * outbound time limit is asked for again at half the size, down to one observation.
 */
export const DEFAULT_PAGE_LIMIT = 50;
/** How far back each sweep reads again: Langfuse ingests asynchronously, so traces arrive late. */
export const LATE_ARRIVAL_MS = 10 * 60_000;
/** A finished sweep that found nothing new is recorded only when it moves this far. */
const MIN_RECORDED_ADVANCE_MS = 60_000;

interface Sweep {
  from: string | null;
  to: string;
  cursor: string | null;
}

export async function syncLangfuseTraces(job: LangfuseJobContext): Promise<void> {
  const { connection } = job;
  const syncedUntil = iso(connection.synced_until);
  const sweep: Sweep = connection.sync_window_to
    ? {
        from: iso(connection.sync_window_from),
        to: iso(connection.sync_window_to)!,
        cursor: connection.sync_cursor,
      }
    : {
        from: syncedUntil ? new Date(Date.parse(syncedUntil) - LATE_ARRIVAL_MS).toISOString() : null,
        to: new Date().toISOString(),
        cursor: null,
      };
  for (let read = 0; read < MAX_PAGES_PER_TICK; read += 1) {
    const page = await readPage(job, sweep);
    // Oldest first within the page, so a batch of items is offered in the order the traces began.
    const changed = await storeObservations(job, [...page.observations].reverse());
    if (page.cursor) {
      sweep.cursor = page.cursor;
      await recordProgress(job, { ...sweep, syncedUntil });
      continue;
    }
    // The sweep is over. A quiet sweep is not recorded (the next one simply starts from the same
    // place), nor one that only saw known traces again and moves the mark by less than a minute.
    const midSweep = Boolean(connection.sync_window_to) || read > 0;
    const seen = page.observations.length > 0;
    const advance = Date.parse(sweep.to) - (syncedUntil ? Date.parse(syncedUntil) : 0);
    if (changed || midSweep || (seen && advance >= MIN_RECORDED_ADVANCE_MS)) {
      await recordProgress(job, { from: null, to: sweep.to, cursor: null, syncedUntil: sweep.to });
    }
    return;
  }
}

/**
 * One page of the sweep, at the size that last worked. A page too large for the response limit
 * (or too slow) is asked for again at half the size; a single observation that is still too large
 * is stepped over (read without its input and output, to learn where the page after it starts).
 */
async function readPage(job: LangfuseJobContext, sweep: Sweep): Promise<RootObservationsPage> {
  const memory = job.memory;
  for (;;) {
    const limit = memory.pageLimit ?? DEFAULT_PAGE_LIMIT;
    const request = {
      from: sweep.from ?? undefined,
      to: sweep.to,
      cursor: sweep.cursor ?? undefined,
      limit,
    };
    try {
      const page = await listRootObservations(job.credentials, job.outbound, request);
      memory.pageLimit = Math.min(DEFAULT_PAGE_LIMIT, limit * 2);
      return page;
    } catch (error) {
      const tooBig =
        error instanceof LangfuseError && (error.kind === 'too_large' || error.kind === 'timed_out');
      if (!tooBig) throw error;
      if (limit > 1) {
        memory.pageLimit = Math.max(1, Math.floor(limit / 2));
        continue;
      }
      if (error.kind !== 'too_large') throw error;
      const skipped = await listRootObservations(job.credentials, job.outbound, {
        ...request,
        fields: 'core',
      });
      job.context.logger.warn(
        {
          evaluation_id: job.connection.evaluation_id,
          trace_ids: skipped.observations.map((o) => o.traceId),
        },
        'Langfuse trace over the response size limit skipped',
      );
      return { observations: [], cursor: skipped.cursor };
    }
  }
}

async function recordProgress(
  job: LangfuseJobContext,
  progress: { from: string | null; to: string; cursor: string | null; syncedUntil: string | null },
): Promise<void> {
  const { connection } = job;
  await recordEvents(
    job.context,
    evaluationWorkStreamId(connection.evaluation_id),
    [
      {
        type: 'LangfuseSyncProgressed',
        data: {
          evaluation_id: connection.evaluation_id,
          host: connection.host,
          project_id: connection.project_id,
          window_from: progress.from,
          window_to: progress.to,
          cursor: progress.cursor,
          synced_until: progress.syncedUntil,
        },
      },
    ],
    { metadata: { actor: 'worker:langfuse-sync' } },
  );
  connection.sync_window_from = progress.cursor ? progress.from : null;
  connection.sync_window_to = progress.cursor ? progress.to : null;
  connection.sync_cursor = progress.cursor;
  connection.synced_until = progress.syncedUntil;
}

const asItem = (observation: LangfuseRootObservation): IngestItem => ({
  external_id: observation.traceId,
  input: fitValue(observation.input, MAX_ITEM_INPUT_BYTES),
  output: fitValue(observation.output, MAX_ITEM_OUTPUT_BYTES),
  metadata: fitValue(observation.metadata, MAX_ITEM_METADATA_BYTES),
});

/** New traces become items; traces whose input, output or metadata changed update theirs. */
async function storeObservations(
  job: LangfuseJobContext,
  observations: readonly LangfuseRootObservation[],
): Promise<boolean> {
  if (observations.length === 0) return false;
  const { context, connection } = job;
  const items = observations.map(asItem);
  const { rows } = await context.sql.query<{
    external_id: string;
    input: unknown;
    output: unknown;
    metadata: unknown;
  }>(
    `SELECT external_id, input, output, metadata FROM evaluation_items
     WHERE evaluation_id = $1 AND external_id = ANY($2::text[])`,
    [connection.evaluation_id, items.map((item) => item.external_id)],
  );
  const stored = new Map(rows.map((row) => [row.external_id, row]));
  const fresh = items.filter((item) => !stored.has(item.external_id));
  const changed = items.filter((item) => {
    const row = stored.get(item.external_id);
    return row !== undefined && canonicalJson(row) !== canonicalJson({ ...item });
  });
  if (fresh.length > 0) {
    await ingestItems(context, connection.evaluation_id, 'langfuse', fresh, {
      actor: 'worker:langfuse-sync',
    });
  }
  if (changed.length > 0) {
    await recordEvents(
      context,
      evaluationWorkStreamId(connection.evaluation_id),
      chunkBySize(
        changed.map((item) => ({ item_id: itemIdOf(connection.evaluation_id, item.external_id), ...item })),
      ).map((chunk) => ({
        type: 'ItemsUpdated',
        data: { evaluation_id: connection.evaluation_id, source: 'langfuse', items: chunk },
      })),
      { metadata: { actor: 'worker:langfuse-sync' } },
    );
  }
  return fresh.length > 0 || changed.length > 0;
}

/** JSON with object keys sorted and absent values as null (how jsonb gives them back). */
function canonicalJson(item: { input?: unknown; output?: unknown; metadata?: unknown }): string {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, entry]) => entry !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, entry]) => [key, sort(entry)]),
      );
    }
    return value;
  };
  return JSON.stringify([item.input ?? null, item.output ?? null, item.metadata ?? null].map(sort));
}
