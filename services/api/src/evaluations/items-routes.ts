import { createHash } from 'node:crypto';
import {
  DEFAULT_VOTES_PER_ITEM,
  MESSAGES,
  ZEvaluationItemPage,
  ZItemListQuery,
  ZUploadItemsReply,
  ZUploadItemsRequest,
  type TEvaluationItem,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { App } from '../app/build-app.js';
import { eventMetadata } from '../events/record-events.js';
import { ConflictError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { readConfig } from './config-routes.js';
import { iso, ownedEvaluation } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-routes.js';
import { ingestItems, refuseOversizedItems } from './items-ingest.js';

/** Comments shown per item in the owner's table; the rest are in the export. */
const MAX_COMMENTS_PER_ITEM = 20;
const CURSOR = /^(\d{1,18}):(\d{1,9})$/;

/** An uploaded row without an id is named by its content: the same file sent twice adds nothing. */
const uploadExternalId = (item: { input?: unknown; output?: unknown; metadata?: unknown }) =>
  `upload-${createHash('sha256')
    .update(JSON.stringify([item.input ?? null, item.output ?? null, item.metadata ?? null]))
    .digest('hex')
    .slice(0, 32)}`;

/** The item's verdict once votes_per_item votes are in: the majority, or a tie. */
export function itemVerdict(votes: number, good: number, votesPerItem: number): TEvaluationItem['verdict'] {
  if (votes < votesPerItem) return null;
  if (good * 2 === votes) return 'tie';
  return good * 2 > votes ? 'good' : 'bad';
}

async function countItems(sql: SqlExecutor, evaluationId: string): Promise<number> {
  const { rows } = await sql.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM evaluation_items WHERE evaluation_id = $1`,
    [evaluationId],
  );
  return Number(rows[0]?.total ?? 0);
}

interface ItemRow {
  item_id: string;
  external_id: string;
  source: string;
  input: unknown;
  output: unknown;
  metadata: unknown;
  ingested_at: Date | string;
  ingested_position: number | string;
  batch_index: number;
  vote_count: number;
  good_count: number;
}

async function commentsOf(sql: SqlExecutor, itemIds: string[]) {
  const byItem = new Map<string, TEvaluationItem['comments']>();
  if (itemIds.length === 0) return byItem;
  const { rows } = await sql.query<{
    item_id: string;
    value: 'good' | 'bad';
    comment: string;
    voted_at: Date | string;
  }>(
    `SELECT item_id, value, comment, voted_at FROM evaluation_votes
     WHERE item_id = ANY($1::text[]) AND comment IS NOT NULL AND comment <> ''
     ORDER BY voted_at, vote_id`,
    [itemIds],
  );
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    if (list.length < MAX_COMMENTS_PER_ITEM) {
      list.push({ vote: row.value, comment: row.comment, voted_at: iso(row.voted_at)! });
    }
    byItem.set(row.item_id, list);
  }
  return byItem;
}

/**
 * The owner's items: upload (CSV/JSONL rows parsed by the console) and the paged item table.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
export async function itemsRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;

  app.post(
    '/evaluations/:id/items',
    {
      schema: {
        tags: ['evaluations'],
        summary:
          'Owner only: adds items (one per CSV row or JSONL line, at most 500 a request); each needs an input or an output; idempotent on the id, or on the content when there is none. 409 when archived.',
        params: ZEvaluationIdParams,
        body: ZUploadItemsRequest,
        response: { 200: ZUploadItemsReply },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      if (row.status === 'archived') {
        throw new ConflictError('The evaluation is archived and takes no new items', 'evaluation_archived');
      }
      const items = request.body.items;
      refuseOversizedItems(items);
      const result = await ingestItems(
        context,
        row.id,
        'upload',
        items.map((item) => ({
          external_id: item.id ?? uploadExternalId(item),
          input: item.input,
          output: item.output,
          metadata: item.metadata,
        })),
        eventMetadata(request),
      );
      return {
        accepted: result.accepted.length,
        duplicates: result.duplicates,
        item_ids: result.itemIds,
        items_total: await countItems(sql, row.id),
      };
    },
  );

  app.get(
    '/evaluations/:id/items',
    {
      schema: {
        tags: ['evaluations'],
        summary:
          'Owner only: the items in the order evaluators get them, with vote counts, the verdict once complete and the comments (never who voted); keyset paged by cursor',
        params: ZEvaluationIdParams,
        querystring: ZItemListQuery,
        response: { 200: ZEvaluationItemPage },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const { cursor, limit } = request.query;
      const after = cursor === undefined ? undefined : CURSOR.exec(cursor);
      if (cursor !== undefined && !after) throw ValidationError.at(['query', 'cursor'], 'Invalid cursor');
      const params: unknown[] = [row.id, limit + 1];
      let keyset = '';
      if (after) {
        params.push(after[1], Number(after[2]));
        keyset = 'AND (ingested_position, batch_index) > ($3::bigint, $4::int)';
      }
      const { rows } = await sql.query<ItemRow & Record<string, unknown>>(
        `SELECT item_id, external_id, source, input, output, metadata, ingested_at, ingested_position,
                batch_index, vote_count, good_count
         FROM evaluation_items WHERE evaluation_id = $1 ${keyset}
         ORDER BY ingested_position, batch_index LIMIT $2`,
        params,
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const votesPerItem = (await readConfig(sql, row.id))?.votes_per_item ?? DEFAULT_VOTES_PER_ITEM;
      const comments = await commentsOf(
        sql,
        page.map((item) => item.item_id),
      );
      return {
        items: page.map((item) => ({
          item_id: item.item_id,
          external_id: item.external_id,
          source: item.source,
          input: item.input ?? null,
          output: item.output ?? null,
          metadata: item.metadata ?? null,
          ingested_at: iso(item.ingested_at)!,
          vote_count: Number(item.vote_count),
          good_count: Number(item.good_count),
          bad_count: Number(item.vote_count) - Number(item.good_count),
          verdict: itemVerdict(Number(item.vote_count), Number(item.good_count), votesPerItem),
          comments: comments.get(item.item_id) ?? [],
        })),
        items_total: await countItems(sql, row.id),
        votes_per_item: votesPerItem,
        next_cursor:
          rows.length > limit && last ? `${Number(last.ingested_position)}:${last.batch_index}` : null,
      };
    },
  );
}
