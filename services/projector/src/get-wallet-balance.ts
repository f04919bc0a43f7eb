import {
  CREDITS_PER_USD,
  type TAccountBalance,
  type TUserAccountKind,
  type TWalletBalanceReply,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { availableBalance, emptyAccountBalance } from '@evalmarket/ledger';
import { userAccountId } from './accounts.js';

type BalanceRow = TAccountBalance & Record<string, unknown>;

function balanceOf(row: BalanceRow): TAccountBalance {
  return {
    account_id: row.account_id,
    debits_pending: Number(row.debits_pending),
    debits_posted: Number(row.debits_posted),
    credits_pending: Number(row.credits_pending),
    credits_posted: Number(row.credits_posted),
  };
}

/** The balance counters of one user account; zeros when nothing has moved on it yet. */
export async function getAccountBalance(
  sql: SqlExecutor,
  userId: string,
  context: TUserAccountKind,
): Promise<TAccountBalance> {
  const account_id = userAccountId(userId, context);
  return (await getAccountBalances(sql, [account_id])).get(account_id)!;
}

/**
 * The balance counters of many accounts in one query (for a loader that coalesces the balance
 * reads of concurrent requests); accounts nothing has moved on yet have zeros.
 */
export async function getAccountBalances(
  sql: SqlExecutor,
  accountIds: readonly string[],
): Promise<Map<string, TAccountBalance>> {
  const { rows } = await sql.query<BalanceRow>(
    `SELECT account_id, debits_pending, debits_posted, credits_pending, credits_posted
     FROM account_balances WHERE account_id = ANY($1::text[])`,
    [accountIds],
  );
  const found = new Map(rows.map((row) => [row.account_id, balanceOf(row)]));
  return new Map(accountIds.map((id) => [id, found.get(id) ?? emptyAccountBalance(id)]));
}

/** What the wallet shows of an account's counters: the credits usable now, and their USD. */
export function walletBalanceOf(balance: TAccountBalance): TWalletBalanceReply {
  const credits_balance = availableBalance(balance);
  return { credits_balance, usd_equivalent: credits_balance / CREDITS_PER_USD };
}

/**
 * GET /api/v1/wallet/balance for one context. credits_balance is what the account can use now:
 * credits_posted - debits_posted - debits_pending (rewards reserved from a spending account, or a
 * cash-out in flight from an earning account, are no longer available; money reserved *for* the
 * account is not yet its own).
 */
export async function getWalletBalance(
  sql: SqlExecutor,
  userId: string,
  context: TUserAccountKind,
): Promise<TWalletBalanceReply> {
  return walletBalanceOf(await getAccountBalance(sql, userId, context));
}
