import type { TPayoutHistoryItem } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { retriedCashoutId } from './cashout-retry.js';

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** A person's cash-outs from the payments read model, newest first: the evaluator's payout history. */
export async function readPayoutHistory(
  sql: SqlClient,
  userId: string,
  limit: number,
): Promise<TPayoutHistoryItem[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT cashout_id, status, gross_credits, fee_credits, net_credits, stripe_transfer_id, failure_reason,
       requested_at, settled_at
     FROM cashouts WHERE user_id = $1 ORDER BY requested_at DESC, updated_position DESC LIMIT ${Number(limit)}`,
    [userId],
  );
  return rows.map((row) => ({
    cashout_id: String(row.cashout_id),
    status: row.status as TPayoutHistoryItem['status'],
    gross_credits: Number(row.gross_credits),
    fee_credits: Number(row.fee_credits),
    net_credits: Number(row.net_credits),
    stripe_transfer_id: (row.stripe_transfer_id as string | null) ?? null,
    failure_reason: (row.failure_reason as string | null) ?? null,
    requested_at: iso(row.requested_at)!,
    settled_at: iso(row.settled_at),
    retry_of: retriedCashoutId(String(row.cashout_id)),
  }));
}
