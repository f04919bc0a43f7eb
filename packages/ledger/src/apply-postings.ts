import type { TAccountBalance, TPosting } from '@evalmarket/contracts';
import { emptyAccountBalance } from './account-balance.js';

/**
 * Moves the balance counters of one posting, TigerBeetle style. Shared by `evolve` and by any
 * auditor or projector outside the package, so every reader of the log sums it the same way.
 */
export function applyPosting(balances: Map<string, TAccountBalance>, posting: TPosting): void {
  const debit = accountFor(balances, posting.debit);
  const credit = accountFor(balances, posting.credit);
  const amount = posting.amount;
  switch (posting.phase) {
    case 'posted':
      debit.debits_posted += amount;
      credit.credits_posted += amount;
      return;
    case 'pending':
      debit.debits_pending += amount;
      credit.credits_pending += amount;
      return;
    case 'post_pending':
      debit.debits_pending -= amount;
      debit.debits_posted += amount;
      credit.credits_pending -= amount;
      credit.credits_posted += amount;
      return;
    case 'void_pending':
      debit.debits_pending -= amount;
      credit.credits_pending -= amount;
      return;
    default: {
      const unknownPhase: never = posting.phase;
      throw new Error(`Unknown posting phase ${String(unknownPhase)}`);
    }
  }
}

/** Applies every posting of one event in order. Accounts missing from `balances` start at zero. */
export function applyPostings(balances: Map<string, TAccountBalance>, postings: readonly TPosting[]): void {
  // An indexed loop: this runs for every money event on the writer's hot path.
  // Stryker disable next-line EqualityOperator: `<=` reads postings[length], undefined and skipped below.
  for (let index = 0; index < postings.length; index += 1) {
    const posting = postings[index];
    if (posting !== undefined) applyPosting(balances, posting);
  }
}

function accountFor(balances: Map<string, TAccountBalance>, accountId: string): TAccountBalance {
  let account = balances.get(accountId);
  if (account === undefined) {
    account = emptyAccountBalance(accountId);
    balances.set(accountId, account);
  }
  return account;
}
