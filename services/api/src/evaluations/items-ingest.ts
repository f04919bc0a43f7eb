import { createHash } from 'node:crypto';
import {
  MAX_ITEM_INPUT_BYTES,
  MAX_ITEM_METADATA_BYTES,
  MAX_ITEM_OUTPUT_BYTES,
  evaluationWorkStreamId,
  type TEventMetadata,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { recordEvents } from '../events/record-events.js';
import { ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';

/*
 * Items enter an evaluation here, whatever their source (manual items of the create page, the
 * owner's upload, the SDK, the Langfuse sync): one ItemsIngested event per chunk, idempotent on
 * the item's external id, and the claim book learns of them at once.
 */

export type ItemSource = 'manual' | 'upload' | 'sdk' | 'langfuse';

/** The item's own id names it: the same id sent twice is one item (retries are harmless). */
export const itemIdOf = (evaluationId: string, externalId: string) =>
  `item-${createHash('sha256').update(`${evaluationId}\n${externalId}`).digest('hex').slice(0, 40)}`;

export interface IngestItem {
  external_id: string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
}

/** Records the items not ingested yet (by external id); returns their ids and the duplicate count. */
export async function ingestItems(
  context: Pick<DomainContext, 'store' | 'domain' | 'sql' | 'loop'>,
  evaluationId: string,
  source: ItemSource,
  items: readonly IngestItem[],
  metadata: TEventMetadata,
): Promise<{ accepted: string[]; duplicates: number; itemIds: string[] }> {
  const seen = new Set<string>();
  const unique = items.filter((item) =>
    seen.has(item.external_id) ? false : (seen.add(item.external_id), true),
  );
  const existing = await existingExternalIds(
    context.sql,
    evaluationId,
    unique.map((item) => item.external_id),
  );
  const fresh = unique.filter((item) => !existing.has(item.external_id));
  if (fresh.length > 0) {
    await recordEvents(
      context,
      evaluationWorkStreamId(evaluationId),
      chunkBySize(fresh.map((item) => ({ item_id: itemIdOf(evaluationId, item.external_id), ...item }))).map(
        (chunk) => ({ type: 'ItemsIngested', data: { evaluation_id: evaluationId, source, items: chunk } }),
      ),
      { metadata },
    );
    await context.loop.books.addItems(
      evaluationId,
      fresh.map((item) => itemIdOf(evaluationId, item.external_id)),
    );
  }
  return {
    accepted: fresh.map((item) => item.external_id),
    duplicates: items.length - fresh.length,
    itemIds: items.map((item) => itemIdOf(evaluationId, item.external_id)),
  };
}

/** Room for the event's own fields besides its items. */
const EVENT_DATA_BUDGET_CHARS = 60_000;

/** Splits items over events so each event's data stays under the store's size limit. */
export function chunkBySize<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = JSON.stringify(item).length + 1;
    if (current.length > 0 && size + itemSize > EVENT_DATA_BUDGET_CHARS) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Cuts a value that is too large to keep (Langfuse traces) down to a short preview. */
export function fitValue(value: unknown, limitBytes: number): unknown {
  if (value === undefined || value === null) return undefined;
  const json = JSON.stringify(value);
  if (json === undefined || Buffer.byteLength(json) <= limitBytes) return value;
  return { truncated: true, preview: json.slice(0, Math.floor(limitBytes / 8)) };
}

async function existingExternalIds(
  sql: SqlExecutor,
  evaluationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql.query<{ external_id: string }>(
    `SELECT external_id FROM evaluation_items WHERE evaluation_id = $1 AND external_id = ANY($2::text[])`,
    [evaluationId, ids],
  );
  return new Set(rows.map((row) => row.external_id));
}

const byteLength = (value: unknown) =>
  value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value) ?? '');

/** Each item fits one event: a field over its limit is a 422 naming the item's place in the batch. */
export function refuseOversizedItems(
  items: ReadonlyArray<{ input?: unknown; output?: unknown; metadata?: unknown }>,
): void {
  for (const [index, item] of items.entries()) {
    for (const [field, limit] of [
      ['input', MAX_ITEM_INPUT_BYTES],
      ['output', MAX_ITEM_OUTPUT_BYTES],
      ['metadata', MAX_ITEM_METADATA_BYTES],
    ] as const) {
      if (byteLength(item[field]) > limit) {
        throw ValidationError.at(['body', 'items', index, field], `must be at most ${limit} bytes as JSON`);
      }
    }
  }
}
