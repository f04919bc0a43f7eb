import { DEFAULT_VOTES_PER_ITEM, evaluationIdOfProject } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { getWalletBalance } from '@evalmarket/projector';
import { judgeEvaluators, qualityScore } from '../evaluations/quality-metrics.js';
import { change, round2, usd, type AnalyticsWindow } from './analytics-window.js';
import type { ExpertLeaderboards } from './expert-leaderboard.js';
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
 * Completed rewards of the window per evaluation, largest first, from the rows joined with their
 * claims (the wallet's roll-up does not know a reward's evaluation).
 */
async function rowsByEvaluation(
  sql: SqlExecutor,
  userId: string,
  side: Side,
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
    [userId, side.context, side.type, window.start, window.end, scope ?? null],
  );
  return rows.map(evaluationTotalOf);
}

/**
 * Rewards of the window per evaluation (a project is an evaluation), largest first. A requester's
 * spending over all their evaluations comes from the evaluations' day roll-up
 * (spendingByEvaluation); a filter, or an evaluator's earnings, from the rows.
 */
async function breakdown(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  window: AnalyticsWindow,
  scope: AnalyticsScope,
  totalCredits: number,
) {
  const totals =
    scope === undefined && side.context === 'spending'
      ? await spendingByEvaluation(sql, userId, window.start, window.end)
      : await rowsByEvaluation(sql, userId, side, window, scope);
  return totals.map((total) => ({
    project_id: total.evaluationId,
    project_name: total.title ?? total.evaluationId,
    amount: usd(total.credits),
    transaction_count: total.count,
    percentage: totalCredits === 0 ? 0 : round2((total.credits / totalCredits) * 100),
  }));
}

interface Judged {
  submitted: number;
  approved: number;
  rejected: number;
}

/** A half-open time range [from, to). */
interface Window {
  from: Date;
  to: Date;
}

/** Every vote and reward there is: from the epoch to the last day a timestamp can hold. */
const FOREVER: Window = { from: new Date(0), to: new Date('9999-12-31T00:00:00Z') };

/** Every vote on one item, and when the person voted on it. */
interface JudgedItem {
  votes: Array<{ evaluatorId: string; good: boolean }>;
  mineAt: number;
}

/** The items a person voted on, by evaluation, with the evaluation's votes_per_item. */
type VotedItems = Map<string, { votesPerItem: number; items: Map<string, JudgedItem> }>;

/**
 * The person's votes cast in each window and how they were judged (judgeEvaluators, DESIGN
 * section 6): each vote against the current majority of its item once the item has its
 * evaluation's votes_per_item; votes on incomplete or tied items are not judged yet. One read of
 * the items the person voted on across all the windows: an item's majority is over all its votes,
 * whichever window the person's vote falls in.
 */
async function judgeVotes(
  sql: SqlExecutor,
  userId: string,
  windows: readonly Window[],
  scope: AnalyticsScope,
): Promise<Judged[]> {
  const from = new Date(Math.min(...windows.map((window) => window.from.getTime())));
  const to = new Date(Math.max(...windows.map((window) => window.to.getTime())));
  const { rows } = await sql.query<{
    evaluation_id: string;
    item_id: string;
    evaluator_id: string;
    value: string;
    mine_at: Date;
    votes_per_item: string | number | null;
  }>(
    // An item's votes are all of its evaluation: the configuration is read once per vote of the
    // person's, not once per vote on their items.
    `SELECT v.evaluation_id, v.item_id, v.evaluator_id, v.value, mine.voted_at AS mine_at, mine.votes_per_item
     FROM (SELECT m.item_id, m.voted_at, c.config->>'votes_per_item' AS votes_per_item
       FROM evaluation_votes m LEFT JOIN evaluation_configs c ON c.evaluation_id = m.evaluation_id
       WHERE m.evaluator_id = $1 AND m.voted_at >= $2 AND m.voted_at < $3
         AND ($4::text[] IS NULL OR m.evaluation_id = ANY($4::text[]))) mine
     JOIN evaluation_votes v ON v.item_id = mine.item_id`,
    [userId, from, to, scope ?? null],
  );
  const evaluations: VotedItems = new Map();
  for (const row of rows) {
    const perItem = Number(row.votes_per_item);
    const evaluation = evaluations.get(row.evaluation_id) ?? {
      votesPerItem: Number.isInteger(perItem) && perItem > 0 ? perItem : DEFAULT_VOTES_PER_ITEM,
      items: new Map(),
    };
    evaluations.set(row.evaluation_id, evaluation);
    const item = evaluation.items.get(row.item_id) ?? { votes: [], mineAt: new Date(row.mine_at).getTime() };
    item.votes.push({ evaluatorId: row.evaluator_id, good: row.value === 'good' });
    evaluation.items.set(row.item_id, item);
  }
  return windows.map((window) => judgedIn(userId, evaluations, window));
}

/** The person's votes cast in one window, judged on the items read for it. */
function judgedIn(userId: string, evaluations: VotedItems, window: Window): Judged {
  const judged: Judged = { submitted: 0, approved: 0, rejected: 0 };
  for (const { votesPerItem, items } of evaluations.values()) {
    const inWindow = [...items.values()].filter(
      (item) => item.mineAt >= window.from.getTime() && item.mineAt < window.to.getTime(),
    );
    if (inWindow.length === 0) continue;
    for (const item of inWindow)
      judged.submitted += item.votes.filter((vote) => vote.evaluatorId === userId).length;
    const mine = judgeEvaluators(
      inWindow.map((item) => item.votes),
      votesPerItem,
    ).get(userId);
    judged.approved += mine?.approved ?? 0;
    judged.rejected += mine?.rejected ?? 0;
  }
  return judged;
}

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
    project_breakdown: await breakdown(sql, userId, SPENDING, window, scope, current.credits),
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
  // history, judged from one read where the scope allows.
  const windows = [
    { from: window.start, to: window.end },
    { from: window.previousStart, to: window.start },
  ];
  const judgedWindows = await judgeVotes(
    sql,
    userId,
    scope === undefined ? [...windows, FOREVER] : windows,
    scope,
  );
  const [judged, judgedBefore, everything] = [judgedWindows[0]!, judgedWindows[1]!, judgedWindows[2]];
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
    evaluation_breakdown: await breakdown(sql, userId, EARNING, window, scope, current.credits),
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
