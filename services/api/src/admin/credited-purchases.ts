import type { DomainContext } from '../runtime/domain-context.js';
import { iso } from './staff-rows.js';

/** A card purchase as the ledger credited it (a `CreditsPurchased` event), keyed by PaymentIntent. */
export interface CreditedPurchase {
  purchase_id: string;
  user_id: string;
  amount_usd: number;
  credits: number;
  recorded_at: string | null;
  global_position: number;
}

export interface ReconcileRange {
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/**
 * Every purchase the ledger credited, by PaymentIntent id: all of them, since a payment of the
 * audited range may have been credited after the range ended.
 */
export async function loadCreditedPurchases(context: DomainContext): Promise<Map<string, CreditedPurchase>> {
  const { rows } = await context.sql.query<Record<string, unknown>>(
    `SELECT data->>'purchase_id' AS purchase_id, data->>'user_id' AS user_id,
        (data->>'amount_usd')::numeric AS amount_usd, (data->>'credits')::bigint AS credits,
        recorded_at, global_position
       FROM events WHERE type = 'CreditsPurchased' ORDER BY global_position`,
  );
  const credited = new Map<string, CreditedPurchase>();
  for (const row of rows) {
    const purchase: CreditedPurchase = {
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
  return credited;
}

/** Whether the purchase was credited within the range; one without a readable time always counts. */
export function creditedWithin(purchase: CreditedPurchase, { from, to }: ReconcileRange): boolean {
  const at = purchase.recorded_at ? Date.parse(purchase.recorded_at) : Number.NaN;
  if (Number.isNaN(at)) return true;
  return (from === undefined || at >= from.getTime()) && (to === undefined || at < to.getTime());
}
