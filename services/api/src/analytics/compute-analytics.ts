import { evaluationIdOfProject } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { getWalletBalance } from '@evalmarket/projector';
import { qualityScore } from '../evaluations/quality-metrics.js';
import { change, round2, usd, type AnalyticsWindow } from './analytics-window.js';
import type { ExpertLeaderboards } from './expert-leaderboard.js';
import {
  earnedByEvaluation,
  FOREVER,
  judgedIn,
  judgeVotes,
  readVotedItems,
  spanOf,
  type Judged,
} from './voted-items.js';
import {
  dayTotalOf,
  EARNING,
  evaluationTotalOf,
  rewardDays,
  rewardTotals,
  SPENDING,
  spendingByEvaluation,
  totalsPerEvaluation,
  type DayTotal,
  type DayTotalRow,
  type EvaluationTotal,
  type EvaluationTotalRow,
  type Side,
  type Totals,
} from './reward-windows.js';

/**
 * The evaluations a figure is restricted to: undefined for all, else the ids (an empty list
 * matches nothing). A project is an evaluation: `project_id` is its SDK project id
 * (`proj_...`) or the evaluation id itself.
 */
export type AnalyticsScope = string[] | undefined;

export function analyticsScope(query: {
  project_id?: string | undefined;
  evaluation_id?: string | undefined;
}) {
  const ids = new Set<string>();
  const wanted: string[] = [];
  if (query.project_id) wanted.push(evaluationIdOfProject(query.project_id) ?? query.project_id);
  if (query.evaluation_id) wanted.push(query.evaluation_id);
  if (wanted.length === 0) return undefined;
  // Both filters given: the evaluation must match both.
  if (wanted.every((id) => id === wanted[0])) ids.add(wanted[0]!);
  return [...ids];
}

/**
 * A person's rewards on one side ($1 user, $2 context, $3 type) of one status ($4) within
 * [$5, $6), of the evaluations $7: a reward is a wallet transaction whose transfer id is a
 * claim's (evaluation_assignments.transfer_id).
 */
const SCOPED_REWARDS = `FROM wallet_transactions w
     WHERE w.user_id = $1 AND w.context = $2 AND w.type = $3 AND w.code = 'reward' AND w.status = $4
       AND w.created_at >= $5 AND w.created_at < $6
       AND EXISTS (SELECT 1 FROM evaluation_assignments a
         WHERE a.transfer_id = w.transfer_id AND a.evaluation_id = ANY($7::text[]))`;

/**
 * Rewards that moved (completed) on one side of a person's wallet within [from, to): from the day
 * roll-up and the partial days' rows (reward-windows.ts); restricted to evaluations, from the
 * rows joined with the claims (the roll-up does not know a reward's evaluation).
 */
async function totals(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  from: Date,
  to: Date,
  status = 'completed',
  scope: AnalyticsScope = undefined,
): Promise<Totals> {
  if (scope === undefined) return rewardTotals(sql, userId, side, status, from, to);
  const { rows } = await sql.query<{ credits: string | number | null; n: string | number }>(
    `SELECT COALESCE(sum(abs(w.amount)), 0) AS credits, count(*) AS n ${SCOPED_REWARDS}`,
    [userId, side.context, side.type, status, from, to, scope],
  );
  return { credits: Number(rows[0]?.credits ?? 0), count: Number(rows[0]?.n ?? 0) };
}

/**
 * Completed rewards per UTC day of the window, oldest first: from the day roll-up and the end
 * rows (reward-windows.ts), or, restricted to evaluations, from the rows joined with the claims.
 * Their sum is the window's completed totals (windowTotals), so one read serves both.
 */
async function completedDays(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  window: AnalyticsWindow,
  scope: AnalyticsScope,
): Promise<DayTotal[]> {
  if (scope === undefined) return rewardDays(sql, userId, side, window.start, window.end);
  const { rows } = await sql.query<DayTotalRow>(
    `SELECT to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(abs(w.amount)) AS credits, count(*) AS n
     ${SCOPED_REWARDS} GROUP BY 1 ORDER BY 1`,
    [userId, side.context, side.type, 'completed', window.start, window.end, scope],
  );
  return rows.map(dayTotalOf);
}

/** The window's totals: its days summed (every completed reward falls on exactly one day). */
const windowTotals = (days: DayTotal[]): Totals =>
  days.reduce((sum, day) => ({ credits: sum.credits + day.credits, count: sum.count + day.count }), {
    credits: 0,
    count: 0,
  });

const trendsOf = (days: DayTotal[]) =>
  days.map((day) => ({ date: day.day, amount: usd(day.credits), transaction_count: day.count }));

/**
 * A requester's completed spending of the window per evaluation, largest first, from the rows
 * joined with their claims (a filtered breakdown: the evaluations' roll-up is not per filter).
 */
async function spendingRowsByEvaluation(
  sql: SqlExecutor,
  userId: string,
  window: AnalyticsWindow,
  scope: AnalyticsScope,
): Promise<EvaluationTotal[]> {
  const { rows } = await sql.query<EvaluationTotalRow>(
    totalsPerEvaluation(`SELECT a.evaluation_id, abs(w.amount) AS credits, 1 AS n
       FROM wallet_transactions w
       JOIN evaluation_assignments a ON a.transfer_id = w.transfer_id
       WHERE w.user_id = $1 AND w.context = $2 AND w.type = $3 AND w.code = 'reward' AND w.status = 'completed'
         AND w.created_at >= $4 AND w.created_at < $5
         AND ($6::text[] IS NULL OR a.evaluation_id = ANY($6::text[]))`),
    [userId, SPENDING.context, SPENDING.type, window.start, window.end, scope ?? null],
  );
  return rows.map(evaluationTotalOf);
}

/**
 * Totals per evaluation (a project is an evaluation) as the breakdown shows them, each with its
 * share of the window's total.
 */
const breakdownOf = (totals: EvaluationTotal[], totalCredits: number) =>
  totals.map((total) => ({
    project_id: total.evaluationId,
    project_name: total.title ?? total.evaluationId,
    amount: usd(total.credits),
    transaction_count: total.count,
    percentage: totalCredits === 0 ? 0 : round2((total.credits / totalCredits) * 100),
  }));

const approvalRate = (judged: Judged) => {
  const total = judged.approved + judged.rejected;
  return total === 0 ? 0 : round2((judged.approved / total) * 100);
};

async function evaluationsCreated(
  sql: SqlExecutor,
  userId: string,
  window: AnalyticsWindow,
  scope: AnalyticsScope,
) {
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM evaluations
     WHERE creator_id = $1 AND created_at >= $2 AND created_at < $3 AND ($4::text[] IS NULL OR id = ANY($4::text[]))`,
    [userId, window.start, window.end, scope ?? null],
  );
  return Number(rows[0]?.n ?? 0);
}

function metrics(current: Totals, previous: Totals, labels: [string, string, string]) {
  const average = (t: Totals) => (t.count === 0 ? 0 : t.credits / t.count);
  return [
    {
      label: labels[0],
      unit: 'usd' as const,
      value: usd(current.credits),
      ...change(usd(current.credits), usd(previous.credits)),
    },
    {
      label: labels[1],
      unit: 'count' as const,
      value: current.count,
      ...change(current.count, previous.count),
    },
    {
      label: labels[2],
      unit: 'usd' as const,
      value: round2(usd(average(current))),
      ...change(round2(usd(average(current))), round2(usd(average(previous)))),
    },
  ];
}

const windowFields = (window: AnalyticsWindow) => ({
  period: window.period,
  start_date: window.start.toISOString(),
  end_date: window.end.toISOString(),
});

/**
 * Spending analytics from the wallet read model: spent = rewards posted from the person's
 * spending account (votes bought). The project breakdown, the evaluation count and the
 * project_id / evaluation_id filters come from the evaluations read models (a reward's transfer
 * id is its claim's).
 */
export async function spendingAnalytics(
  sql: SqlExecutor,
  userId: string,
  window: AnalyticsWindow,
  scope: AnalyticsScope = undefined,
) {
  const days = await completedDays(sql, userId, SPENDING, window, scope);
  const current = windowTotals(days);
  const previous = await totals(
    sql,
    userId,
    SPENDING,
    window.previousStart,
    window.start,
    'completed',
    scope,
  );
  const reserved = await totals(sql, userId, SPENDING, window.start, window.end, 'pending', scope);
  const balance = await getWalletBalance(sql, userId, 'spending');
  const spentAndLeft = current.credits + balance.credits_balance;
  return {
    total_spent: usd(current.credits),
    total_spent_credits: current.credits,
    total_transactions: current.count,
    average_transaction: current.count === 0 ? 0 : round2(usd(current.credits / current.count)),
    ...windowFields(window),
    spending_trends: trendsOf(days),
    project_breakdown: breakdownOf(
      scope === undefined
        ? await spendingByEvaluation(sql, userId, window.start, window.end)
        : await spendingRowsByEvaluation(sql, userId, window, scope),
      current.credits,
    ),
    performance_metrics: metrics(current, previous, ['Total Spent', 'Transactions', 'Average Transaction']),
    budget_limit: null,
    budget_remaining: balance.usd_equivalent,
    budget_utilization_percentage: spentAndLeft === 0 ? 0 : round2((current.credits / spentAndLeft) * 100),
    // Votes paid for out of those bought or still reserved in the window.
    completion_rate:
      current.count + reserved.count === 0
        ? 0
        : round2((current.count / (current.count + reserved.count)) * 100),
    votes_purchased: current.count,
    evaluations_created: await evaluationsCreated(sql, userId, window, scope),
  };
}

/**
 * Earnings analytics: earned = rewards posted to the earning account (every recorded vote is
 * paid). Votes submitted, approved and rejected, the approval rate and the quality score judge
 * the person's votes of the window against the majority of their items (judgeEvaluators).
 */
export async function earningsAnalytics(
  sql: SqlExecutor,
  leaderboards: ExpertLeaderboards,
  userId: string,
  window: AnalyticsWindow,
  scope: AnalyticsScope = undefined,
) {
  const days = await completedDays(sql, userId, EARNING, window, scope);
  const current = windowTotals(days);
  const previous = await totals(sql, userId, EARNING, window.previousStart, window.start, 'completed', scope);
  // The window, the one before it and (for the reputation, over every evaluation) the whole
  // history, judged from one read where the scope allows; the same read holds the window's
  // claims, which the breakdown totals.
  const thisWindow = { from: window.start, to: window.end };
  const windows = [thisWindow, { from: window.previousStart, to: window.start }];
  const judging = scope === undefined ? [...windows, FOREVER] : windows;
  const evaluations = await readVotedItems(sql, userId, spanOf(judging), thisWindow, scope);
  const [judged, judgedBefore, everything] = judging.map((one) => judgedIn(userId, evaluations, one)) as [
    Judged,
    Judged,
    Judged | undefined,
  ];
  const reputation = everything ? reputationOf(everything) : await reputationScore(sql, userId);
  const ranking = await leaderboards.standing(userId, window);
  const average = (t: Totals) => (t.count === 0 ? 0 : t.credits / t.count);
  const currentRate = approvalRate(judged);
  const judgedCount = judged.approved + judged.rejected;
  return {
    total_earned: usd(current.credits),
    total_earned_credits: current.credits,
    total_transactions: current.count,
    average_earning: current.count === 0 ? 0 : round2(usd(current.credits / current.count)),
    ...windowFields(window),
    earnings_trends: trendsOf(days),
    evaluation_breakdown: breakdownOf(earnedByEvaluation(evaluations, thisWindow), current.credits),
    performance_metrics: [
      {
        label: 'Total Earned',
        unit: 'usd' as const,
        value: usd(current.credits),
        ...change(usd(current.credits), usd(previous.credits)),
      },
      {
        label: 'Approved Votes',
        unit: 'count' as const,
        value: judged.approved,
        ...change(judged.approved, judgedBefore.approved),
      },
      {
        label: 'Average Earning',
        unit: 'usd' as const,
        value: round2(usd(average(current))),
        ...change(round2(usd(average(current))), round2(usd(average(previous)))),
      },
      {
        label: 'Approval Rate',
        unit: 'percent' as const,
        value: currentRate,
        ...change(currentRate, approvalRate(judgedBefore)),
      },
    ],
    votes_submitted: judged.submitted,
    votes_approved: judged.approved,
    votes_rejected: judged.rejected,
    approval_rate: currentRate,
    // 5 x the Wilson lower bound (95%) of the approval rate; null until a vote was judged.
    quality_score: judgedCount === 0 ? null : round2(qualityScore(judged.approved, judgedCount)),
    reputation_score: reputation,
    ranking: ranking.rank,
    total_experts: ranking.experts,
  };
}

/**
 * Reputation (and the Billing page's Rating, out of 5): the quality score over the evaluator's
 * whole history instead of one period, 5 x the Wilson lower bound (95%) of the share of their
 * judged votes that agreed with their item's majority. Null until one of their votes is judged.
 */
export async function reputationScore(sql: SqlExecutor, userId: string): Promise<number | null> {
  const [judged] = await judgeVotes(sql, userId, [FOREVER], undefined);
  return reputationOf(judged!);
}

function reputationOf(judged: Judged): number | null {
  const count = judged.approved + judged.rejected;
  return count === 0 ? null : round2(qualityScore(judged.approved, count));
}

export async function spendingSummary(sql: SqlExecutor, userId: string) {
  const all = await totals(sql, userId, SPENDING, FOREVER.from, FOREVER.to);
  const balance = await getWalletBalance(sql, userId, 'spending');
  const active = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM evaluations WHERE creator_id = $1 AND status = 'active'`,
    [userId],
  );
  return {
    total_spent: usd(all.credits),
    budget_remaining: balance.usd_equivalent,
    active_evaluations: Number(active.rows[0]?.n ?? 0),
  };
}

export async function earningsSummary(sql: SqlExecutor, userId: string) {
  const forever = [FOREVER.from, FOREVER.to] as const;
  const earned = await totals(sql, userId, EARNING, ...forever);
  // Pending: rewards reserved for the person's claimed items, paid when they vote.
  const pending = await totals(sql, userId, EARNING, ...forever, 'pending');
  return {
    total_earned: usd(earned.credits),
    pending_earnings: usd(pending.credits),
    approval_rate: approvalRate((await judgeVotes(sql, userId, [FOREVER], undefined))[0]!),
  };
}
