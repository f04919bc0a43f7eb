import { FILE_BODY } from '../http/openapi/operation-rules.js';
import {
  DEFAULT_VOTES_PER_ITEM,
  ZBudget,
  ZBudgetAlerts,
  ZBudgetAlertsRequest,
  ZFreshness,
  ZQualityMetrics,
  evaluationStreamId,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { utcDay } from '@evalmarket/projector';
import { z } from 'zod';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { csvChunks, jsonArrayChunks, replyStream } from '../http/streamed-export.js';
import { VOTE_EXPORT_COLUMNS, voteExportPages, type VoteRow } from './vote-export.js';
import type { App } from '../app/build-app.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { readConfig } from './config-routes.js';
import { iso, ownedEvaluation } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-routes.js';
import {
  ageInDays,
  budgetAlert,
  budgetPeriodStart,
  freshness,
  krippendorffAlphaNominal,
  majoritySummary,
  populationConfidence,
  timeWeightedScore,
  voteCompleteness,
} from './quality-metrics.js';

/** The JSON form of GET /evaluations/:id/export: one record per vote. */
const EXPORT_RECORDS = z.array(z.record(z.string(), z.unknown()));

const NOT_OWNER = 'Only the evaluation owner can see its analytics.';

/** What the quality figures need of a vote: whose, on which item, which way, and when. */
type JudgedVote = Pick<VoteRow, 'item_id' | 'evaluator_id' | 'value' | 'voted_at'>;

/** An evaluation's votes, oldest first: only the columns the figures read (an export reads the rest). */
async function votesOf(sql: SqlExecutor, evaluationId: string): Promise<JudgedVote[]> {
  const { rows } = await sql.query<JudgedVote & Record<string, unknown>>(
    `SELECT item_id, evaluator_id, value, voted_at
     FROM evaluation_votes WHERE evaluation_id = $1 ORDER BY voted_at, vote_id LIMIT 1000000`,
    [evaluationId],
  );
  return rows;
}

export async function readsRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = await readsRoutesDeps(context);
  qualityRoutes(app, deps);
  budgetAndAlertRoutes(app, deps);
  voteExportRoutes(app, deps);
}

/** What the routes below share, built once per app. */
async function readsRoutesDeps(context: DomainContext) {
  const { sql } = context;

  const alertsReply = async (evaluationId: string) => {
    const { rows } = await sql.query<{ thresholds: number[]; enabled: boolean }>(
      `SELECT thresholds, enabled FROM evaluation_alert_settings WHERE evaluation_id = $1`,
      [evaluationId],
    );
    const { rows: raised } = await sql.query<{
      threshold: number;
      period_start: Date | string;
      utilization_rate: number;
      raised_at: Date | string;
    }>(
      `SELECT threshold, period_start, utilization_rate, raised_at FROM evaluation_alerts_raised
       WHERE evaluation_id = $1 ORDER BY raised_at DESC, threshold DESC LIMIT 100`,
      [evaluationId],
    );
    return {
      evaluation_id: evaluationId,
      thresholds: rows[0]?.thresholds ?? [],
      enabled: rows[0]?.enabled ?? false,
      raised: raised.map((alert) => ({
        threshold: Number(alert.threshold),
        period_start: iso(alert.period_start)!,
        utilization_rate: Number(alert.utilization_rate),
        raised_at: iso(alert.raised_at)!,
      })),
    };
  };
  return { context, alertsReply, sql };
}

type Deps = Awaited<ReturnType<typeof readsRoutesDeps>>;

/** An evaluation's quality metrics and how fresh they are. */
function qualityRoutes(app: App, { context, sql }: Deps): void {
  app.get(
    '/evaluations/:id/metrics',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Owner only: quality metrics (DESIGN.md section 6), with Krippendorff alpha (nominal)',
        params: ZEvaluationIdParams,
        querystring: z.object({ decay_lambda: z.coerce.number().min(0).max(100).default(0.01) }),
        response: { 200: ZQualityMetrics },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      const cfg = await readConfig(sql, row.id);
      const votesPerItem = cfg?.votes_per_item ?? DEFAULT_VOTES_PER_ITEM;
      const now = context.now();
      const votes = await votesOf(sql, row.id);
      const { rows: counts } = await sql.query<{ items: string | number; complete: string | number }>(
        `SELECT COUNT(*) AS items, COUNT(*) FILTER (WHERE vote_count >= $2) AS complete
         FROM evaluation_items WHERE evaluation_id = $1`,
        [row.id, votesPerItem],
      );
      const itemsIngested = Number(counts[0]?.items ?? 0);
      const completeItems = Number(counts[0]?.complete ?? 0);
      const byItem = new Map<string, string[]>();
      for (const vote of votes) byItem.set(vote.item_id, [...(byItem.get(vote.item_id) ?? []), vote.value]);
      const samples = votes.map((vote) => ({
        ageDays: ageInDays(new Date(vote.voted_at), now),
        good: vote.value === 'good',
      }));
      const good = samples.filter((sample) => sample.good).length;
      const majority = majoritySummary(
        [...byItem.values()].map((values) => ({
          good: values.filter((value) => value === 'good').length,
          bad: values.filter((value) => value === 'bad').length,
        })),
      );
      const last = votes[votes.length - 1];
      return {
        evaluation_id: row.id,
        time_weighted_score: timeWeightedScore(samples, request.query.decay_lambda),
        decay_lambda: request.query.decay_lambda,
        freshness: freshness(samples, 7),
        vote_completeness: voteCompleteness(completeItems, itemsIngested),
        population_confidence: populationConfidence(good, samples.length),
        last_evaluation_time: last ? iso(last.voted_at) : null,
        unique_evaluators: new Set(votes.map((vote) => vote.evaluator_id)).size,
        ...majority,
        total_evaluations: votes.length,
        items_ingested: itemsIngested,
        complete_items: completeItems,
        krippendorff_alpha: krippendorffAlphaNominal([...byItem.values()]),
      };
    },
  );

  app.get(
    '/evaluations/:id/freshness',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Owner only: share of votes cast in the last time_window_days days',
        params: ZEvaluationIdParams,
        querystring: z.object({ time_window_days: z.coerce.number().min(0).max(3650).default(7) }),
        response: { 200: ZFreshness },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      const now = context.now();
      const votes = await votesOf(sql, row.id);
      const samples = votes.map((vote) => ({ ageDays: ageInDays(new Date(vote.voted_at), now) }));
      const window = request.query.time_window_days;
      const last = votes[votes.length - 1];
      return {
        evaluation_id: row.id,
        time_window_days: window,
        freshness: freshness(samples, window),
        votes_in_window: samples.filter((sample) => sample.ageDays <= window).length,
        total_votes: votes.length,
        last_evaluation_time: last ? iso(last.voted_at) : null,
      };
    },
  );
}

/** An evaluation's budget and its alert settings. */
function budgetAndAlertRoutes(app: App, { context, alertsReply, sql }: Deps): void {
  app.get(
    '/evaluations/:id/budget',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Owner only: spend against the budget of the current period (spec 001 "Evaluation budget"), amounts in credits, with the alert level',
        params: ZEvaluationIdParams,
        response: { 200: ZBudget },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      return evaluationBudget(sql, row.id, context.now());
    },
  );

  app.post(
    '/evaluations/:id/alerts',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Owner only: budget alert thresholds (percent of the period budget). The worker records a BudgetAlertRaised event once per threshold and period; the mailer delivers it to the owner.',
        params: ZEvaluationIdParams,
        body: ZBudgetAlertsRequest,
        response: { 200: ZBudgetAlerts },
      },
    },
    async (request) => {
      const row = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      const thresholds = [...new Set(request.body.thresholds)].sort((a, b) => a - b);
      await recordEvents(
        context,
        evaluationStreamId(row.id),
        [
          {
            type: 'BudgetAlertsConfigured',
            data: { evaluation_id: row.id, thresholds, enabled: request.body.enabled },
          },
        ],
        { metadata: eventMetadata(request) },
      );
      return alertsReply(row.id);
    },
  );

  app.get(
    '/evaluations/:id/alerts',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Owner only: the alert thresholds and the alerts raised',
        params: ZEvaluationIdParams,
        response: { 200: ZBudgetAlerts },
      },
    },
    async (request) => alertsReply((await ownedEvaluation(sql, request, request.params.id, NOT_OWNER)).id),
  );
}

/** An evaluation's votes exported. */
function voteExportRoutes(app: App, { sql }: Deps): void {
  app.get(
    '/evaluations/:id/export',
    {
      config: {
        openapi: {
          reply: {
            status: 200,
            description: 'Every vote, as CSV or as JSON records',
            content: { 'text/csv': FILE_BODY, 'application/json': EXPORT_RECORDS },
          },
        },
      },
      schema: {
        tags: ['analytics'],
        summary: 'Owner only: every vote with its item, a stable evaluator pseudonym, tier, reward and times',
        params: ZEvaluationIdParams,
        querystring: z.object({ format: z.enum(['csv', 'json']).default('csv') }),
      },
    },
    async (request, reply) => {
      const row = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      // Sent as it is read: one page of votes in memory, however many the evaluation has.
      const records = voteExportPages(sql, row.id);
      const name = `evaluation-${row.id}-votes`;
      if (request.query.format === 'json') {
        reply
          .header('content-disposition', `attachment; filename="${name}.json"`)
          .type('application/json; charset=utf-8');
        return reply.send(replyStream(jsonArrayChunks(records)));
      }
      reply
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .type('text/csv; charset=utf-8');
      return reply.send(replyStream(csvChunks(VOTE_EXPORT_COLUMNS, records)));
    },
  );
}

/** Spend of the current budget period against the budget (spec 001 "Evaluation budget"). */
export async function evaluationBudget(
  sql: SqlExecutor,
  evaluationId: string,
  now: Date,
): Promise<z.infer<typeof ZBudget>> {
  const cfg = await readConfig(sql, evaluationId);
  const budget = cfg?.budget_control;
  const enabled = budget?.budget_enabled === true;
  const since = enabled ? budgetPeriodStart(budget.budget_period, now) : new Date(0);
  // Whole UTC days: a budget period starts at a month's first midnight, or never (total).
  const { rows } = await sql.query<{
    spent: string | number;
    votes: string | number;
    community: string | number;
    expert: string | number;
  }>(
    `SELECT COALESCE(SUM(credits), 0) AS spent, COALESCE(SUM(votes), 0) AS votes,
         COALESCE(SUM(votes) FILTER (WHERE tier = 'community'), 0) AS community,
         COALESCE(SUM(votes) FILTER (WHERE tier = 'expert'), 0) AS expert
       FROM evaluation_vote_days WHERE evaluation_id = $1 AND day >= $2::date`,
    [evaluationId, utcDay(since)],
  );
  const { rows: held } = await sql.query<{ reserved: string | number }>(
    `SELECT COALESCE(SUM(reward_credits), 0) AS reserved FROM evaluation_assignments
       WHERE evaluation_id = $1 AND status = 'claimed' AND expires_at > $2`,
    [evaluationId, now.toISOString()],
  );
  const spent = Number(rows[0]?.spent ?? 0);
  const votes = Number(rows[0]?.votes ?? 0);
  const allocated = enabled && budget.max_budget_amount ? budget.max_budget_amount * 1000 : null;
  const utilization = allocated ? (spent / allocated) * 100 : 0;
  const alert = budgetAlert(utilization);
  const threshold = 80;
  return {
    evaluation_id: evaluationId,
    total_budget_allocated: allocated,
    total_spent: spent,
    reserved: Number(held[0]?.reserved ?? 0),
    budget_remaining: allocated === null ? null : Math.max(0, allocated - spent),
    budget_utilization_rate: utilization,
    alert_threshold_percentage: threshold,
    alert_threshold_reached: utilization >= threshold,
    alert_level: alert.level,
    alert_title: alert.title,
    alert_message: alert.message,
    bar_color: alert.barColor,
    average_cost_per_evaluation: votes === 0 ? 0 : spent / votes,
    community_evaluations_count: Number(rows[0]?.community ?? 0),
    expert_evaluations_count: Number(rows[0]?.expert ?? 0),
    budget_period: enabled ? budget.budget_period : null,
  };
}
