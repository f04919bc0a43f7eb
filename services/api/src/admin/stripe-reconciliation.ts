import type Stripe from 'stripe';
import type { TStripeReconciliation } from '@evalmarket/contracts';
import type { DomainContext } from '../runtime/domain-context.js';
import {
  creditedWithin,
  loadCreditedPurchases,
  type CreditedPurchase,
  type ReconcileRange,
} from './credited-purchases.js';
import { ReconciliationTally } from './stripe-reconciliation-tally.js';

/*
 * Reconciles the card payments Stripe took with the credits the ledger gave (finance audit).
 *
 * Stripe side: every PaymentIntent created within the audited range, listed through the SDK with
 * auto-pagination (`stripe.paymentIntents.list`, newest first, 100 a page), of which the
 * `succeeded` ones are payments. Ledger side: the `CreditsPurchased` events, keyed by the
 * PaymentIntent id (`purchase_id`). A purchase credited within the range whose PaymentIntent was
 * not among the listed succeeded ones is looked up on its own (it may have been created before the
 * range), so the boundaries of the range make no false mismatch.
 */

export async function reconcileStripe(
  context: DomainContext,
  range: ReconcileRange = {},
): Promise<TStripeReconciliation> {
  const { from, to } = range;
  const base = { range: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null } };
  const credited = await loadCreditedPurchases(context);
  const tally = new ReconciliationTally();
  const { counts, mismatches } = tally;

  let gateway;
  try {
    gateway = await context.payments();
    const seen = await pairSucceededIntents(gateway.stripe, range, credited, tally);
    await pairRemainingPurchases(gateway.stripe, range, credited, tally, seen);
    return {
      ok: mismatches.length === 0,
      mode: gateway.mode,
      ...base,
      checked: seen.size,
      counts,
      mismatches,
    };
  } catch (error) {
    context.logger.warn({ err: error }, 'Stripe reconciliation could not read Stripe');
    return {
      ok: false,
      mode: gateway?.mode ?? null,
      ...base,
      checked: 0,
      counts,
      mismatches,
      error: `Stripe could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * Stripe side: pairs each succeeded PaymentIntent created within the range with its purchase.
 * Returns the ids paired, which the ledger side then skips.
 */
async function pairSucceededIntents(
  stripe: Stripe,
  { from, to }: ReconcileRange,
  credited: Map<string, CreditedPurchase>,
  tally: ReconciliationTally,
): Promise<Set<string>> {
  const created: Stripe.RangeQueryParam = {};
  // Stripe's `created` is in whole seconds.
  if (from) created.gte = Math.floor(from.getTime() / 1000);
  if (to) created.lt = Math.ceil(to.getTime() / 1000);
  const seen = new Set<string>();
  for await (const intent of stripe.paymentIntents.list({
    limit: 100,
    ...(from || to ? { created } : {}),
  })) {
    if (intent.status !== 'succeeded' || seen.has(intent.id)) continue;
    seen.add(intent.id);
    tally.counts.succeeded_at_stripe += 1;
    const purchase = credited.get(intent.id);
    if (!purchase) tally.mismatch('succeeded_not_credited', intent.id, intent, undefined);
    else tally.compare(intent, purchase);
  }
  return seen;
}

/**
 * Ledger side: counts the purchases credited within the range and looks up, one by one, those
 * whose PaymentIntent the listing did not show (it may have been created before the range).
 */
async function pairRemainingPurchases(
  stripe: Stripe,
  range: ReconcileRange,
  credited: Map<string, CreditedPurchase>,
  tally: ReconciliationTally,
  seen: Set<string>,
): Promise<void> {
  for (const purchase of credited.values()) {
    if (!creditedWithin(purchase, range)) continue;
    tally.counts.credited += 1;
    if (seen.has(purchase.purchase_id)) continue;
    // Credited, but not among the succeeded PaymentIntents of the range: ask Stripe about it.
    const intent = await retrieve(stripe, purchase.purchase_id);
    if (!intent || intent.status !== 'succeeded') {
      tally.mismatch('credited_not_succeeded', purchase.purchase_id, intent, purchase);
    } else {
      tally.compare(intent, purchase);
    }
    seen.add(purchase.purchase_id);
  }
}

/** One PaymentIntent, or undefined when Stripe does not know the id. */
async function retrieve(stripe: Stripe, id: string): Promise<Stripe.PaymentIntent | undefined> {
  try {
    return await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    const e = error as { statusCode?: number; code?: string };
    if (e.statusCode === 404 || e.code === 'resource_missing') return undefined;
    throw error;
  }
}
