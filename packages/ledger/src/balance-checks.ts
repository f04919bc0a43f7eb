import type { TAccountBalance, TPostingPhase } from '@evalmarket/contracts';

/*
 * The two balance rules, as formulas (README "Invariants"). Both take the accounts by reference
 * and allocate nothing: they run before every transfer on the hot path.
 */

/**
 * True when a posting of `amountCredits` in `phase` would take any counter it raises past
 * Number.MAX_SAFE_INTEGER (where doubles stop counting exactly). void_pending only lowers.
 */
export function wouldOverflow(
  debit: TAccountBalance,
  credit: TAccountBalance,
  amountCredits: number,
  phase: TPostingPhase,
): boolean {
  const max = Number.MAX_SAFE_INTEGER;
  switch (phase) {
    case 'posted':
    case 'post_pending':
      return debit.debits_posted + amountCredits > max || credit.credits_posted + amountCredits > max;
    case 'pending':
      return debit.debits_pending + amountCredits > max || credit.credits_pending + amountCredits > max;
    case 'void_pending':
      return false;
    default: {
      const unknownPhase: never = phase;
      return unknownPhase;
    }
  }
}

/**
 * A user account refuses a debit when
 * `debits_pending + debits_posted + amount > credits_posted` (TigerBeetle's
 * debits_must_not_exceed_credits): reservations count against it, incoming pending credits do not.
 */
export function lacksCredits(account: TAccountBalance, amountCredits: number): boolean {
  return account.debits_pending + account.debits_posted + amountCredits > account.credits_posted;
}
