import {
  CREDITS_PER_USD,
  type TAccountBalance,
  type TUserAccountKind,
  type TWalletBalanceReply,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { availableBalance, emptyAccountBalance } from '@evalmarket/ledger';
import { userAccountId } from './accounts.js';

/** The balance counters of one user account; zeros when nothing has moved on it yet. */
export async function getAccountBalance(
  sql: SqlExecutor,
  userId: string,
  context: TUserAccountKind,
): Promise<TAccountBalance> {
  const account_id = userAccountId(userId, context);
  const { rows } = await sql.query<TAccountBalance & Record<string, unknown>>(
    `SELECT account_id, debits_pending, debits_posted, credits_pending, credits_posted
     FROM account_balances WHERE account_id = $1`,
    [account_id],
  );
  const row = rows[0];
  if (!row) return emptyAccountBalance(account_id);
  return {
    account_id,
    debits_pending: Number(row.debits_pending),
    debits_posted: Number(row.debits_posted),
    credits_pending: Number(row.credits_pending),
    credits_posted: Number(row.credits_posted),
  };
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
  const balance = await getAccountBalance(sql, userId, context);
  const credits_balance = availableBalance(balance);
  return { credits_balance, usd_equivalent: credits_balance / CREDITS_PER_USD };
}
