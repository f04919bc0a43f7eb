/**
 * Every reason the ledger refuses a command, in the order the checks run. When several apply,
 * the one reported is the first in this list, so a given bad command always gets the same answer.
 */
export const LEDGER_REJECTIONS = [
  /** The command is not an object or its `type` is not a ledger command. */
  'unknown_command',
  /** `metadata.now` is not an integer epoch-milliseconds value in range (a writer bug). */
  'invalid_timestamp',
  /** The natural id (purchase, transfer, cash-out, adjustment) exists with another payload. */
  'idempotency_key_reused_with_different_payload',
  /** An id is missing, not a string, too long, or would not form a valid account or stream id. */
  'invalid_id',
  /** An amount is not a finite whole number (NaN, Infinity, 1.5, '100'). */
  'amount_must_be_integer',
  /** An amount is zero or negative (for AdjustCredits: zero, as the sign carries the direction). */
  'amount_must_be_positive',
  /** An amount, or the credits it converts to, is beyond Number.MAX_SAFE_INTEGER. */
  'amount_exceeds_maximum',
  /** `timeout_ms` or `max_count` is not an integer within its bounds (see limits.ts). */
  'limit_out_of_range',
  /** A reason is missing, blank after trimming, or not one of the allowed values. */
  'reason_required',
  /** A free-text reason is longer than MAXIMUM_REASON_LENGTH characters after trimming. */
  'reason_too_long',
  /** An account the command needs was never opened (or the adjustment context is unknown). */
  'unknown_account',
  /** Debit and credit belong to the same person: paying oneself would turn bonus credits into cashable earnings. */
  'same_account',
  /** A purchase's invoice terms (seller, tax rate) are not well formed (a configuration bug). */
  'invalid_invoice_terms',
  /** A purchase below MINIMUM_PURCHASE_USD. */
  'purchase_below_minimum',
  /** No purchase with this id was recorded (a refund of an unknown payment). */
  'purchase_not_found',
  /** The refunds of a purchase would add up to more credits than it bought. */
  'refund_exceeds_purchase',
  /** No refund or dispute with this id was recorded (nothing to reinstate). */
  'refund_not_found',
  /** No reward transfer with this id was reserved. */
  'transfer_not_found',
  /** The reward transfer was already posted (by another vote). */
  'transfer_already_posted',
  /** The reward transfer was already voided (expired, skipped, cancelled). */
  'transfer_already_voided',
  /** The reward's lease ran out (`expires_at <= now`); the vote no longer earns it. */
  'transfer_expired',
  /** No cash-out with this id was requested. */
  'cashout_not_found',
  /** The cash-out was already paid or failed (or, for a reversal, reversed by another reversal). */
  'cashout_already_settled',
  /** Only a paid cash-out can be reversed (a pending or failed one never reached the evaluator). */
  'cashout_not_paid',
  /** A cash-out must move whole cents: gross a multiple of CREDITS_PER_CENT. */
  'cashout_not_whole_cents',
  /** A cash-out below the configured minimum. */
  'cashout_below_minimum',
  /** Applying the postings would take an account counter past Number.MAX_SAFE_INTEGER. */
  'balance_overflow',
  /** A user account would go negative: debits_pending + debits_posted + amount > credits_posted. */
  'insufficient_credits',
] as const;

export type LedgerRejection = (typeof LEDGER_REJECTIONS)[number];

const REJECTION_RANK: ReadonlyMap<LedgerRejection, number> = new Map(
  LEDGER_REJECTIONS.map((rejection, index) => [rejection, index]),
);

/** The one of two possible rejections that comes first in the checking order. */
export function earlierRejection(
  a: LedgerRejection | undefined,
  b: LedgerRejection | undefined,
): LedgerRejection | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  // Stryker disable next-line EqualityOperator: `<` only differs when a and b have one rank, i.e. are the same rejection.
  return (REJECTION_RANK.get(a) ?? 0) <= (REJECTION_RANK.get(b) ?? 0) ? a : b;
}
