import type { TAccountBalance } from '@evalmarket/contracts';
import { isUserAccount } from './account-ids.js';
import type { LedgerState } from './ledger-state.js';

export type InvariantName =
  | 'posted_balances_sum_not_zero'
  | 'pending_balances_sum_not_zero'
  | 'user_account_negative'
  | 'counter_out_of_range';

export interface InvariantViolation {
  invariant: InvariantName;
  /** The account at fault, for per-account invariants. */
  account_id?: string;
  message: string;
}

/**
 * Audits the books (README "Invariants"):
 * - sum over accounts of (credits_posted - debits_posted) = 0 (every posting has two equal legs);
 * - sum over accounts of (credits_pending - debits_pending) = 0;
 * - every user account: debits_pending + debits_posted <= credits_posted;
 * - every counter is a whole number in 0..Number.MAX_SAFE_INTEGER.
 * Sums are BigInt: the total of many safe integers need not be one. Not for the hot path.
 */
export function checkInvariants(state: Pick<LedgerState, 'accounts'>): InvariantViolation[] {
  return checkBalances(state.accounts.values());
}

/** The same audit over any balances, e.g. a projector's read model or an auditor's replay. */
export function checkBalances(accounts: Iterable<TAccountBalance>): InvariantViolation[] {
  const violations: InvariantViolation[] = [];
  let postedSum = 0n;
  let pendingSum = 0n;
  for (const account of accounts) {
    const counters = [
      account.debits_pending,
      account.debits_posted,
      account.credits_pending,
      account.credits_posted,
    ];
    if (!counters.every((counter) => Number.isSafeInteger(counter) && counter >= 0)) {
      violations.push({
        invariant: 'counter_out_of_range',
        account_id: account.account_id,
        message: `${account.account_id} has a counter outside 0..MAX_SAFE_INTEGER: ${counters.join(', ')}`,
      });
      continue;
    }
    postedSum += BigInt(account.credits_posted) - BigInt(account.debits_posted);
    pendingSum += BigInt(account.credits_pending) - BigInt(account.debits_pending);
    if (
      isUserAccount(account.account_id) &&
      account.debits_pending + account.debits_posted > account.credits_posted
    ) {
      violations.push({
        invariant: 'user_account_negative',
        account_id: account.account_id,
        message: `${account.account_id}: debits_pending ${account.debits_pending} + debits_posted ${account.debits_posted} > credits_posted ${account.credits_posted}`,
      });
    }
  }
  if (postedSum !== 0n) {
    violations.push({
      invariant: 'posted_balances_sum_not_zero',
      message: `Posted balances sum to ${postedSum.toString()}, not 0`,
    });
  }
  if (pendingSum !== 0n) {
    violations.push({
      invariant: 'pending_balances_sum_not_zero',
      message: `Pending balances sum to ${pendingSum.toString()}, not 0`,
    });
  }
  return violations;
}
