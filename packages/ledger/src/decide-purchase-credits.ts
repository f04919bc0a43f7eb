import { CREDITS_PER_USD, MINIMUM_PURCHASE_USD, ZInvoiceTerms } from '@evalmarket/contracts';
import { wouldOverflow } from './balance-checks.js';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import { describeValue, isEntityId, positiveAmountRejection } from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import type { LedgerState } from './ledger-state.js';
import { purchaseStreamId } from './stream-ids.js';

/**
 * Checks, in order: idempotency (same purchase_id), invalid_id, amount_must_be_integer,
 * amount_must_be_positive, amount_exceeds_maximum (credits = usd x 1,000), unknown_account,
 * invalid_invoice_terms, purchase_below_minimum, balance_overflow.
 * The purchase id is the Stripe PaymentIntent id, so a redelivered webhook is a duplicate (the
 * invoice terms of the first delivery stay).
 */
export function decidePurchaseCredits(
  state: LedgerState,
  { data }: LedgerCommandOf<'PurchaseCredits'>,
): Decision {
  const { purchase_id: purchaseId, user_id: userId, amount_usd: amountUsd, invoice } = data;
  const existing = state.purchases.get(purchaseId);
  if (existing !== undefined) {
    if (existing.user_id === userId && existing.amount_usd === amountUsd) return duplicate();
    return rejected(
      'idempotency_key_reused_with_different_payload',
      `Purchase ${existing.purchase_id} was already recorded with another user or amount`,
    );
  }
  if (!isEntityId(purchaseId)) {
    return rejected('invalid_id', `purchase_id ${describeValue(purchaseId)} is not a valid id`);
  }
  if (!isEntityId(userId))
    return rejected('invalid_id', `user_id ${describeValue(userId)} is not a valid id`);
  const amountProblem = positiveAmountRejection(amountUsd);
  if (amountProblem !== undefined) {
    return rejected(amountProblem, `amount_usd ${describeValue(amountUsd)} must be whole dollars above zero`);
  }
  const credits = amountUsd * CREDITS_PER_USD;
  // Stryker disable next-line EqualityOperator: credits are a multiple of 1,000 and the maximum is odd, so never equal.
  if (credits > Number.MAX_SAFE_INTEGER) {
    return rejected(
      'amount_exceeds_maximum',
      `amount_usd ${amountUsd} is more credits than the ledger can count`,
    );
  }
  const user = state.users.get(userId);
  const stripe = state.accounts.get('platform:stripe');
  if (user === undefined || stripe === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for user ${userId}`);
  }
  const terms = invoice === undefined ? undefined : ZInvoiceTerms.safeParse(invoice);
  if (terms !== undefined && !terms.success) {
    return rejected('invalid_invoice_terms', `The invoice terms are not well formed: ${terms.error.message}`);
  }
  if (amountUsd < MINIMUM_PURCHASE_USD) {
    return rejected(
      'purchase_below_minimum',
      `Minimum purchase is $${MINIMUM_PURCHASE_USD}, got $${amountUsd}`,
    );
  }
  if (wouldOverflow(stripe, user.spending, credits, 'posted')) {
    return rejected('balance_overflow', `The purchase would overflow a balance counter`);
  }
  return accepted(purchaseStreamId(purchaseId), 'no_stream', {
    type: 'CreditsPurchased',
    data: {
      purchase_id: purchaseId,
      user_id: userId,
      amount_usd: amountUsd,
      credits,
      ...(terms === undefined ? {} : { invoice: terms.data }),
      postings: [
        {
          transfer_id: purchaseId,
          debit: stripe.account_id,
          credit: user.spending.account_id,
          amount: credits,
          code: 'purchase',
          phase: 'posted',
        },
      ],
    },
  });
}
