import type { SqlExecutor } from '@evalmarket/db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One side of a person's wallet as the analytics read it: spending debits or earning credits. */
export type Side = { context: 'spending'; type: 'debit' } | { context: 'earning'; type: 'credit' };

export const SPENDING: Side = { context: 'spending', type: 'debit' };
export const EARNING: Side = { context: 'earning', type: 'credit' };

export interface Totals {
  credits: number;
  count: number;
}

/** Completed rewards of one evaluation, with its title (null when the evaluation is not known). */
export interface EvaluationTotal {
  evaluationId: string;
  title: string | null;
  credits: number;
  count: number;
}

/** A statement's row of one evaluation's totals (sums arrive as text). */
export interface EvaluationTotalRow extends Record<string, unknown> {
  evaluation_id: string;
  title: string | null;
  credits: string | number;
  n: string | number;
}

/**
 * Rows `(evaluation_id, credits, n)` totalled per evaluation, largest first, then each total named:
 * one title read per evaluation, not one per row.
 */
export const totalsPerEvaluation = (rows: string) => `SELECT t.evaluation_id, e.title, t.credits, t.n
  FROM (SELECT evaluation_id, sum(credits) AS credits, sum(n) AS n FROM (${rows}) b GROUP BY evaluation_id) t
  LEFT JOIN evaluations e ON e.id = t.evaluation_id
  ORDER BY t.credits DESC, t.evaluation_id`;

export const evaluationTotalOf = (row: EvaluationTotalRow): EvaluationTotal => ({
  evaluationId: row.evaluation_id,
  title: row.title,
  credits: Number(row.credits),
  count: Number(row.n),
});

export interface DayTotal {
  day: string;
  credits: number;
  count: number;
}

/** A statement's row of one day's totals (sums arrive as text). */
export interface DayTotalRow extends Record<string, unknown> {
  day: string;
  credits: string | number;
  n: string | number;
}

export const dayTotalOf = (row: DayTotalRow): DayTotal => ({
  day: row.day,
  credits: Number(row.credits),
  count: Number(row.n),
});

export const dayText = (time: Date) => time.toISOString().slice(0, 10);

/**
 * A window [from, to) cut at UTC midnights: the whole days inside it (read from the roll-up) and
 * the partial days at its ends (read row by row: at most a day of rows each). Undefined when no
 * whole day fits, so the window is read row by row.
 */
export function splitAtMidnights(from: Date, to: Date) {
  const firstMidnight = new Date(Math.ceil(Math.max(from.getTime(), 0) / DAY_MS) * DAY_MS);
  const lastMidnight = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  if (firstMidnight.getTime() >= lastMidnight.getTime()) return undefined;
  return {
    head: { from, to: firstMidnight },
    days: { fromDay: dayText(firstMidnight), toDay: dayText(lastMidnight) },
    tail: { from: lastMidnight, to },
  };
}

/**
 * How a window is read: the split at midnights, or, when no whole day fits, all of it row by row
 * (the head) with no roll-up days and an empty tail.
 */
function windowReading(from: Date, to: Date): Split {
  return (
    splitAtMidnights(from, to) ?? {
      head: { from, to },
      days: { fromDay: dayText(from), toDay: dayText(from) },
      tail: { from: to, to },
    }
  );
}

type Split = NonNullable<ReturnType<typeof splitAtMidnights>>;

/** A person's reward rows of one side and status at the window's ends: [$5, $6) and [$7, $8). */
export const REWARD_ROWS_AT_ENDS = `FROM wallet_transactions w
  WHERE w.user_id = $1 AND w.context = $2 AND w.type = $3 AND w.code = 'reward' AND w.status = $4
    AND ((w.created_at >= $5 AND w.created_at < $6) OR (w.created_at >= $7 AND w.created_at < $8))`;

/** The roll-up's days of the same person, side and status in [$9, $10). */
const ROLLED_UP_DAYS = `FROM wallet_reward_days d
  WHERE d.user_id = $1 AND d.context = $2 AND d.status = $4 AND d.day >= $9::date AND d.day < $10::date`;

const readingParams = (userId: string, side: Side, status: string, reading: Split) => [
  userId,
  side.context,
  side.type,
  status,
  reading.head.from,
  reading.head.to,
  reading.tail.from,
  reading.tail.to,
  reading.days.fromDay,
  reading.days.toDay,
];

/**
 * A person's rewards of one side and status in [from, to): the whole UTC days from the roll-up
 * (wallet_reward_days), the partial days at the ends from the rows, in one statement (the
 * analytics ask for three windows a request). Equal to summing every row.
 */
export async function rewardTotals(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  status: string,
  from: Date,
  to: Date,
): Promise<Totals> {
  const { rows } = await sql.query<{ credits: string | number; n: string | number }>(
    `SELECT days.credits + ends.credits AS credits, days.n + ends.n AS n
     FROM (SELECT COALESCE(sum(d.credits), 0) AS credits, COALESCE(sum(d.rewards), 0) AS n ${ROLLED_UP_DAYS}) days,
          (SELECT COALESCE(sum(abs(w.amount)), 0) AS credits, count(*) AS n ${REWARD_ROWS_AT_ENDS}) ends`,
    readingParams(userId, side, status, windowReading(from, to)),
  );
  return { credits: Number(rows[0]?.credits ?? 0), count: Number(rows[0]?.n ?? 0) };
}

/**
 * Completed rewards per UTC day in [from, to), oldest first, from the roll-up and the end rows in
 * one statement (the partial days are days of their own: before the first midnight, and the day
 * the window ends in).
 */
export async function rewardDays(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  from: Date,
  to: Date,
): Promise<DayTotal[]> {
  const { rows } = await sql.query<DayTotalRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.credits, d.rewards AS n ${ROLLED_UP_DAYS}
     UNION ALL
     SELECT to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(abs(w.amount)) AS credits, count(*) AS n
     ${REWARD_ROWS_AT_ENDS} GROUP BY 1
     ORDER BY day`,
    readingParams(userId, side, 'completed', windowReading(from, to)),
  );
  return rows.map(dayTotalOf);
}

/**
 * A requester's completed spending rewards in [from, to) per evaluation, largest first: the whole
 * UTC days from the evaluations' roll-up (evaluation_vote_days: paid votes and credits per
 * evaluation and claim day, kept by the domain projection), the partial days at the ends from the
 * rows joined with their claims, in one statement. The two agree because a paid claim's reward is
 * reserved from the evaluation's creator's spending account, for the claim's reward_credits, by
 * the claim's own event (so the row's time is the claim's), and completes when the vote is cast;
 * a released or expired claim is voided and counted by neither, and a volunteer's vote moves no
 * credits (not a paid vote, no row). test/scale-world.int.spec.ts checks them against the rows on
 * a generated year, test/domain-projection.int.spec.ts a volunteer's vote.
 */
export async function spendingByEvaluation(
  sql: SqlExecutor,
  userId: string,
  from: Date,
  to: Date,
): Promise<EvaluationTotal[]> {
  const { rows } = await sql.query<EvaluationTotalRow>(
    totalsPerEvaluation(`SELECT d.evaluation_id, d.credits, d.paid_votes AS n
       FROM evaluations mine JOIN evaluation_vote_days d ON d.evaluation_id = mine.id
       WHERE mine.creator_id = $1 AND d.day >= $9::date AND d.day < $10::date AND d.paid_votes > 0
       UNION ALL
       SELECT a.evaluation_id, r.credits, 1
       FROM (SELECT w.transfer_id, abs(w.amount) AS credits ${REWARD_ROWS_AT_ENDS}) r
       JOIN evaluation_assignments a ON a.transfer_id = r.transfer_id`),
    readingParams(userId, SPENDING, 'completed', windowReading(from, to)),
  );
  return rows.map(evaluationTotalOf);
}
