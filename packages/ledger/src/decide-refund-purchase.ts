import type { TPosting } from '@evalmarket/contracts';
import { availableBalance } from './account-balance.js';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import { describeValue, isEntityId, positiveAmountRejection } from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import type { LedgerState } from './ledger-state.js';
import { refundStreamId } from './stream-ids.js';

const REFUND_REASONS = new Set(['refund', 'dispute']);

/**
 * Checks, in order: idempotency (same refund_id), invalid_id, amount_must_be_integer,
 * amount_must_be_positive, amount_exceeds_maximum, reason_required, purchase_not_found,
 * refund_exceeds_purchase.
 *
 * Never insufficient_credits: a refund is a fact at Stripe, not a request. The ledger takes back
 *   recovered = min(amount_credits, max(0, credits_posted - debits_posted - debits_pending))
 * from the buyer's spending account (decided in arrival order, so no race can overdraw it) and
 * records the rest as shortfall_credits on the event, for finance to collect. A user account
 * never goes negative and nothing is silent.
 */
export function decideRefundPurchase(
  state: LedgerState,
  { data }: LedgerCommandOf<'RefundPurchase'>,
): Decision {
  const { refund_id: refundId, purchase_id: purchaseId, amount_credits: amountCredits, reason } = data;
  const existing = state.refunds.get(refundId);
  if (existing !== undefined) {
    if (
      existing.purchase_id === purchaseId &&
      existing.refunded_credits === amountCredits &&
      existing.reason === reason
    ) {
      return duplicate();
    }
    return rejected(
      'idempotency_key_reused_with_different_payload',
      `Refund ${refundId} was already recorded with another purchase, amount or reason`,
    );
  }
  if (!isEntityId(refundId))
    return rejected('invalid_id', `refund_id ${describeValue(refundId)} is not a valid id`);
  if (!isEntityId(purchaseId)) {
    return rejected('invalid_id', `purchase_id ${describeValue(purchaseId)} is not a valid id`);
  }
  const amountProblem = positiveAmountRejection(amountCredits);
  if (amountProblem !== undefined) {
    return rejected(
      amountProblem,
      `amount_credits ${describeValue(amountCredits)} must be whole credits above zero`,
    );
  }
  if (typeof reason !== 'string' || !REFUND_REASONS.has(reason)) {
    return rejected('reason_required', `reason ${describeValue(reason)} must be "refund" or "dispute"`);
  }
  const purchase = state.purchases.get(purchaseId);
  if (purchase === undefined) return rejected('purchase_not_found', `No purchase ${purchaseId}`);
  if (purchase.refunded_credits + amountCredits > purchase.credits) {
    return rejected(
      'refund_exceeds_purchase',
      `Purchase ${purchaseId} bought ${purchase.credits} credits and ${purchase.refunded_credits} are already refunded; ${amountCredits} more is too many`,
    );
  }
  const user = state.users.get(purchase.user_id);
  const stripe = state.accounts.get('platform:stripe');
  if (user === undefined || stripe === undefined) {
    // Unreachable while the state is built by evolve (a purchase needs open accounts); kept so it cannot throw.
    return rejected('unknown_account', `No ledger accounts are open for user ${purchase.user_id}`);
  }
  const recovered = Math.min(amountCredits, Math.max(0, availableBalance(user.spending)));
  const postings: TPosting[] = [];
  // A posting moves at least one credit; a refund of fully spent credits moves none.
  if (recovered > 0) {
    postings.push({
      transfer_id: refundId,
      debit: user.spending.account_id,
      credit: stripe.account_id,
      amount: recovered,
      code: 'refund',
      phase: 'posted',
    });
  }
  return accepted(refundStreamId(refundId), 'no_stream', {
    type: 'PurchaseRefunded',
    data: {
      refund_id: refundId,
      purchase_id: purchaseId,
      user_id: purchase.user_id,
      reason,
      refunded_credits: amountCredits,
      recovered_credits: recovered,
      shortfall_credits: amountCredits - recovered,
      postings,
    },
  });
}

/**
 * Checks, in order: invalid_id, refund_not_found; a refund already reinstated is a duplicate.
 *
 * Undoes a RefundPurchase when Stripe gives the money back (a won dispute): the credits that
 * were recovered go back from platform:stripe to the buyer's spending account, and the
 * shortfall is forgiven. Reinstated once per refund id, on the refund's own stream.
 */
export function decideReinstateRefund(
  state: LedgerState,
  { data }: LedgerCommandOf<'ReinstateRefund'>,
): Decision {
  const refundId = data.refund_id;
  if (!isEntityId(refundId))
    return rejected('invalid_id', `refund_id ${describeValue(refundId)} is not a valid id`);
  const refund = state.refunds.get(refundId);
  if (refund === undefined) return rejected('refund_not_found', `No refund or dispute ${refundId}`);
  if (refund.reinstated) return duplicate();
  const user = state.users.get(refund.user_id);
  const stripe = state.accounts.get('platform:stripe');
  if (user === undefined || stripe === undefined) {
    // Unreachable while the state is built by evolve (a refund needs open accounts); kept so it cannot throw.
    return rejected('unknown_account', `No ledger accounts are open for user ${refund.user_id}`);
  }
  const postings: TPosting[] = [];
  if (refund.recovered_credits > 0) {
    postings.push({
      transfer_id: `${refundId}.reinstated`,
      debit: stripe.account_id,
      credit: user.spending.account_id,
      amount: refund.recovered_credits,
      code: 'refund',
      phase: 'posted',
    });
  }
  return accepted(refundStreamId(refundId), 1, {
    type: 'PurchaseRefundReinstated',
    data: {
      refund_id: refundId,
      purchase_id: refund.purchase_id,
      user_id: refund.user_id,
      reason: refund.reason,
      reinstated_credits: refund.refunded_credits,
      restored_credits: refund.recovered_credits,
      forgiven_shortfall_credits: refund.shortfall_credits,
      postings,
    },
  });
}
