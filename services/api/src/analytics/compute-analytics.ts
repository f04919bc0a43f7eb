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

/** One item the person voted on: every vote on it, and the person's own vote. */
interface VotedItem {
  votes: Array<{ evaluatorId: string; good: boolean }>;
  /** When the person voted on it (ms since the epoch). */
  mineAt: number;
  /** When they claimed it, which is the time of the claim's reward row (ms since the epoch). */
  claimedAt: number;
  /** What their vote earned: the claim's reward, 0 for a volunteer's vote. */
  rewardCredits: number;
}

/** The items a person voted on, by evaluation, with the evaluation's title and votes_per_item. */
type VotedItems = Map<string, { title: string | null; votesPerItem: number; items: VotedItem[] }>;

/** An item of the statement's JSON: the person's vote, and every vote on its item as [evaluator, good]. */
interface VotedItemJson {
  evaluation_id: string;
  title: string | null;
  votes_per_item: string | null;
  voted_ms: number;
  claimed_ms: number;
  reward_credits: number;
  votes: Array<[string, boolean]>;
}

/**
 * The items the person voted on, in `scope`, whose vote was cast in `voted` or whose claim was
 * made in `claimed` (none when undefined), with every vote on each item: an item's majority is
 * over all its votes, whichever window the person's vote falls in. One statement, its answer one
 * JSON value: a year of an active evaluator's items is hundreds of rows, which parsed row by row
 * (each time a Date) cost the API more than the statement cost the server.
 */
async function readVotedItems(
  sql: SqlExecutor,
  userId: string,
  voted: Window,
  claimed: Window | undefined,
  scope: AnalyticsScope,
): Promise<VotedItems> {
  const { rows } = await sql.query<{ items: VotedItemJson[] }>(
    `SELECT COALESCE(json_agg(json_build_object(
       'evaluation_id', m.evaluation_id, 'title', e.title, 'votes_per_item', c.config->>'votes_per_item',
       'voted_ms', floor(extract(epoch FROM m.voted_at) * 1000), 'claimed_ms', floor(extract(epoch FROM m.claimed_at) * 1000),
       'reward_credits', m.reward_credits,
       'votes', (SELECT json_agg(json_build_array(v.evaluator_id, v.value = 'good'))
                 FROM evaluation_votes v WHERE v.item_id = m.item_id))), '[]') AS items
     FROM evaluation_votes m
       LEFT JOIN evaluation_configs c ON c.evaluation_id = m.evaluation_id
       LEFT JOIN evaluations e ON e.id = m.evaluation_id
     WHERE m.evaluator_id = $1
       AND ((m.voted_at >= $2 AND m.voted_at < $3) OR (m.claimed_at >= $4 AND m.claimed_at < $5))
       AND ($6::text[] IS NULL OR m.evaluation_id = ANY($6::text[]))`,
    [userId, voted.from, voted.to, claimed?.from ?? null, claimed?.to ?? null, scope ?? null],
  );
  const evaluations: VotedItems = new Map();
  for (const item of rows[0]?.items ?? []) {
    let evaluation = evaluations.get(item.evaluation_id);
    if (!evaluation) {
      const perItem = Number(item.votes_per_item);
      evaluation = {
        title: item.title,
        votesPerItem: Number.isInteger(perItem) && perItem > 0 ? perItem : DEFAULT_VOTES_PER_ITEM,
        items: [],
      };
      evaluations.set(item.evaluation_id, evaluation);
    }
    evaluation.items.push({
      votes: item.votes.map(([evaluatorId, good]) => ({ evaluatorId, good })),
      mineAt: item.voted_ms,
      claimedAt: item.claimed_ms,
      rewardCredits: Number(item.reward_credits),
    });
  }
  return evaluations;
}

/** The smallest range holding every window. */
const spanOf = (windows: readonly Window[]): Window => ({
  from: new Date(Math.min(...windows.map((window) => window.from.getTime()))),
  to: new Date(Math.max(...windows.map((window) => window.to.getTime()))),
});

const within = (time: number, window: Window) => time >= window.from.getTime() && time < window.to.getTime();

/**
 * The person's votes cast in one window and how they were judged (judgeEvaluators, DESIGN
 * section 6): each vote against the current majority of its item once the item has its
 * evaluation's votes_per_item; votes on incomplete or tied items are not judged yet.
 */
function judgedIn(userId: string, evaluations: VotedItems, window: Window): Judged {
  const judged: Judged = { submitted: 0, approved: 0, rejected: 0 };
  for (const { votesPerItem, items } of evaluations.values()) {
    const inWindow = items.filter((item) => within(item.mineAt, window));
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

/** The person's votes cast in each window, judged, from one read of their items. */
async function judgeVotes(
  sql: SqlExecutor,
  userId: string,
  windows: readonly Window[],
  scope: AnalyticsScope,
): Promise<Judged[]> {
  const evaluations = await readVotedItems(sql, userId, spanOf(windows), undefined, scope);
  return windows.map((window) => judgedIn(userId, evaluations, window));
}

/**
 * What the person earned per evaluation from the claims they made in the window and voted on,
 * largest first (ties by id). Each paid vote is one completed reward, of the claim's credits, whose
 * row is timed at the claim (the claim's own event reserved it): the same rewards the wallet's
 * rows of the window hold, which test/scale-world.int.spec.ts checks on a generated year.
 */
function earnedByEvaluation(evaluations: VotedItems, window: Window): EvaluationTotal[] {
  const totals: EvaluationTotal[] = [];
  for (const [evaluationId, { title, items }] of evaluations) {
    const paid = items.filter((item) => item.rewardCredits > 0 && within(item.claimedAt, window));
    if (paid.length === 0) continue;
    const credits = paid.reduce((sum, item) => sum + item.rewardCredits, 0);
    totals.push({ evaluationId, title, credits, count: paid.length });
  }
  return totals.sort(
    (a, b) =>
      b.credits - a.credits ||
      (a.evaluationId < b.evaluationId ? -1 : a.evaluationId > b.evaluationId ? 1 : 0),
  );
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
