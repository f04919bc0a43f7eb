import { ZLedgerEventData, ZPaymentsEventData, type TStoredEvent } from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';

/**
 * Keeps the payments read models (migration 006) from the payments-{user}, autorecharge-{user}
 * streams and the ledger's cash-out events. Applied once per event by the domain projection.
 */
export const paymentsProjection: DomainEventHandlers = {
  async StripeCustomerCreated(tx, event) {
    const data = ZPaymentsEventData.StripeCustomerCreated.parse(event.data);
    await tx.query(
      `INSERT INTO payment_customers (user_id, stripe_customer_id, updated_position) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO NOTHING`,
      [data.user_id, data.stripe_customer_id, event.global_position],
    );
  },
  async PaymentMethodSaved(tx, event) {
    const data = ZPaymentsEventData.PaymentMethodSaved.parse(event.data);
    await tx.query(
      `INSERT INTO saved_payment_methods (user_id, stripe_payment_method_id, card_brand, card_last4,
         card_exp_month, card_exp_year, saved_at, updated_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET stripe_payment_method_id = EXCLUDED.stripe_payment_method_id,
         card_brand = EXCLUDED.card_brand, card_last4 = EXCLUDED.card_last4,
         card_exp_month = EXCLUDED.card_exp_month, card_exp_year = EXCLUDED.card_exp_year,
         saved_at = EXCLUDED.saved_at, updated_position = EXCLUDED.updated_position`,
      [
        data.user_id,
        data.stripe_payment_method_id,
        data.card_brand,
        data.card_last4,
        data.card_exp_month,
        data.card_exp_year,
        event.recorded_at,
        event.global_position,
      ],
    );
    // A new card is a new chance: recharges paused by a failure resume.
    await tx.query(
      `UPDATE auto_recharge_settings SET paused_reason = NULL, updated_position = $2 WHERE user_id = $1`,
      [data.user_id, event.global_position],
    );
  },
  async PaymentMethodRemoved(tx, event) {
    const data = ZPaymentsEventData.PaymentMethodRemoved.parse(event.data);
    await tx.query(`DELETE FROM saved_payment_methods WHERE user_id = $1 AND stripe_payment_method_id = $2`, [
      data.user_id,
      data.stripe_payment_method_id,
    ]);
  },
  async AutoRechargeConfigured(tx, event) {
    const data = ZPaymentsEventData.AutoRechargeConfigured.parse(event.data);
    await tx.query(
      `INSERT INTO auto_recharge_settings (user_id, enabled, threshold_credits, purchase_amount_credits,
         paused_reason, updated_position)
       VALUES ($1, $2, $3, $4, NULL, $5)
       ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, threshold_credits = EXCLUDED.threshold_credits,
         purchase_amount_credits = EXCLUDED.purchase_amount_credits, paused_reason = NULL,
         updated_position = EXCLUDED.updated_position`,
      [
        data.user_id,
        data.enabled,
        data.threshold_credits,
        data.purchase_amount_credits,
        event.global_position,
      ],
    );
  },
  async AutoRechargeRequested(tx, event) {
    const data = ZPaymentsEventData.AutoRechargeRequested.parse(event.data);
    await tx.query(
      `INSERT INTO auto_recharges (recharge_id, user_id, status, amount_usd, stripe_payment_method_id,
         requested_at, updated_position)
       VALUES ($1, $2, 'requested', $3, $4, $5, $6) ON CONFLICT (recharge_id) DO NOTHING`,
      [
        data.recharge_id,
        data.user_id,
        data.amount_usd,
        data.stripe_payment_method_id,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async AutoRechargeCharged(tx, event) {
    const data = ZPaymentsEventData.AutoRechargeCharged.parse(event.data);
    await tx.query(
      `UPDATE auto_recharges SET status = 'charged', payment_intent_id = $2, settled_at = $3, updated_position = $4
       WHERE recharge_id = $1`,
      [data.recharge_id, data.payment_intent_id, event.recorded_at, event.global_position],
    );
  },
  async AutoRechargeFailed(tx, event) {
    const data = ZPaymentsEventData.AutoRechargeFailed.parse(event.data);
    await tx.query(
      `UPDATE auto_recharges SET status = 'failed', payment_intent_id = $2, failure_code = $3, failure_message = $4,
         settled_at = $5, updated_position = $6
       WHERE recharge_id = $1`,
      [
        data.recharge_id,
        data.payment_intent_id ?? null,
        data.code,
        data.message,
        event.recorded_at,
        event.global_position,
      ],
    );
    await tx.query(
      `UPDATE auto_recharge_settings SET paused_reason = $2, updated_position = $3 WHERE user_id = $1`,
      [data.user_id, data.code, event.global_position],
    );
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'auto_recharge_failed',
      autoRechargeFailureMessage(data.code, data.message),
      event.recorded_at,
    );
  },
  async PurchaseRefunded(tx, event) {
    const data = ZLedgerEventData.PurchaseRefunded.parse(event.data);
    if (data.shortfall_credits === 0) return;
    await tx.query(
      `INSERT INTO refund_shortfalls (source_id, user_id, purchase_id, refunded_credits, recovered_credits,
         shortfall_credits, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (source_id) DO NOTHING`,
      [
        data.refund_id,
        data.user_id,
        data.purchase_id,
        data.refunded_credits,
        data.recovered_credits,
        data.shortfall_credits,
        event.recorded_at,
      ],
    );
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'refund_shortfall',
      `A refund of ${data.refunded_credits} credits was made after ${data.shortfall_credits} of them were spent; ${data.recovered_credits} credits were taken back and the rest is owed.`,
      event.recorded_at,
    );
  },
  async PurchaseRefundReinstated(tx, event) {
    const data = ZLedgerEventData.PurchaseRefundReinstated.parse(event.data);
    // Stripe gave the money back: nothing is owed any more.
    await tx.query(`DELETE FROM refund_shortfalls WHERE source_id = $1`, [data.refund_id]);
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'refund_reinstated',
      `A ${data.reason} was reversed in your favour: ${data.restored_credits} credits were restored to your spending balance.`,
      event.recorded_at,
    );
  },
  async PayoutAccountLinked(tx, event) {
    const data = ZPaymentsEventData.PayoutAccountLinked.parse(event.data);
    await tx.query(
      `INSERT INTO payout_accounts (user_id, stripe_account_id, details_submitted, payouts_enabled, updated_position)
       VALUES ($1, $2, false, false, $3)
       ON CONFLICT (user_id) DO UPDATE SET stripe_account_id = EXCLUDED.stripe_account_id,
         details_submitted = false, payouts_enabled = false, updated_position = EXCLUDED.updated_position`,
      [data.user_id, data.stripe_account_id, event.global_position],
    );
  },
  async PayoutAccountUpdated(tx, event) {
    const data = ZPaymentsEventData.PayoutAccountUpdated.parse(event.data);
    await tx.query(
      `UPDATE payout_accounts SET details_submitted = $3, payouts_enabled = $4, updated_position = $5
       WHERE user_id = $1 AND stripe_account_id = $2`,
      [
        data.user_id,
        data.stripe_account_id,
        data.details_submitted,
        data.payouts_enabled,
        event.global_position,
      ],
    );
  },
  async PayoutAccountDisconnected(tx, event) {
    const data = ZPaymentsEventData.PayoutAccountDisconnected.parse(event.data);
    await tx.query(`DELETE FROM payout_accounts WHERE user_id = $1 AND stripe_account_id = $2`, [
      data.user_id,
      data.stripe_account_id,
    ]);
  },
  async CashoutAwaitingFunds(tx, event) {
    const data = ZPaymentsEventData.CashoutAwaitingFunds.parse(event.data);
    await tx.query(
      `UPDATE cashouts SET funds_attempts = GREATEST(funds_attempts, $2), next_attempt_at = $3
       WHERE cashout_id = $1 AND status = 'pending'`,
      [data.cashout_id, data.attempt, data.next_attempt_at],
    );
  },
  async PayoutFailed(tx, event) {
    const data = ZPaymentsEventData.PayoutFailed.parse(event.data);
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'payout_failed',
      `Your bank refused a payout of $${(data.amount_cents / 100).toFixed(2)}. The money is safe in your Stripe payout account; update your bank details from the payout dashboard and Stripe sends it again.`,
      event.recorded_at,
    );
  },
  async CashoutRequested(tx, event) {
    const data = ZLedgerEventData.CashoutRequested.parse(event.data);
    await tx.query(
      `INSERT INTO cashouts (cashout_id, user_id, status, gross_credits, fee_credits, net_credits, requested_at,
         updated_position)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7) ON CONFLICT (cashout_id) DO NOTHING`,
      [
        data.cashout_id,
        data.user_id,
        data.gross_credits,
        data.fee_credits,
        data.net_credits,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async CashoutPaid(tx, event) {
    const data = ZLedgerEventData.CashoutPaid.parse(event.data);
    await tx.query(
      `UPDATE cashouts SET status = 'paid', stripe_transfer_id = $2, settled_at = $3, updated_position = $4
       WHERE cashout_id = $1`,
      [data.cashout_id, data.stripe_transfer_id, event.recorded_at, event.global_position],
    );
  },
  async CashoutFailed(tx, event) {
    const data = ZLedgerEventData.CashoutFailed.parse(event.data);
    await settleCashoutRow(tx, event, 'failed', data.cashout_id, data.reason);
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'cashout_failed',
      `Your cash-out of ${data.gross_credits} credits could not be sent; the credits are back in your earning balance.`,
      event.recorded_at,
    );
  },
  async CashoutReversed(tx, event) {
    const data = ZLedgerEventData.CashoutReversed.parse(event.data);
    await settleCashoutRow(tx, event, 'reversed', data.cashout_id, data.reason);
    await notify(
      tx,
      event.event_id,
      data.user_id,
      'cashout_reversed',
      `Your cash-out of ${data.gross_credits} credits did not reach your bank (${data.reason}); the credits are back in your earning balance.`,
      event.recorded_at,
    );
  },
};

export function autoRechargeFailureMessage(code: string, message: string): string {
  if (code === 'authentication_required') {
    return 'Auto-recharge needs you: your bank asked to confirm the payment. Buy credits from the wallet to confirm, or save another card.';
  }
  if (code === 'card_declined')
    return 'Auto-recharge failed: your card was declined. Save another card to resume auto-recharge.';
  return `Auto-recharge failed: ${message}`;
}

/** A cash-out that ended without reaching the bank: its status, reason and when. */
async function settleCashoutRow(
  tx: Parameters<DomainEventHandlers[string]>[0],
  event: TStoredEvent,
  status: 'failed' | 'reversed',
  cashoutId: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE cashouts SET status = $2, failure_reason = $3, settled_at = $4, updated_position = $5
     WHERE cashout_id = $1`,
    [cashoutId, status, reason, event.recorded_at, event.global_position],
  );
}

async function notify(
  tx: Parameters<DomainEventHandlers[string]>[0],
  id: string,
  userId: string,
  kind: string,
  message: string,
  at: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO payment_notifications (id, user_id, kind, message, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [id, userId, kind, message, at],
  );
}
