import type { TLedgerEventDataMap } from '@evalmarket/contracts';
import type { LedgerState } from './ledger-state.js';

/** CreditsPurchased: records the purchase, nothing refunded yet. */
export function evolveCreditsPurchased(
  state: LedgerState,
  data: TLedgerEventDataMap['CreditsPurchased'],
): void {
  const { purchase_id, user_id, amount_usd, credits } = data;
  state.purchases.set(purchase_id, { purchase_id, user_id, amount_usd, credits, refunded_credits: 0 });
}

/** PurchaseRefunded: records the refund or dispute and counts its credits against the purchase. */
export function evolvePurchaseRefunded(
  state: LedgerState,
  data: TLedgerEventDataMap['PurchaseRefunded'],
): void {
  const { refund_id, purchase_id, user_id, reason, refunded_credits, recovered_credits, shortfall_credits } =
    data;
  state.refunds.set(refund_id, {
    refund_id,
    purchase_id,
    user_id,
    reason,
    refunded_credits,
    recovered_credits,
    shortfall_credits,
    reinstated: false,
  });
  const purchase = state.purchases.get(purchase_id);
  if (purchase !== undefined) purchase.refunded_credits += refunded_credits;
}

/** PurchaseRefundReinstated: marks the refund undone and gives its credits back to the purchase. */
export function evolvePurchaseRefundReinstated(
  state: LedgerState,
  data: TLedgerEventDataMap['PurchaseRefundReinstated'],
): void {
  const refund = state.refunds.get(data.refund_id);
  if (refund !== undefined) refund.reinstated = true;
  const purchase = state.purchases.get(data.purchase_id);
  if (purchase !== undefined) purchase.refunded_credits -= data.reinstated_credits;
}
