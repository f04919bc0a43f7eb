import type { SqlExecutor } from '@evalmarket/db';
import { getWalletBalance } from '@evalmarket/projector';
import { change, round2, usd, type AnalyticsWindow } from './analytics-window.js';

const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

interface Totals {
  credits: number;
  count: number;
}

type Side = { context: 'spending'; type: 'debit' } | { context: 'earning'; type: 'credit' };
const SPENDING: Side = { context: 'spending', type: 'debit' };
const EARNING: Side = { context: 'earning', type: 'credit' };

/** Rewards that moved (completed) on one side of a person's wallet within [from, to). */
async function totals(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  from: Date,
  to: Date,
  status = 'completed',
): Promise<Totals> {
  const { rows } = await sql.query<{ credits: string | number | null; n: string | number }>(
    `SELECT COALESCE(sum(abs(amount)), 0) AS credits, count(*) AS n FROM wallet_transactions
     WHERE user_id = $1 AND context = $2 AND type = $3 AND code = 'reward' AND status = $4
       AND created_at >= $5 AND created_at < $6`,
    [userId, side.context, side.type, status, from, to],
  );
  return { credits: Number(rows[0]?.credits ?? 0), count: Number(rows[0]?.n ?? 0) };
}

async function trends(sql: SqlExecutor, userId: string, side: Side, window: AnalyticsWindow) {
  const { rows } = await sql.query<{ day: string; credits: string | number; n: string | number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(abs(amount)) AS credits, count(*) AS n
     FROM wallet_transactions
     WHERE user_id = $1 AND context = $2 AND type = $3 AND code = 'reward' AND status = 'completed'
       AND created_at >= $4 AND created_at < $5
     GROUP BY 1 ORDER BY 1`,
    [userId, side.context, side.type, window.start, window.end],
  );
  return rows.map((row) => ({
    date: row.day,
    amount: usd(Number(row.credits)),
    transaction_count: Number(row.n),
  }));
}

function metrics(current: Totals, previous: Totals, labels: [string, string, string]) {
  const average = (t: Totals) => (t.count === 0 ? 0 : t.credits / t.count);
  return [
    { label: labels[0], value: usd(current.credits), ...change(current.credits, previous.credits) },
    { label: labels[1], value: current.count, ...change(current.count, previous.count) },
    {
      label: labels[2],
      value: round2(usd(average(current))),
      ...change(average(current), average(previous)),
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
 * spending account (votes bought). Project breakdown and evaluation counts need the evaluations
 * read model (issue 5) and are empty until it exists.
 */
export async function spendingAnalytics(sql: SqlExecutor, userId: string, window: AnalyticsWindow) {
  const current = await totals(sql, userId, SPENDING, window.start, window.end);
  const previous = await totals(sql, userId, SPENDING, window.previousStart, window.start);
  const reserved = await totals(sql, userId, SPENDING, window.start, window.end, 'pending');
  const balance = await getWalletBalance(sql, userId, 'spending');
  const spentAndLeft = current.credits + balance.credits_balance;
  return {
    total_spent: usd(current.credits),
    total_spent_credits: current.credits,
    total_transactions: current.count,
    average_transaction: current.count === 0 ? 0 : round2(usd(current.credits / current.count)),
    ...windowFields(window),
    spending_trends: await trends(sql, userId, SPENDING, window),
    project_breakdown: [],
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
    evaluations_created: 0,
  };
}

/** Earnings analytics: earned = rewards posted to the earning account (approved votes). */
export async function earningsAnalytics(sql: SqlExecutor, userId: string, window: AnalyticsWindow) {
  const current = await totals(sql, userId, EARNING, window.start, window.end);
  const previous = await totals(sql, userId, EARNING, window.previousStart, window.start);
  // Every recorded vote posts its reward (DESIGN section 4) and no vote review exists yet, so every
  // submitted vote counts as approved; rejected stays 0 until reviews of votes exist.
  const submitted = current.count;
  const rejected = 0;
  const approvalRate = (t: Totals) => (t.count === 0 ? 0 : round2(((t.count - rejected) / t.count) * 100));
  const ranking = await sql.query<{ user_id: string; credits: string | number }>(
    `SELECT u.id AS user_id, COALESCE(sum(abs(w.amount)) FILTER (WHERE w.id IS NOT NULL), 0) AS credits
     FROM users u LEFT JOIN wallet_transactions w ON w.user_id = u.id AND w.context = 'earning' AND w.type = 'credit'
       AND w.code = 'reward' AND w.status = 'completed' AND w.created_at >= $1 AND w.created_at < $2
     WHERE 'expert' = ANY(u.roles) GROUP BY u.id ORDER BY credits DESC, u.id`,
    [window.start, window.end],
  );
  const index = ranking.rows.findIndex((row) => row.user_id === userId);
  const baseMetrics = metrics(current, previous, ['Total Earned', 'Approved Votes', 'Average Earning']);
  const currentRate = approvalRate(current);
  const previousRate = approvalRate(previous);
  return {
    total_earned: usd(current.credits),
    total_earned_credits: current.credits,
    total_transactions: current.count,
    average_earning: current.count === 0 ? 0 : round2(usd(current.credits / current.count)),
    ...windowFields(window),
    earnings_trends: await trends(sql, userId, EARNING, window),
    evaluation_breakdown: [],
    performance_metrics: [
      ...baseMetrics,
      { label: 'Approval Rate', value: currentRate, ...change(currentRate, previousRate) },
    ],
    votes_submitted: submitted,
    votes_approved: current.count - rejected,
    votes_rejected: rejected,
    approval_rate: currentRate,
    quality_score: null,
    reputation_score: null,
    ranking: index === -1 ? null : index + 1,
    total_experts: ranking.rows.length,
  };
}

export async function spendingSummary(sql: SqlExecutor, userId: string) {
  const all = await totals(sql, userId, SPENDING, new Date(0), FAR_FUTURE);
  const balance = await getWalletBalance(sql, userId, 'spending');
  return { total_spent: usd(all.credits), budget_remaining: balance.usd_equivalent, active_evaluations: 0 };
}

export async function earningsSummary(sql: SqlExecutor, userId: string) {
  const forever = [new Date(0), FAR_FUTURE] as const;
  const earned = await totals(sql, userId, EARNING, ...forever);
  // Pending: rewards reserved for the person's claimed items, paid when they vote.
  const pending = await totals(sql, userId, EARNING, ...forever, 'pending');
  return {
    total_earned: usd(earned.credits),
    pending_earnings: usd(pending.credits),
    approval_rate: earned.count === 0 ? 0 : 100,
  };
}
