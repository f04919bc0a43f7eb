import { randomUUID } from 'node:crypto';
import {
  DEFAULT_VOTES_PER_ITEM,
  EVALUATION_STATUS_TRANSITIONS,
  MESSAGES,
  ZChangeEvaluationStatusRequest,
  ZCreateEvaluationRequest,
  ZEvaluation,
  ZEvaluationListItem,
  ZEvaluationListQuery,
  ZEvaluationVersion,
  ZUpdateEvaluationRequest,
  createEvaluationProblem,
  evaluationStreamId,
  type TCreateEvaluationRequest,
  type TEvaluation,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { EventStoreError } from '@evalmarket/eventstore';
import { z } from 'zod';
import {
  decodeTimeIdCursor,
  encodeTimeIdCursor,
  NEXT_PAGE_HEADER,
  TIME_KEY_SQL,
} from '../http/keyset-cursor.js';
import type { App } from '../app/build-app.js';
import { UnauthorizedError, ConflictError, PaymentRequiredError, ValidationError } from '../http/errors.js';
import { requireUser } from '../auth/guards.js';
import type { SecretBox } from '../http/outbound/secret-box.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { ingestItems, type IngestItem } from './items-ingest.js';
import {
  ownedEvaluation,
  readableEvaluation,
  spendableCredits,
  toEvaluation,
  type EvaluationRow,
} from './evaluation-access.js';

/**
 * Edits and status changes are decided on the version read; another change in between (a second
 * tab, a retry racing the first) is a 409 rather than a transition from a state that is gone.
 */
async function guardConcurrency<T>(append: () => Promise<T>): Promise<T> {
  try {
    return await append();
  } catch (error) {
    if (error instanceof EventStoreError && error.code === 'wrong_expected_version') {
      throw new ConflictError(
        'The evaluation changed meanwhile; reload it and try again',
        'concurrent_modification',
      );
    }
    throw error;
  }
}

export const ZEvaluationIdParams = z.object({ id: z.string().max(100) });

/** The stored form never carries a secret; the sealed model API key is dropped from replies. */
function publicEvaluation(row: EvaluationRow): TEvaluation {
  const evaluation = toEvaluation(row);
  const model = evaluation.parameters.model_configuration as Record<string, unknown> | undefined;
  if (model && 'api_key_sealed' in model) {
    const { api_key_sealed: _sealed, ...rest } = model;
    evaluation.parameters = { ...evaluation.parameters, model_configuration: { ...rest, has_api_key: true } };
  }
  return evaluation;
}

/**
 * The create page's manual items become the evaluation's first items, named by their place
 * (manual-1, ...), so evaluators have something to vote on from the start. The model the owner
 * chose travels with each item, so the workspace and the item table say what produced it.
 */
function manualItemsOf(body: TCreateEvaluationRequest): IngestItem[] {
  const input = body.input_configuration;
  if (input?.type !== 'manual') return [];
  const model = body.model_configuration?.type ?? body.model_type;
  return (input.items ?? [])
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text, index) => ({ external_id: `manual-${index + 1}`, input: text, metadata: { model } }));
}

/**
 * Items, complete items (votes_per_item votes, 3 unless configured) and votes of the owner's
 * evaluations, for My Evaluations; one grouped query for the page (at most 100 evaluations).
 */
async function progressOf(sql: SqlExecutor, ids: string[]) {
  const progress = new Map<string, { items_total: number; items_complete: number; votes_cast: number }>();
  for (const id of ids) progress.set(id, { items_total: 0, items_complete: 0, votes_cast: 0 });
  if (ids.length === 0) return progress;
  const { rows } = await sql.query<{
    evaluation_id: string;
    items_total: number | string;
    items_complete: number | string;
    votes_cast: number | string;
  }>(
    `SELECT i.evaluation_id, count(*) AS items_total,
            count(*) FILTER (WHERE i.vote_count >= coalesce((c.config->>'votes_per_item')::int, $2)) AS items_complete,
            coalesce(sum(i.vote_count), 0) AS votes_cast
     FROM evaluation_items i LEFT JOIN evaluation_configs c ON c.evaluation_id = i.evaluation_id
     WHERE i.evaluation_id = ANY($1::text[])
     GROUP BY i.evaluation_id`,
    [ids, DEFAULT_VOTES_PER_ITEM],
  );
  for (const row of rows) {
    progress.set(row.evaluation_id, {
      items_total: Number(row.items_total),
      items_complete: Number(row.items_complete),
      votes_cast: Number(row.votes_cast),
    });
  }
  return progress;
}

export async function evaluationsRoutes(app: App, context: DomainContext, box: SecretBox): Promise<void> {
  const deps = evaluationsRoutesDeps(context, box);
  createEvaluationRoutes(app, deps);
  evaluationReadRoutes(app, deps);
  evaluationChangeRoutes(app, deps);
}

/** What the routes below share, built once per app. */
function evaluationsRoutesDeps(context: DomainContext, box: SecretBox) {
  const { sql } = context;
  return { context, box, sql };
}

type Deps = ReturnType<typeof evaluationsRoutesDeps>;

/** Creating an evaluation (a job): checks, the first-project bonus, manual items. */
function createEvaluationRoutes(app: App, { context, box, sql }: Deps): void {
  app.post(
    '/jobs',
    {
      config: { signedOutMessage: MESSAGES.signedOutCreate, openapi: { errors: [402] } },
      schema: {
        tags: ['evaluations'],
        summary:
          'Create an evaluation (status draft for Save Draft). An active one needs budget_amount spendable credits, else 402; the first-project bonus is granted first.',
        body: ZCreateEvaluationRequest,
        response: { 201: ZEvaluation },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const body = request.body;
      const problem = createEvaluationProblem(body);
      if (problem) throw ValidationError.at(['body', ...problem.path], problem.message);

      const metadata = eventMetadata(request);
      const [opened, bonus] = await context.ledger.submitMany(
        [
          { type: 'OpenUserAccounts', data: { user_id: userId } },
          { type: 'GrantBonus', data: { user_id: userId } },
        ],
        metadata,
      );
      if (!opened!.ok) throw ledgerRejectionError(opened!);
      if (!bonus!.ok) throw ledgerRejectionError(bonus!);
      const bonusEvent = bonus!.events[bonus!.events.length - 1];
      if (bonusEvent) await context.wallet.waitFor(bonusEvent.global_position);

      if (body.status === 'active') {
        const current = await spendableCredits(context, userId);
        if (current < body.budget_amount) {
          throw new PaymentRequiredError(
            {
              credits_required: body.budget_amount,
              credits_current: current,
              credits_shortfall: body.budget_amount - current,
            },
            { message: MESSAGES.insufficientCredits },
          );
        }
      }

      const parameters: Record<string, unknown> = { ...(body.parameters ?? {}) };
      if (body.input_configuration) parameters.input_configuration = body.input_configuration;
      if (body.model_configuration) {
        const { api_key, ...model } = body.model_configuration;
        parameters.model_configuration = api_key ? { ...model, api_key_sealed: box.seal(api_key) } : model;
      }
      for (const key of [
        'data_selection_id',
        'foldsCount',
        'machinePrompt',
        'subjectMatterPrompt',
        'requiresExpertise',
      ] as const) {
        if (body[key] !== undefined) parameters[key] = body[key];
      }
      const inputData =
        body.input_data ??
        (body.input_configuration?.type === 'manual'
          ? (body.input_configuration.items ?? []).filter((item) => item.trim() !== '')
          : null);

      const id = randomUUID();
      await recordEvents(
        context,
        evaluationStreamId(id),
        [
          {
            type: 'EvaluationCreated',
            data: {
              evaluation_id: id,
              creator_id: userId,
              title: body.title.trim(),
              description: body.description ?? null,
              status: body.status,
              is_public: body.visibility_settings.is_public,
              model_type: body.model_configuration?.type ?? body.model_type,
              parameters,
              input_data: inputData,
              budget_amount: body.budget_amount,
              reward_per_vote: body.reward_per_vote,
            },
          },
        ],
        { expectedVersion: 'no_stream', metadata },
      );
      const manualItems = manualItemsOf(body);
      if (manualItems.length > 0) await ingestItems(context, id, 'manual', manualItems, metadata);
      const row = await readableEvaluation(sql, request, id);
      reply.status(201);
      return publicEvaluation(row);
    },
  );
}

/** The evaluations list (home, my evaluations) and one evaluation. */
function evaluationReadRoutes(app: App, { sql }: Deps): void {
  app.get(
    '/evaluations',
    {
      config: { public: true },
      schema: {
        tags: ['evaluations'],
        summary:
          "Newest first, paged by limit (at most 100) and the x-next-before header's cursor passed back as before (stable while evaluations are added; skip still works). public_only=true (default) lists public evaluations that are not drafts, readable signed out; public_only=false lists the signed-in person's own. q finds words in the title or description.",
        querystring: ZEvaluationListQuery,
        response: { 200: z.array(ZEvaluationListItem) },
      },
    },
    async (request, reply) => {
      const { public_only, skip, limit, before, status, evaluation_type, q } = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      if (public_only) {
        // A public draft is still being written: only its owner sees it (My Evaluations).
        where.push(`is_public AND status <> 'draft'`);
      } else {
        if (!request.userId) throw new UnauthorizedError('No authentication token available');
        params.push(request.userId);
        where.push(`creator_id = $${params.length}`);
      }
      if (before !== undefined) {
        const after = decodeTimeIdCursor(before, ['query', 'before']);
        params.push(after.time, after.id);
        where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`);
      }
      if (status) {
        params.push(status);
        where.push(`status = $${params.length}`);
      }
      if (evaluation_type) {
        params.push(evaluation_type);
        where.push(`model_type = $${params.length}`);
      }
      const words = q?.trim();
      if (words) {
        params.push(`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(title ILIKE $${params.length} OR coalesce(description, '') ILIKE $${params.length})`);
      }
      // One row more than asked says whether a next page exists.
      params.push(limit + 1, skip);
      const { rows: found } = await sql.query<
        EvaluationRow & { cursor_time: string } & Record<string, unknown>
      >(
        `SELECT *, ${TIME_KEY_SQL('created_at')} AS cursor_time FROM evaluations WHERE ${where.join(' AND ')}
         ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      const rows = found.slice(0, limit);
      const last = rows[rows.length - 1];
      if (found.length > limit && last) {
        reply.header(NEXT_PAGE_HEADER, encodeTimeIdCursor({ time: last.cursor_time, id: last.id }));
      }
      if (public_only) return rows.map(publicEvaluation);
      const progress = await progressOf(
        sql,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...publicEvaluation(row), progress: progress.get(row.id) }));
    },
  );

  app.get(
    '/evaluations/:id',
    {
      config: { public: true },
      schema: {
        tags: ['evaluations'],
        summary:
          "One evaluation: public ones for anyone, private ones for their owner; else 404 'Evaluation not found'",
        params: ZEvaluationIdParams,
        response: { 200: ZEvaluation },
      },
    },
    async (request) => publicEvaluation(await readableEvaluation(sql, request, request.params.id)),
  );
}

/**
 * Changing an evaluation: its details, its status, and the history of its versions.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
function evaluationChangeRoutes(app: App, { context, sql }: Deps): void {
  app.patch(
    '/evaluations/:id',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Owner edits (title, description, model_type, is_public, parameters)',
        params: ZEvaluationIdParams,
        body: ZUpdateEvaluationRequest,
        response: { 200: ZEvaluation },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(
        sql,
        request,
        request.params.id,
        'Only the evaluation owner can edit it.',
      );
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(request.body)) if (value !== undefined) changes[key] = value;
      if (typeof changes.title === 'string') {
        changes.title = changes.title.trim();
        if (changes.title === '') throw ValidationError.at(['body', 'title'], MESSAGES.titleRequired);
      }
      if (Object.keys(changes).length > 0) {
        await guardConcurrency(() =>
          recordEvents(
            context,
            evaluationStreamId(row.id),
            [{ type: 'EvaluationUpdated', data: { evaluation_id: row.id, changes } }],
            { metadata: eventMetadata(request), expectedVersion: Number(row.version) },
          ),
        );
      }
      return publicEvaluation(await readableEvaluation(sql, request, row.id));
    },
  );

  app.post(
    '/evaluations/:id/status',
    {
      config: { openapi: { errors: [402] } },
      schema: {
        tags: ['evaluations'],
        summary:
          'Owner status change: draft -> active | archived; active -> completed | archived; completed -> active | archived; archived is final. Activating needs budget_amount spendable credits (402).',
        params: ZEvaluationIdParams,
        body: ZChangeEvaluationStatusRequest,
        response: { 200: ZEvaluation },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(
        sql,
        request,
        request.params.id,
        'Only the evaluation owner can change its status.',
      );
      const from = row.status as keyof typeof EVALUATION_STATUS_TRANSITIONS;
      const to = request.body.status;
      if (from === to) return publicEvaluation(row);
      if (!EVALUATION_STATUS_TRANSITIONS[from].includes(to)) {
        throw new ConflictError(`An evaluation cannot go from ${from} to ${to}`, 'invalid_status_transition');
      }
      if (to === 'active') {
        const required = Number(row.budget_amount);
        const current = await spendableCredits(context, row.creator_id);
        if (current < required) {
          throw new PaymentRequiredError(
            { credits_required: required, credits_current: current, credits_shortfall: required - current },
            { message: MESSAGES.insufficientCredits },
          );
        }
      }
      await guardConcurrency(() =>
        recordEvents(
          context,
          evaluationStreamId(row.id),
          [{ type: 'EvaluationStatusChanged', data: { evaluation_id: row.id, from, to } }],
          { metadata: eventMetadata(request), expectedVersion: Number(row.version) },
        ),
      );
      return publicEvaluation(await readableEvaluation(sql, request, row.id));
    },
  );

  app.get(
    '/evaluations/:id/versions',
    {
      config: { public: true },
      schema: {
        tags: ['evaluations'],
        summary: 'The history of the evaluation and its configuration, from its events (oldest first)',
        params: ZEvaluationIdParams,
        response: { 200: z.array(ZEvaluationVersion) },
      },
    },
    async (request) => {
      const row = await readableEvaluation(sql, request, request.params.id);
      const history = await context.store.readStream(evaluationStreamId(row.id));
      const visible = new Set([
        'EvaluationCreated',
        'EvaluationUpdated',
        'EvaluationStatusChanged',
        'EvaluationConfigured',
      ]);
      return history
        .filter((event) => visible.has(event.type))
        .filter((event) => event.type !== 'EvaluationConfigured' || row.creator_id === request.userId)
        .map((event) => {
          const data = event.data as Record<string, unknown>;
          const changes =
            event.type === 'EvaluationUpdated'
              ? (data.changes as Record<string, unknown>)
              : event.type === 'EvaluationStatusChanged'
                ? { status: data.to, previous_status: data.from }
                : event.type === 'EvaluationConfigured'
                  ? { config: data.config }
                  : {
                      title: data.title,
                      status: data.status,
                      is_public: data.is_public,
                      model_type: data.model_type,
                    };
          return {
            version: event.stream_version,
            event_type: event.type,
            changes,
            actor: event.metadata.actor ?? null,
            recorded_at: new Date(event.recorded_at).toISOString(),
          };
        });
    },
  );
}
