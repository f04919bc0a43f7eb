import type Stripe from 'stripe';
import type { TStripeMismatch, TStripeReconciliation } from '@evalmarket/contracts';
import type { DomainContext } from '../runtime/domain-context.js';
import { iso } from './staff-rows.js';

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

interface Credited {
  purchase_id: string;
  user_id: string;
  amount_usd: number;
  credits: number;
  recorded_at: string | null;
  global_position: number;
}

const secondsToIso = (seconds: number | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;
const cents = (intent: Stripe.PaymentIntent): number => intent.amount_received || intent.amount;

export interface ReconcileRange {
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

export async function reconcileStripe(
  context: DomainContext,
  range: ReconcileRange = {},
): Promise<TStripeReconciliation> {
  const { from, to } = range;
  const counts = {
    succeeded_at_stripe: 0,
    credited: 0,
    matched: 0,
    succeeded_not_credited: 0,
    credited_not_succeeded: 0,
    amount_differs: 0,
  };
  const base = { range: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null } };

  // Ledger side: every purchase (a payment of the range may have been credited after it ended).
  const { rows } = await context.sql.query<Record<string, unknown>>(
    `SELECT data->>'purchase_id' AS purchase_id, data->>'user_id' AS user_id,
        (data->>'amount_usd')::numeric AS amount_usd, (data->>'credits')::bigint AS credits,
        recorded_at, global_position
       FROM events WHERE type = 'CreditsPurchased' ORDER BY global_position`,
  );
  const credited = new Map<string, Credited>();
  for (const row of rows) {
    const purchase: Credited = {
      purchase_id: String(row.purchase_id),
      user_id: String(row.user_id),
      amount_usd: Number(row.amount_usd),
      credits: Number(row.credits),
      recorded_at: iso(row.recorded_at),
      global_position: Number(row.global_position),
    };
    // The ledger credits a PaymentIntent once; keep the first should the log say otherwise.
    if (!credited.has(purchase.purchase_id)) credited.set(purchase.purchase_id, purchase);
  }
  const inRange = (purchase: Credited): boolean => {
    const at = purchase.recorded_at ? Date.parse(purchase.recorded_at) : Number.NaN;
    if (Number.isNaN(at)) return true;
    return (from === undefined || at >= from.getTime()) && (to === undefined || at < to.getTime());
  };

  const mismatches: TStripeMismatch[] = [];
  const mismatch = (
    kind: TStripeMismatch['kind'],
    id: string,
    intent: Stripe.PaymentIntent | undefined,
    purchase: Credited | undefined,
  ) => {
    counts[kind] += 1;
    mismatches.push({
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
  };
  const compare = (intent: Stripe.PaymentIntent, purchase: Credited) => {
    if (intent.currency !== 'usd' || cents(intent) !== Math.round(purchase.amount_usd * 100)) {
      mismatch('amount_differs', intent.id, intent, purchase);
    } else {
      counts.matched += 1;
    }
  };

  let gateway;
  try {
    gateway = await context.payments();
    const created: Stripe.RangeQueryParam = {};
    // Stripe's `created` is in whole seconds.
    if (from) created.gte = Math.floor(from.getTime() / 1000);
    if (to) created.lt = Math.ceil(to.getTime() / 1000);
    const seen = new Set<string>();
    for await (const intent of gateway.stripe.paymentIntents.list({
      limit: 100,
      ...(from || to ? { created } : {}),
    })) {
      if (intent.status !== 'succeeded' || seen.has(intent.id)) continue;
      seen.add(intent.id);
      counts.succeeded_at_stripe += 1;
      const purchase = credited.get(intent.id);
      if (!purchase) mismatch('succeeded_not_credited', intent.id, intent, undefined);
      else compare(intent, purchase);
    }
    for (const purchase of credited.values()) {
      if (!inRange(purchase)) continue;
      counts.credited += 1;
      if (seen.has(purchase.purchase_id)) continue;
      // Credited, but not among the succeeded PaymentIntents of the range: ask Stripe about it.
      const intent = await retrieve(gateway.stripe, purchase.purchase_id);
      if (!intent || intent.status !== 'succeeded') {
        mismatch('credited_not_succeeded', purchase.purchase_id, intent, purchase);
      } else {
        compare(intent, purchase);
      }
      seen.add(purchase.purchase_id);
    }
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
