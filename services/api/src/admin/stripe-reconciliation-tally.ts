import type Stripe from 'stripe';
import type { TStripeMismatch, TStripeReconciliation } from '@evalmarket/contracts';
import type { CreditedPurchase } from './credited-purchases.js';

const secondsToIso = (seconds: number | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;
const cents = (intent: Stripe.PaymentIntent): number => intent.amount_received || intent.amount;

/** The counts and mismatches a reconciliation collects as it pairs PaymentIntents with purchases. */
export class ReconciliationTally {
  readonly counts: TStripeReconciliation['counts'] = {
    succeeded_at_stripe: 0,
    credited: 0,
    matched: 0,
    succeeded_not_credited: 0,
    credited_not_succeeded: 0,
    amount_differs: 0,
  };
  readonly mismatches: TStripeMismatch[] = [];

  /** Counts one mismatch of `kind` and records both sides as far as they are known. */
  mismatch(
    kind: TStripeMismatch['kind'],
    id: string,
    intent: Stripe.PaymentIntent | undefined,
    purchase: CreditedPurchase | undefined,
  ): void {
    this.counts[kind] += 1;
    this.mismatches.push({
      kind,
      payment_intent_id: id,
      user_id: purchase?.user_id ?? intent?.metadata?.user_id ?? null,
      stripe_status: intent?.status ?? 'not_found',
      stripe_amount_cents: intent ? cents(intent) : null,
      stripe_currency: intent?.currency ?? null,
      stripe_created_at: secondsToIso(intent?.created),
      credited_amount_usd: purchase?.amount_usd ?? null,
      credited_credits: purchase?.credits ?? null,
      credited_at: purchase?.recorded_at ?? null,
      global_position: purchase?.global_position ?? null,
    });
  }

  /** A succeeded PaymentIntent and its purchase: matched when the dollars agree, else a mismatch. */
  compare(intent: Stripe.PaymentIntent, purchase: CreditedPurchase): void {
    if (intent.currency !== 'usd' || cents(intent) !== Math.round(purchase.amount_usd * 100)) {
      this.mismatch('amount_differs', intent.id, intent, purchase);
    } else {
      this.counts.matched += 1;
    }
  }
}
