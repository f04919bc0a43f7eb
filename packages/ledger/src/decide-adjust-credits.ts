import type { TAccountBalance } from '@evalmarket/contracts';
import { lacksCredits, wouldOverflow } from './balance-checks.js';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import { describeValue, freeTextReasonRejection, isEntityId, signedAmountRejection } from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import type { LedgerState } from './ledger-state.js';
import { MAXIMUM_REASON_LENGTH } from './limits.js';
import { adjustmentStreamId } from './stream-ids.js';

/**
 * Checks, in order: idempotency (same adjustment_id), invalid_id (adjustment_id, user_id,
 * actor_id), amount_must_be_integer, amount_must_be_positive (zero), amount_exceeds_maximum
 * (|amount|), reason_required, reason_too_long, unknown_account (context or user), balance_overflow,
 * insufficient_credits (a negative adjustment cannot take a person below zero).
 * Corrections are new compensating events, never edits: the sign says the direction.
 */
export function decideAdjustCredits(
  state: LedgerState,
  { data }: LedgerCommandOf<'AdjustCredits'>,
): Decision {
  const { adjustment_id: adjustmentId, user_id: userId, context, actor_id: actorId } = data;
  const amountCredits = data.amount_credits;
  const reason = typeof data.reason === 'string' ? data.reason.trim() : data.reason;
  const existing = state.adjustments.get(adjustmentId);
  if (existing !== undefined) {
    if (
      existing.user_id === userId &&
      existing.context === context &&
      existing.amount_credits === amountCredits &&
      existing.reason === reason &&
      existing.actor_id === actorId
    ) {
      return duplicate();
    }
    return rejected(
      'idempotency_key_reused_with_different_payload',
      `Adjustment ${existing.adjustment_id} was already recorded with another payload`,
    );
  }
  if (!isEntityId(adjustmentId)) {
    return rejected('invalid_id', `adjustment_id ${describeValue(adjustmentId)} is not a valid id`);
  }
  if (!isEntityId(userId))
    return rejected('invalid_id', `user_id ${describeValue(userId)} is not a valid id`);
  if (!isEntityId(actorId))
    return rejected('invalid_id', `actor_id ${describeValue(actorId)} is not a valid id`);
  const amountProblem = signedAmountRejection(amountCredits);
  if (amountProblem !== undefined) {
    return rejected(
      amountProblem,
      `amount_credits ${describeValue(amountCredits)} must be whole, non-zero credits`,
    );
  }
  const reasonProblem = freeTextReasonRejection(reason);
  if (reasonProblem !== undefined || typeof reason !== 'string') {
    return rejected(
      reasonProblem ?? 'reason_required',
      `A reason of 1..${MAXIMUM_REASON_LENGTH} characters is required`,
    );
  }
  if (context !== 'spending' && context !== 'earning') {
    return rejected('unknown_account', `context ${describeValue(context)} must be "spending" or "earning"`);
  }
  const user = state.users.get(userId);
  const adjustments = state.accounts.get('platform:adjustments');
  if (user === undefined || adjustments === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for user ${userId}`);
  }
  const account: TAccountBalance = context === 'spending' ? user.spending : user.earning;
  const sizeCredits = Math.abs(amountCredits);
  const adds = amountCredits > 0;
  const debit = adds ? adjustments : account;
  const credit = adds ? account : adjustments;
  if (wouldOverflow(debit, credit, sizeCredits, 'posted')) {
    return rejected('balance_overflow', `Adjusting ${account.account_id} would overflow a balance counter`);
  }
  if (!adds && lacksCredits(account, sizeCredits)) {
    return rejected(
      'insufficient_credits',
      `${account.account_id} has ${account.credits_posted - account.debits_posted - account.debits_pending} credits available, ${sizeCredits} to take`,
    );
  }
  return accepted(adjustmentStreamId(adjustmentId), 'no_stream', {
    type: 'CreditsAdjusted',
    data: {
      adjustment_id: adjustmentId,
      user_id: userId,
      context,
      amount_credits: amountCredits,
      reason,
      actor_id: actorId,
      postings: [
        {
          transfer_id: adjustmentId,
          debit: debit.account_id,
          credit: credit.account_id,
          amount: sizeCredits,
          code: 'adjustment',
          phase: 'posted',
        },
      ],
    },
  });
}
