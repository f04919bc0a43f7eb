import {
  type TAccountBalance,
  type TAccountFigures,
  type TAccountLedger,
  type TLedgerEntry,
  type TPostingPhase,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { accountBalance, applyPosting, availableBalance, emptyAccountBalance } from '@evalmarket/ledger';
import { ValidationError } from '../http/errors.js';
import { accountOwnerId, peopleByIds } from './people.js';
import { hasPostingOn } from './posting-account.js';

/**
 * One account's ledger: every posting that touches it, in log order, with the balances after it.
 * The balances are the ledger's own sums (`applyPosting`), so the last entry's figures are what
 * the wallet projection holds for the account and what the person's wallet reports.
 */

export function accountFigures(balance: TAccountBalance): TAccountFigures {
  return {
    available: availableBalance(balance),
    pending: balance.debits_pending,
    incoming: balance.credits_pending,
    posted: accountBalance(balance),
  };
}

// Every posting of the log with its event, as rows; the account is $1. The packed journal's
// reward transfers are in event_log too. `ord` counts from 1 in the event's postings array. The
// events are found through the postings index first (hasPostingOn), then their postings read.
export const POSTINGS_OF_ACCOUNT = `
  SELECT e.global_position, x.ord, e.type, e.stream_id, e.hash, e.recorded_at, x.posting
  FROM event_log e
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(e.data->'postings') = 'array' THEN e.data->'postings' ELSE '[]'::jsonb END
  ) WITH ORDINALITY x(posting, ord)
  WHERE ${hasPostingOn('e.data', '$1')} AND (x.posting->>'debit' = $1 OR x.posting->>'credit' = $1)`;

function parseCursor(after: string | undefined): [number, number] {
  if (after === undefined) return [0, 0];
  const [position, index] = after.split('.').map(Number) as [number, number];
  if (!Number.isSafeInteger(position)) throw ValidationError.at(['query', 'after'], 'is not a cursor');
  return [position, index];
}

type PostingJson = {
  debit: string;
  credit: string;
  amount: number;
  code: string;
  phase: string;
  transfer_id: string;
};

/** Reads one page of an account's ledger, with the opening figures summed from everything before it. */
export async function readAccountLedger(
  sql: SqlExecutor,
  accountId: string,
  query: { after?: string; limit: number },
): Promise<TAccountLedger> {
  const [position, index] = parseCursor(query.after);
  // The opening balance: the postings before the page, summed per phase and side. applyPosting is
  // linear in the amount, so applying the sums gives the same counters as applying each posting.
  const sums = await sql.query<{ phase: string; is_debit: boolean; amount: string | number }>(
    `SELECT p.posting->>'phase' AS phase, (p.posting->>'debit' = $1) AS is_debit,
            sum((p.posting->>'amount')::bigint) AS amount
     FROM (${POSTINGS_OF_ACCOUNT}) p
     WHERE (p.global_position, p.ord) <= ($2::bigint, $3::bigint)
     GROUP BY 1, 2`,
    [accountId, position, index],
  );
  const balances = new Map<string, TAccountBalance>([[accountId, emptyAccountBalance(accountId)]]);
  for (const sum of sums.rows) {
    applyPosting(balances, {
      transfer_id: 'opening',
      debit: sum.is_debit ? accountId : 'opening',
      credit: sum.is_debit ? 'opening' : accountId,
      amount: Number(sum.amount),
      code: 'adjustment',
      phase: sum.phase as TPostingPhase,
    });
  }
  const opening = accountFigures(balances.get(accountId)!);

  const page = await sql.query<{
    global_position: string | number;
    ord: string | number;
    type: string;
    stream_id: string;
    hash: string;
    recorded_at: unknown;
    posting: PostingJson | string;
  }>(
    `SELECT * FROM (${POSTINGS_OF_ACCOUNT}) p
     WHERE (p.global_position, p.ord) > ($2::bigint, $3::bigint)
     ORDER BY p.global_position, p.ord LIMIT $4`,
    [accountId, position, index, query.limit + 1],
  );
  const rows = page.rows.slice(0, query.limit);
  const postings = rows.map(
    (row) => (typeof row.posting === 'string' ? JSON.parse(row.posting) : row.posting) as PostingJson,
  );
  const counters = postings.map((posting) => (posting.debit === accountId ? posting.credit : posting.debit));
  const owners = await peopleByIds(
    sql,
    counters.map(accountOwnerId).filter((id): id is string => id !== null),
  );
  const entries = rows.map((row, rowIndex): TLedgerEntry => {
    const posting = postings[rowIndex]!;
    const counter = counters[rowIndex]!;
    const counterOwner = accountOwnerId(counter);
    const amount = Number(posting.amount);
    applyPosting(balances, {
      ...posting,
      amount,
      code: posting.code as TLedgerEntry['code'],
      phase: posting.phase as TPostingPhase,
    });
    const side = posting.debit === accountId ? 'debit' : 'credit';
    const global_position = Number(row.global_position);
    const posting_index = Number(row.ord);
    return {
      cursor: `${global_position}.${posting_index}`,
      global_position,
      posting_index,
      event_type: row.type,
      stream_id: row.stream_id,
      hash: row.hash,
      recorded_at: row.recorded_at === null ? null : new Date(row.recorded_at as string).toISOString(),
      transfer_id: String(posting.transfer_id),
      code: posting.code as TLedgerEntry['code'],
      phase: posting.phase as TPostingPhase,
      side,
      counter_account: counter,
      counter_owner: counterOwner ? owners.get(counterOwner)! : null,
      amount,
      after: accountFigures(balances.get(accountId)!),
    };
  });
  const more = page.rows.length > query.limit;
  return { account_id: accountId, opening, entries, next_after: more ? entries.at(-1)!.cursor : null };
}
