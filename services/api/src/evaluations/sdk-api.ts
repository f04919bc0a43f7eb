import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_ITEM_INPUT_BYTES,
  MAX_ITEM_METADATA_BYTES,
  MAX_ITEM_OUTPUT_BYTES,
  MESSAGES,
  ZApiKey,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZSdkItemsReply,
  ZSdkItemsRequest,
  evaluationIdOfProject,
  evaluationStreamId,
  evaluationWorkStreamId,
  sdkProjectId,
  type TEventMetadata,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { findEvaluation, iso, ownedEvaluation } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-api.js';

export const API_KEY_PREFIX = 'emk_';
const INVALID_KEY = 'Invalid project ID or API key';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

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
  source: 'sdk' | 'langfuse',
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

export async function sdkApi(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  const ZKeyParams = ZEvaluationIdParams.extend({ keyId: z.string().max(100) });

  app.post(
    '/evaluations/:id/api-keys',
    {
      schema: {
        tags: ['sdk'],
        summary: 'Owner only: a new project API key; the key is shown in this reply only (kept hashed)',
        params: ZEvaluationIdParams,
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey },
      },
    },
    async (request, reply) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const apiKey = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const keyId = randomUUID();
      await recordEvents(
        context,
        evaluationStreamId(row.id),
        [
          {
            type: 'ProjectApiKeyCreated',
            data: {
              evaluation_id: row.id,
              key_id: keyId,
              key_hash: hashKey(apiKey),
              key_prefix: apiKey.slice(0, 12),
              name: request.body.name,
              created_by: request.userId!,
            },
          },
        ],
        { metadata: eventMetadata(request) },
      );
      const key = (await listKeys(sql, row.id)).find((candidate) => candidate.key_id === keyId)!;
      reply.status(201);
      return { ...key, api_key: apiKey, project_id: sdkProjectId(row.id) };
    },
  );

  app.get(
    '/evaluations/:id/api-keys',
    {
      schema: {
        tags: ['sdk'],
        summary: 'Owner only: the project API keys (prefix only, never the key)',
        params: ZEvaluationIdParams,
        response: { 200: z.array(ZApiKey) },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      return listKeys(sql, row.id);
    },
  );

  app.delete(
    '/evaluations/:id/api-keys/:keyId',
    {
      schema: {
        tags: ['sdk'],
        summary: 'Owner only: revokes a key at once',
        params: ZKeyParams,
        response: { 200: ZApiKey },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const key = (await listKeys(sql, row.id)).find(
        (candidate) => candidate.key_id === request.params.keyId,
      );
      if (!key) throw new NotFoundError('API key not found');
      if (!key.revoked_at) {
        await recordEvents(
          context,
          evaluationStreamId(row.id),
          [{ type: 'ProjectApiKeyRevoked', data: { evaluation_id: row.id, key_id: key.key_id } }],
          { metadata: eventMetadata(request) },
        );
      }
      return (await listKeys(sql, row.id)).find((candidate) => candidate.key_id === key.key_id)!;
    },
  );

  app.post(
    '/sdk/items',
    {
      // Authenticated by the project's API key, not a session; idempotent on each item's own id,
      // so no Idempotency-Key is needed.
      config: {
        public: true,
        idempotency: false,
        openapi: { security: [{ projectApiKey: [] }] },
      },
      schema: {
        tags: ['sdk'],
        summary: `Items to evaluate, authenticated by the project id (proj_...) and a project API key (Authorization: Bearer ${API_KEY_PREFIX}... or X-API-Key); up to 1,000 per batch; idempotent on each item's id`,
        body: ZSdkItemsRequest,
        response: { 202: ZSdkItemsReply },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const bearer =
        typeof header === 'string' && /^Bearer\s+/i.test(header)
          ? header.replace(/^Bearer\s+/i, '')
          : undefined;
      const rawKey =
        bearer ??
        (typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'] : undefined);
      const evaluationId = evaluationIdOfProject(request.body.project_id);
      if (!rawKey || !evaluationId) throw new UnauthorizedError(INVALID_KEY);
      const { rows } = await sql.query<{ evaluation_id: string }>(
        `SELECT evaluation_id FROM project_api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
        [hashKey(rawKey.trim())],
      );
      if (rows[0]?.evaluation_id !== evaluationId) throw new UnauthorizedError(INVALID_KEY);
      const evaluation = await findEvaluation(sql, evaluationId);
      if (!evaluation) throw new UnauthorizedError(INVALID_KEY);
      if (evaluation.status === 'archived') {
        throw new ConflictError('The evaluation is archived and takes no new items', 'evaluation_archived');
      }
      const items = request.body.items;
      for (const [index, item] of items.entries()) {
        for (const [field, limit] of [
          ['input', MAX_ITEM_INPUT_BYTES],
          ['output', MAX_ITEM_OUTPUT_BYTES],
          ['metadata', MAX_ITEM_METADATA_BYTES],
        ] as const) {
          if (byteLength(item[field]) > limit) {
            throw ValidationError.at(
              ['body', 'items', index, field],
              `must be at most ${limit} bytes as JSON`,
            );
          }
        }
      }
      const result = await ingestItems(
        context,
        evaluationId,
        'sdk',
        items.map((item) => ({
          external_id: item.id,
          input: item.input,
          output: item.output,
          metadata: item.metadata,
        })),
        eventMetadata(request, `sdk:${request.body.project_id}`),
      );
      reply.status(202);
      return {
        project_id: request.body.project_id,
        accepted: result.accepted.length,
        duplicates: result.duplicates,
        item_ids: result.itemIds,
      };
    },
  );
}

async function listKeys(sql: SqlExecutor, evaluationId: string) {
  const { rows } = await sql.query<{
    key_id: string;
    name: string;
    key_prefix: string;
    created_at: Date | string;
    revoked_at: Date | string | null;
  }>(
    `SELECT key_id, name, key_prefix, created_at, revoked_at FROM project_api_keys
     WHERE evaluation_id = $1 ORDER BY created_at DESC, key_id`,
    [evaluationId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at)!, revoked_at: iso(row.revoked_at) }));
}
