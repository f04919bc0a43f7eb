import {
  MESSAGES,
  ZEvaluationConfig,
  ZLangfuseConnectRequest,
  ZLangfuseConnection,
  ZLangfuseTestRequest,
  ZLangfuseUpdateRequest,
  ZValidateAppUrlReply,
  ZValidateAppUrlRequest,
  evaluationStreamId,
  type TEvaluationConfig,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { AppError, NotFoundError, ValidationError } from '../http/errors.js';
import type { SecretBox } from '../http/outbound/secret-box.js';
import { guardedRequest, OutboundRequestRefused } from '../http/outbound/ssrf-guard.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { iso, ownedEvaluation, spendableCredits } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-routes.js';
import {
  LangfuseError,
  checkObservationsApi,
  listLangfuseProjects,
  type LangfuseCredentials,
} from './langfuse-client.js';

const PAID_LEVELS = new Set(['paid_only', 'both']);

export async function readConfig(
  sql: SqlExecutor,
  evaluationId: string,
): Promise<TEvaluationConfig | undefined> {
  const { rows } = await sql.query<{ config: TEvaluationConfig }>(
    `SELECT config FROM evaluation_configs WHERE evaluation_id = $1`,
    [evaluationId],
  );
  return rows[0] ? ZEvaluationConfig.parse(rows[0].config) : undefined;
}

/**
 * Human evaluation needs something to evaluate: items already in (manual, uploaded, SDK or
 * Langfuse), or a way for them to arrive (a Langfuse connection or an SDK key).
 */
async function hasItemSource(sql: SqlExecutor, evaluationId: string): Promise<boolean> {
  const { rows } = await sql.query<{ found: number }>(
    `(SELECT 1 AS found FROM evaluation_items WHERE evaluation_id = $1 LIMIT 1)
     UNION ALL SELECT 1 FROM langfuse_connections WHERE evaluation_id = $1
     UNION ALL SELECT 1 FROM project_api_keys WHERE evaluation_id = $1 AND revoked_at IS NULL LIMIT 1`,
    [evaluationId],
  );
  return rows.length > 0;
}

interface ConnectionRow {
  evaluation_id: string;
  public_key: string;
  secret_key_sealed: string;
  host: string;
  project_id: string;
  project_name: string;
  connection_status: string;
  sync_error: string | null;
  score_error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function readConnection(
  sql: SqlExecutor,
  evaluationId: string,
): Promise<ConnectionRow | undefined> {
  const { rows } = await sql.query<ConnectionRow & Record<string, unknown>>(
    `SELECT * FROM langfuse_connections WHERE evaluation_id = $1`,
    [evaluationId],
  );
  return rows[0];
}

const connectionReply = (row: ConnectionRow) => ({
  evaluation_id: row.evaluation_id,
  langfuse_public_key: row.public_key,
  langfuse_host: row.host,
  langfuse_project_id: row.project_id,
  langfuse_project_name: row.project_name,
  connection_status: row.connection_status,
  last_error: row.sync_error ?? row.score_error ?? null,
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

export async function configRoutes(app: App, context: DomainContext, box: SecretBox): Promise<void> {
  const deps = await configRoutesDeps(context, box);
  evaluationConfigRoutes(app, deps);
  langfuseConnectRoutes(app, deps);
  langfuseConnectionRoutes(app, deps);
}

/** What the routes below share, built once per app. */
async function configRoutesDeps(context: DomainContext, box: SecretBox) {
  const { sql, config } = context;
  const outbound = { timeoutMs: config.outboundTimeoutMs, allowedOrigins: config.outboundAllowedOrigins };
  const ZConfigReply = z.object({ success: z.boolean(), data: ZEvaluationConfig });

  const withBalance = async (cfg: TEvaluationConfig, ownerId: string): Promise<TEvaluationConfig> => ({
    ...cfg,
    current_credit_balance: (await spendableCredits(context, ownerId)) / 1000,
  });

  // ------------------------------------------------------------------ Langfuse

  // The keys must list their project and read traces the way the sync does (observations v2).
  const testCredentials = async (credentials: LangfuseCredentials) => {
    try {
      const projects = await listLangfuseProjects(credentials, outbound);
      await checkObservationsApi(credentials, outbound);
      return projects;
    } catch (error) {
      if (error instanceof LangfuseError) {
        throw new AppError(
          400,
          'langfuse_connection_failed',
          `${MESSAGES.connectionTestFailed}: ${error.message}`,
        );
      }
      throw error;
    }
  };
  const requireFields = (fields: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(fields)) {
      if (!value || value.trim() === '')
        throw ValidationError.at(['body', name], MESSAGES.langfuseFieldsRequired);
    }
  };

  const saveConnection = async (
    request: FastifyRequest,
    evaluationId: string,
    next: { public_key: string; secret_key: string; host: string; project_id: string; project_name: string },
    existing: ConnectionRow | undefined,
  ) => {
    requireFields({
      langfuse_public_key: next.public_key,
      langfuse_secret_key: next.secret_key,
      langfuse_host: next.host,
    });
    if (!next.project_id.trim())
      throw ValidationError.at(['body', 'langfuse_project_id'], MESSAGES.langfuseProjectRequired);
    const projects = await testCredentials({
      host: next.host,
      publicKey: next.public_key,
      secretKey: next.secret_key,
    });
    const project = projects.find((candidate) => candidate.id === next.project_id);
    if (!project) {
      throw ValidationError.at(
        ['body', 'langfuse_project_id'],
        'This Langfuse project is not reachable with these keys',
      );
    }
    const data = {
      evaluation_id: evaluationId,
      public_key: next.public_key,
      secret_key_sealed: box.seal(next.secret_key),
      host: next.host.replace(/\/+$/, ''),
      project_id: project.id,
      project_name: next.project_name || project.name,
    };
    await recordEvents(
      context,
      evaluationStreamId(evaluationId),
      [{ type: existing ? 'LangfuseUpdated' : 'LangfuseConnected', data }],
      { metadata: eventMetadata(request) },
    );
    return connectionReply((await readConnection(sql, evaluationId))!);
  };
  return {
    context,
    box,
    outbound,
    ZConfigReply,
    withBalance,
    testCredentials,
    requireFields,
    saveConnection,
    sql,
    config,
  };
}

type Deps = Awaited<ReturnType<typeof configRoutesDeps>>;

/**
 * The evaluation configuration: read, save, check the app URL.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
function evaluationConfigRoutes(app: App, { context, ZConfigReply, withBalance, sql, config }: Deps): void {
  app.get(
    '/projects/:id/evaluation-config',
    {
      schema: {
        tags: ['evaluation configuration'],
        summary:
          'Owner only. 404 when not configured; 400 when the evaluation has no items and neither Langfuse nor an SDK key is connected yet',
        params: ZEvaluationIdParams,
        response: { 200: ZConfigReply },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerConfigRead);
      const stored = await readConfig(sql, row.id);
      if (!stored) {
        if (!(await hasItemSource(sql, row.id)))
          throw new AppError(400, 'langfuse_required', MESSAGES.langfuseRequired);
        throw new NotFoundError(MESSAGES.configNotFound);
      }
      return { success: true, data: await withBalance(stored, row.creator_id) };
    },
  );

  app.post(
    '/projects/:id/evaluation-config',
    {
      schema: {
        tags: ['evaluation configuration'],
        summary: 'Owner only: saves the human-evaluation configuration (spec 000 section 3)',
        params: ZEvaluationIdParams,
        body: ZEvaluationConfig,
        response: { 200: ZConfigReply },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerConfig);
      const { current_credit_balance: _ignored, ...body } = request.body;
      const level = body.permission_level;
      if (PAID_LEVELS.has(level) && body.credit_rates.expert_rate <= body.credit_rates.community_rate) {
        throw ValidationError.at(['body', 'credit_rates', 'expert_rate'], MESSAGES.expertRateHigher);
      }
      if (level !== 'disabled' && body.app_detection.primary_url.trim() === '') {
        throw ValidationError.at(['body', 'app_detection', 'primary_url'], 'App URL is required');
      }
      if (body.budget_control.budget_enabled) {
        for (const field of ['max_budget_amount', 'max_evaluations'] as const) {
          if (body.budget_control[field] == null) {
            throw ValidationError.at(
              ['body', 'budget_control', field],
              'is required when the budget is enabled',
            );
          }
        }
      } else {
        body.budget_control = { ...body.budget_control, max_budget_amount: null, max_evaluations: null };
      }
      if (level !== 'disabled' && !(await hasItemSource(sql, row.id))) {
        throw new AppError(400, 'langfuse_required', MESSAGES.langfuseRequired);
      }
      await recordEvents(
        context,
        evaluationStreamId(row.id),
        [{ type: 'EvaluationConfigured', data: { evaluation_id: row.id, config: body } }],
        { metadata: eventMetadata(request) },
      );
      context.loop.books.forget(row.id);
      const stored = (await readConfig(sql, row.id))!;
      return { success: true, data: await withBalance(stored, row.creator_id) };
    },
  );

  app.post(
    '/projects/:id/validate-app-url',
    {
      schema: {
        tags: ['evaluation configuration'],
        summary: 'Owner only: is the app URL reachable? (short timeout, SSRF guard)',
        params: ZEvaluationIdParams,
        body: ZValidateAppUrlRequest,
        response: { 200: ZValidateAppUrlReply },
      },
    },
    async (request) => {
      await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerConfig);
      try {
        const response = await guardedRequest(request.body.url, {
          method: 'GET',
          timeoutMs: config.outboundTimeoutMs,
          allowedOrigins: config.outboundAllowedOrigins,
          maxRedirects: 3,
          maxResponseBytes: 256 * 1024,
        });
        const accessible = response.status < 400;
        return {
          success: true,
          data: {
            accessible,
            status_code: response.status,
            error_message: accessible ? null : `The app answered HTTP ${response.status}`,
          },
        };
      } catch (error) {
        const message =
          error instanceof OutboundRequestRefused
            ? error.message
            : `The URL could not be reached (${(error as Error).message})`;
        return { success: false, data: { accessible: false, status_code: null, error_message: message } };
      }
    },
  );
}

/** Connecting Langfuse: test the keys, connect. */
function langfuseConnectRoutes(
  app: App,
  { testCredentials, requireFields, saveConnection, sql }: Deps,
): void {
  app.post(
    '/evaluations/:id/langfuse/test',
    {
      schema: {
        tags: ['langfuse'],
        summary:
          'Owner only: checks the keys against {host}/api/public/projects and /api/public/v2/observations and lists the projects',
        params: ZEvaluationIdParams,
        body: ZLangfuseTestRequest,
        response: {
          200: z.object({
            success: z.boolean(),
            projects: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const body = request.body;
      requireFields({
        langfuse_public_key: body.langfuse_public_key,
        langfuse_secret_key: body.langfuse_secret_key,
        langfuse_host: body.langfuse_host,
      });
      const projects = await testCredentials({
        host: body.langfuse_host,
        publicKey: body.langfuse_public_key,
        secretKey: body.langfuse_secret_key,
      });
      return { success: true, projects };
    },
  );

  app.post(
    '/evaluations/:id/langfuse/connect',
    {
      schema: {
        tags: ['langfuse'],
        summary:
          'Owner only: saves the connection (updates it when one exists); the secret key is stored encrypted',
        params: ZEvaluationIdParams,
        body: ZLangfuseConnectRequest,
        response: { 200: ZLangfuseConnection },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const body = request.body;
      return saveConnection(
        request,
        row.id,
        {
          public_key: body.langfuse_public_key,
          secret_key: body.langfuse_secret_key,
          host: body.langfuse_host,
          project_id: body.langfuse_project_id,
          project_name: body.langfuse_project_name,
        },
        await readConnection(sql, row.id),
      );
    },
  );
}

/** The Langfuse connection: read, update, remove. */
function langfuseConnectionRoutes(app: App, { box, context, saveConnection, sql }: Deps): void {
  app.get(
    '/evaluations/:id/langfuse',
    {
      schema: {
        tags: ['langfuse'],
        summary: 'Owner only: the connection without its secret key; 404 when there is none',
        params: ZEvaluationIdParams,
        response: { 200: ZLangfuseConnection },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const connection = await readConnection(sql, row.id);
      if (!connection) throw new NotFoundError(MESSAGES.langfuseNotFound);
      return connectionReply(connection);
    },
  );

  app.put(
    '/evaluations/:id/langfuse',
    {
      schema: {
        tags: ['langfuse'],
        summary: 'Owner only: changes the connection; omitted fields (the secret key too) stay',
        params: ZEvaluationIdParams,
        body: ZLangfuseUpdateRequest,
        response: { 200: ZLangfuseConnection },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      const existing = await readConnection(sql, row.id);
      if (!existing) throw new NotFoundError(MESSAGES.langfuseNotFound);
      const body = request.body;
      return saveConnection(
        request,
        row.id,
        {
          public_key: body.langfuse_public_key ?? existing.public_key,
          secret_key: body.langfuse_secret_key ?? box.open(existing.secret_key_sealed),
          host: body.langfuse_host ?? existing.host,
          project_id: body.langfuse_project_id ?? existing.project_id,
          project_name: body.langfuse_project_name ?? existing.project_name,
        },
        existing,
      );
    },
  );

  app.delete(
    '/evaluations/:id/langfuse',
    {
      schema: {
        tags: ['langfuse'],
        summary: 'Owner only: removes the connection; 404 when there is none',
        params: ZEvaluationIdParams,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, MESSAGES.notOwnerIntegration);
      if (!(await readConnection(sql, row.id))) throw new NotFoundError(MESSAGES.langfuseNotFound);
      await recordEvents(
        context,
        evaluationStreamId(row.id),
        [{ type: 'LangfuseDisconnected', data: { evaluation_id: row.id } }],
        { metadata: eventMetadata(request) },
      );
      return { success: true };
    },
  );
}
