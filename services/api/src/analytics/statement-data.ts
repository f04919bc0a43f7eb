import type { SqlExecutor } from '@evalmarket/db';
import { keysetPages } from '../http/streamed-export.js';
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

/** Whose statement, over [start, end), read `pageRows` movements at a time. */
export interface StatementSource {
  sql: SqlExecutor;
  ticket: { u: string };
  start: Date;
  end: Date;
  pageRows?: number;
}

type MovementRow = {
  created_at: Date | string;
  description: string;
  type: 'credit' | 'debit';
  amount: string | number;
  code: string;
  fee_credits: string | number | null;
  net_credits: string | number | null;
  global_position: string | number;
  id: string;
};

export const emptyStatementTotals = (): StatementTotals => ({
  rewards: 0,
  rewardCount: 0,
  adjustments: 0,
  cashoutsGross: 0,
  fees: 0,
  netPaidOut: 0,
  returned: 0,
});

/** One movement as its statement lines (a cash-out is two: net sent and fee), counted in `totals`. */
function statementLines(row: MovementRow, totals: StatementTotals): ExportRow[] {
  const date = new Date(row.created_at).toISOString().slice(0, 10);
  const amount = Math.abs(Number(row.amount));
  const signed = row.type === 'credit' ? amount : -amount;
  const line = (description: string, credits: number): ExportRow => ({
    date,
    description,
    status: 'completed',
    amount_credits: credits,
  });
  if (row.code === 'cashout' && row.type === 'debit') {
    const fee = Number(row.fee_credits ?? 0);
    totals.cashoutsGross += amount;
    totals.fees += fee;
    totals.netPaidOut += amount - fee;
    const sent = line('Cash-out sent to bank account', -(amount - fee));
    return fee > 0 ? [sent, line('Cash-out fee (platform)', -fee)] : [sent];
  }
  if (row.code === 'cashout') totals.returned += amount;
  else if (row.code === 'reward') {
    totals.rewards += signed;
    totals.rewardCount += 1;
  } else totals.adjustments += signed;
  return [line(row.description, signed)];
}

/**
 * The earning account's completed movements in [start, end), in log order, as statement rows
 * with signed amounts, one page at a time (keyset on position and row id): rewards, adjustments,
 * cash-outs split into the net sent and the fee, and cash-outs Stripe returned. Pending
 * reservations, released or cancelled rewards and failed cash-outs moved nothing, so they are
 * not in a statement. `totals` sums every page read so far.
 */
export async function* earningsStatementPages(
  { sql, ticket, start, end, pageRows }: StatementSource,
  totals: StatementTotals = emptyStatementTotals(),
): AsyncGenerator<ExportRow[]> {
  const pages = keysetPages(
    async (after: MovementRow | undefined, limit) =>
      (
        await sql.query<MovementRow>(
          `SELECT t.created_at, t.description, t.type, t.amount, t.code, c.fee_credits, c.net_credits,
             t.global_position, t.id
           FROM wallet_transactions t
           LEFT JOIN cashouts c ON t.code = 'cashout' AND t.type = 'debit' AND c.cashout_id = t.transfer_id
           WHERE t.user_id = $1 AND t.context = 'earning' AND t.status = 'completed'
             AND t.created_at >= $2 AND t.created_at < $3 AND (t.global_position, t.id) > ($4, $5)
           ORDER BY t.global_position, t.id LIMIT $6`,
          [ticket.u, start, end, after?.global_position ?? -1, after?.id ?? '', limit],
        )
      ).rows,
    (row) => row,
    pageRows,
  );
  for await (const rows of pages) yield rows.flatMap((row) => statementLines(row, totals));
}
