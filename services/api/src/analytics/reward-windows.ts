import type { SqlExecutor } from '@evalmarket/db';
import { rewardDayTotals } from '@evalmarket/projector';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One side of a person's wallet as the analytics read it: spending debits or earning credits. */
export type Side = { context: 'spending'; type: 'debit' } | { context: 'earning'; type: 'credit' };

export interface Totals {
  credits: number;
  count: number;
}

export interface DayTotal {
  day: string;
  credits: number;
  count: number;
}

const dayText = (time: Date) => time.toISOString().slice(0, 10);

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

const REWARD_ROWS = `FROM wallet_transactions w
  WHERE w.user_id = $1 AND w.context = $2 AND w.type = $3 AND w.code = 'reward' AND w.status = $4
    AND w.created_at >= $5 AND w.created_at < $6`;

/** A half-open time range [from, to). */
interface Range {
  from: Date;
  to: Date;
}

async function rowTotals(sql: SqlExecutor, userId: string, side: Side, status: string, { from, to }: Range) {
  if (from.getTime() >= to.getTime()) return { credits: 0, count: 0 };
  const { rows } = await sql.query<{ credits: string | number | null; n: string | number }>(
    `SELECT COALESCE(sum(abs(w.amount)), 0) AS credits, count(*) AS n ${REWARD_ROWS}`,
    [userId, side.context, side.type, status, from, to],
  );
  return { credits: Number(rows[0]?.credits ?? 0), count: Number(rows[0]?.n ?? 0) };
}

/**
 * A person's rewards of one side and status in [from, to): the whole UTC days from the roll-up
 * (wallet_reward_days), the partial days at the ends from the rows. Equal to summing every row.
 */
export async function rewardTotals(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  status: string,
  from: Date,
  to: Date,
): Promise<Totals> {
  const split = splitAtMidnights(from, to);
  if (!split) return rowTotals(sql, userId, side, status, { from, to });
  const days = await rewardDayTotals(sql, { userId, context: side.context, status, ...split.days });
  const head = await rowTotals(sql, userId, side, status, split.head);
  const tail = await rowTotals(sql, userId, side, status, split.tail);
  return {
    credits: days.credits + head.credits + tail.credits,
    count: days.rewards + head.count + tail.count,
  };
}

async function rowDays(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  { from, to }: Range,
): Promise<DayTotal[]> {
  if (from.getTime() >= to.getTime()) return [];
  const { rows } = await sql.query<{ day: string; credits: string | number; n: string | number }>(
    `SELECT to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(abs(w.amount)) AS credits, count(*) AS n
     ${REWARD_ROWS} GROUP BY 1 ORDER BY 1`,
    [userId, side.context, side.type, 'completed', from, to],
  );
  return rows.map((row) => ({ day: row.day, credits: Number(row.credits), count: Number(row.n) }));
}

/** Completed rewards per UTC day in [from, to), oldest first, from the roll-up and the end rows. */
export async function rewardDays(
  sql: SqlExecutor,
  userId: string,
  side: Side,
  from: Date,
  to: Date,
): Promise<DayTotal[]> {
  const split = splitAtMidnights(from, to);
  if (!split) return rowDays(sql, userId, side, { from, to });
  const { rows } = await sql.query<{ day: string; credits: string | number; rewards: string | number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, credits, rewards FROM wallet_reward_days
     WHERE user_id = $1 AND context = $2 AND status = 'completed' AND day >= $3::date AND day < $4::date
     ORDER BY day`,
    [userId, side.context, split.days.fromDay, split.days.toDay],
  );
  const whole = rows.map((row) => ({
    day: row.day,
    credits: Number(row.credits),
    count: Number(row.rewards),
  }));
  return [
    ...(await rowDays(sql, userId, side, split.head)),
    ...whole,
    ...(await rowDays(sql, userId, side, split.tail)),
  ];
}

/** Where a person stands among the experts (`ranking`, `total_experts` of the earnings analytics). */
export interface ExpertRanking {
  /** 1 for the expert who earned most (ties by id); null when the person is not an expert. */
  rank: number | null;
  experts: number;
}

/**
 * The experts ranked by completed earnings in [from, to), most first and ties by id: every
 * expert's total from the day roll-up (an index-only scan of wallet_reward_days_day_idx) and the
 * partial days' rows at the ends, so it reads a row per expert and day instead of every
 * transaction. Only the person's place and the count come back.
 */
export async function expertRanking(
  sql: SqlExecutor,
  userId: string,
  from: Date,
  to: Date,
): Promise<ExpertRanking> {
  // No whole day inside: the rows of the window, and an empty range of days.
  const split = splitAtMidnights(from, to) ?? {
    head: { from, to },
    days: { fromDay: dayText(from), toDay: dayText(from) },
    tail: { from: to, to },
  };
  const { rows } = await sql.query<{
    experts: string | number;
    ahead: string | number;
    found: string | number;
  }>(
    `WITH earned AS (
       SELECT user_id, credits FROM wallet_reward_days
       WHERE context = 'earning' AND status = 'completed' AND day >= $1::date AND day < $2::date
       UNION ALL
       SELECT user_id, abs(amount) FROM wallet_transactions
       WHERE code = 'reward' AND (created_at AT TIME ZONE 'UTC')::date = ANY($8::date[])
         AND context = 'earning' AND type = 'credit' AND status = 'completed'
         AND ((created_at >= $3 AND created_at < $4) OR (created_at >= $5 AND created_at < $6))
     ), experts AS (
       SELECT u.id, COALESCE(sum(e.credits), 0) AS credits
       FROM users u LEFT JOIN earned e ON e.user_id = u.id
       WHERE 'expert' = ANY(u.roles) GROUP BY u.id
     )
     SELECT (SELECT count(*) FROM experts) AS experts,
       (SELECT count(*) FROM experts o JOIN experts me ON me.id = $7
        WHERE o.credits > me.credits OR (o.credits = me.credits AND o.id < me.id)) AS ahead,
       (SELECT count(*) FROM experts WHERE id = $7) AS found`,
    [
      split.days.fromDay,
      split.days.toDay,
      split.head.from,
      split.head.to,
      split.tail.from,
      split.tail.to,
      userId,
      // The UTC days of the partial ends, for wallet_transactions_reward_day_idx.
      [split.head.from, split.head.to, split.tail.from, split.tail.to].map((time) =>
        dayText(new Date(Math.max(0, time.getTime() - 1))),
      ),
    ],
  );
  const row = rows[0];
  return {
    rank: Number(row?.found ?? 0) === 0 ? null : Number(row?.ahead ?? 0) + 1,
    experts: Number(row?.experts ?? 0),
  };
}
