import type { SqlExecutor } from '@evalmarket/db';
import type { ExportRow } from './render-exports.js';

/** What an earnings statement sums, in credits: each a total of completed movements in the period. */
export interface StatementTotals {
  rewards: number;
  rewardCount: number;
  /** Staff corrections, signed (a correction may take credits away). */
  adjustments: number;
  /** Cash-outs taken from the balance (gross) and the part of them kept as the platform fee. */
  cashoutsGross: number;
  fees: number;
  netPaidOut: number;
  /** Cash-outs Stripe sent back (transfer reversed): the credits came back to the balance. */
  returned: number;
}

type MovementRow = {
  created_at: Date | string;
  description: string;
  type: 'credit' | 'debit';
  amount: string | number;
  code: string;
  fee_credits: string | number | null;
  net_credits: string | number | null;
};

/**
 * The earning account's completed movements in [start, end), in log order, as statement rows
 * with signed amounts: rewards, adjustments, cash-outs split into the net sent and the fee, and
 * cash-outs Stripe returned. Pending reservations, released or cancelled rewards and failed
 * cash-outs moved nothing, so they are not in a statement.
 */
export async function earningsStatement(
  sql: SqlExecutor,
  userId: string,
  start: Date,
  end: Date,
): Promise<{ rows: ExportRow[]; totals: StatementTotals }> {
  const { rows } = await sql.query<MovementRow>(
    `SELECT t.created_at, t.description, t.type, t.amount, t.code, c.fee_credits, c.net_credits
     FROM wallet_transactions t
     LEFT JOIN cashouts c ON t.code = 'cashout' AND t.type = 'debit' AND c.cashout_id = t.transfer_id
     WHERE t.user_id = $1 AND t.context = 'earning' AND t.status = 'completed'
       AND t.created_at >= $2 AND t.created_at < $3
     ORDER BY t.global_position, t.id`,
    [userId, start, end],
  );
  const totals: StatementTotals = {
    rewards: 0,
    rewardCount: 0,
    adjustments: 0,
    cashoutsGross: 0,
    fees: 0,
    netPaidOut: 0,
    returned: 0,
  };
  const out: ExportRow[] = [];
  for (const row of rows) {
    const date = new Date(row.created_at).toISOString().slice(0, 10);
    const amount = Math.abs(Number(row.amount));
    const signed = row.type === 'credit' ? amount : -amount;
    const line = (description: string, credits: number) =>
      out.push({ date, description, status: 'completed', amount_credits: credits });
    if (row.code === 'cashout' && row.type === 'debit') {
      const fee = Number(row.fee_credits ?? 0);
      totals.cashoutsGross += amount;
      totals.fees += fee;
      totals.netPaidOut += amount - fee;
      line('Cash-out sent to bank account', -(amount - fee));
      if (fee > 0) line('Cash-out fee (platform)', -fee);
    } else if (row.code === 'cashout') {
      totals.returned += amount;
      line(row.description, signed);
    } else if (row.code === 'reward') {
      totals.rewards += signed;
      totals.rewardCount += 1;
      line(row.description, signed);
    } else {
      totals.adjustments += signed;
      line(row.description, signed);
    }
  }
  return { rows: out, totals };
}
