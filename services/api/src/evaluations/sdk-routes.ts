import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZApiKey,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZSdkItemsReply,
  ZSdkItemsRequest,
  evaluationIdOfProject,
  evaluationStreamId,
  sdkProjectId,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { ConflictError, NotFoundError, UnauthorizedError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { findEvaluation, iso, ownedEvaluation } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-routes.js';
import { ingestItems, refuseOversizedItems } from './items-ingest.js';

export const API_KEY_PREFIX = 'emk_';
const INVALID_KEY = 'Invalid project ID or API key';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function sdkRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = sdkRoutesDeps(context);
  apiKeyRoutes(app, deps);
  sdkIngestRoutes(app, deps);
}

/** What the routes below share, built once per app. */
function sdkRoutesDeps(context: DomainContext) {
  const { sql } = context;
  const ZKeyParams = ZEvaluationIdParams.extend({ keyId: z.string().max(100) });
  return { context, ZKeyParams, sql };
}

type Deps = ReturnType<typeof sdkRoutesDeps>;

/** A project's API keys: create, list, revoke. */
function apiKeyRoutes(app: App, { context, ZKeyParams, sql }: Deps): void {
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
}

/** Items sent by the SDK with a project API key. */
function sdkIngestRoutes(app: App, { context, sql }: Deps): void {
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
      refuseOversizedItems(items);
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
