import type { TUserAccountKind } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { REWARD_DAY_COLUMNS } from './read-model-tables.js';
import type { TransactionStatus, WalletMovement } from './wallet-movements.js';

/**
 * The reward roll-up (`wallet_reward_days`): per person, side, UTC day and status, the credits
 * and count of reward rows, kept beside `wallet_transactions` in the same transaction. The rows
 * it counts are the ones the analytics and billing sum: reward debits of a spending account and
 * reward credits of an earning account.
 */
export interface RewardDayChange {
  id: string;
  user_id: string;
  context: TUserAccountKind;
  /** YYYY-MM-DD, UTC. */
  day: string;
  status: TransactionStatus;
  credits: number;
  rewards: number;
}

/** A reward row as it stands before this batch (the parts the roll-up keys on). */
export interface RewardRowBefore {
  id: string;
  user_id: string;
  context: TUserAccountKind;
  type: 'credit' | 'debit';
  code: string;
  amount: number;
  status: TransactionStatus;
  created_at: Date | string;
  updated_position: number;
}

type RewardRow = Pick<
  RewardRowBefore,
  'user_id' | 'context' | 'type' | 'code' | 'amount' | 'status' | 'created_at'
>;

export const isRolledUpReward = (row: Pick<RewardRow, 'code' | 'context' | 'type'>): boolean =>
  row.code === 'reward' &&
  ((row.context === 'spending' && row.type === 'debit') ||
    (row.context === 'earning' && row.type === 'credit'));

/** The last instant given as text and its day: a batch's events share their recorded time. */
let lastDay = { time: '', day: '' };

/**
 * The UTC day (YYYY-MM-DD) of an instant. A rebuild asks for it once per reward and claim, mostly
 * for the same few instants in a row, so the last text's answer is kept (0.8 s of a 1M world's
 * rebuild went to parsing and formatting them again).
 */
export function utcDay(time: Date | string): string {
  if (typeof time !== 'string') return time.toISOString().slice(0, 10);
  if (time !== lastDay.time) lastDay = { time, day: new Date(time).toISOString().slice(0, 10) };
  return lastDay.day;
}

/**
 * What a batch's folded movements change in the roll-up: a new reward row adds to its day and
 * status; a row that exists moves from its old status to the new one (its amount and creation
 * time never change), unless the movement is not newer than the row (a replay, which the
 * transactions' upsert ignores too). Buckets are summed, so each key appears once.
 */
export function rewardDayChanges(
  movements: readonly WalletMovement[],
  before: ReadonlyMap<string, RewardRowBefore>,
): RewardDayChange[] {
  const changes = new Map<string, RewardDayChange>();
  const add = (row: RewardRow, status: TransactionStatus, sign: 1 | -1) => {
    const day = utcDay(row.created_at);
    const id = `${row.user_id}|${row.context}|${day}|${status}`;
    const change = changes.get(id) ?? {
      id,
      user_id: row.user_id,
      context: row.context,
      day,
      status,
      credits: 0,
      rewards: 0,
    };
    change.credits += sign * Math.abs(Number(row.amount));
    change.rewards += sign;
    changes.set(id, change);
  };
  for (const movement of movements) {
    if (!isRolledUpReward(movement)) continue;
    const prior = before.get(movement.id);
    if (!prior) {
      add(movement, movement.status, 1);
    } else if (
      Number(prior.updated_position) < movement.updated_position &&
      prior.status !== movement.status
    ) {
      add(prior, prior.status, -1);
      add(prior, movement.status, 1);
    }
  }
  return [...changes.values()].filter((change) => change.rewards !== 0 || change.credits !== 0);
}

/** The reward rows of this batch that already exist, before the batch changes them. */
export async function rewardRowsBefore(
  tx: SqlExecutor,
  table: string,
  movements: readonly WalletMovement[],
): Promise<Map<string, RewardRowBefore>> {
  const ids = movements.filter(isRolledUpReward).map((movement) => movement.id);
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<RewardRowBefore & Record<string, unknown>>(
    `SELECT id, user_id, context, type, code, amount, status, created_at, updated_position
     FROM ${table} WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Adds the changes to the roll-up and deletes the buckets they empty. */
export async function writeRewardDays(
  tx: SqlExecutor,
  table: string,
  changes: RewardDayChange[],
): Promise<void> {
  if (changes.length === 0) return;
  // One lock order for every writer, as for the balances.
  changes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await tx.query(
    `${insertRewardDays(table)}
     ON CONFLICT (id) DO UPDATE SET credits = d.credits + EXCLUDED.credits, rewards = d.rewards + EXCLUDED.rewards`,
    rewardDayParameters(changes),
  );
  await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::text[]) AND rewards = 0`, [
    changes.map((c) => c.id),
  ]);
}

/** The roll-up's multi-row insert, one array parameter per column (rewardDayParameters, in REWARD_DAY_COLUMNS' order). */
export function insertRewardDays(table: string): string {
  return `INSERT INTO ${table} AS d (${REWARD_DAY_COLUMNS.join(', ')})
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::text[], $6::bigint[], $7::bigint[])`;
}

export function rewardDayParameters(changes: readonly RewardDayChange[]): unknown[][] {
  return [
    changes.map((c) => c.id),
    changes.map((c) => c.user_id),
    changes.map((c) => c.context),
    changes.map((c) => c.day),
    changes.map((c) => c.status),
    changes.map((c) => c.credits),
    changes.map((c) => c.rewards),
  ];
}

export interface RewardDayTotals {
  credits: number;
  rewards: number;
}

/**
 * A person's rewards on one side and status over whole UTC days [fromDay, toDay) from the
 * roll-up (toDay undefined: up to now). A few rows a day, however many rewards.
 */
export async function rewardDayTotals(
  sql: SqlExecutor,
  query: { userId: string; context: TUserAccountKind; status: string; fromDay: string; toDay?: string },
): Promise<RewardDayTotals> {
  const { rows } = await sql.query<{ credits: string | number | null; rewards: string | number | null }>(
    `SELECT COALESCE(sum(credits), 0) AS credits, COALESCE(sum(rewards), 0) AS rewards FROM wallet_reward_days
     WHERE user_id = $1 AND context = $2 AND status = $3 AND day >= $4::date AND ($5::date IS NULL OR day < $5::date)`,
    [query.userId, query.context, query.status, query.fromDay, query.toDay ?? null],
  );
  return { credits: Number(rows[0]?.credits ?? 0), rewards: Number(rows[0]?.rewards ?? 0) };
}
