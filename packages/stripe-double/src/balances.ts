import type { ObjectStore } from './object-store.js';

/** The platform's balance as Stripe's Balance object reports it: available, pending, disputed. */
export function createBalances({ objects, nowSeconds }: Pick<ObjectStore, 'objects' | 'nowSeconds'>) {
  /** The platform's available balance in cents: charges whose funds are available, less what left. */
  const availableBalanceCents = () => {
    const now = nowSeconds();
    let cents = 0;
    for (const o of objects.values()) {
      if (o.object === 'charge' && Number(o.available_on) <= now) {
        cents += Number(o.amount) - Number(o.amount_refunded) - disputedCents(o.id);
      }
      // A transfer with source_transaction waits for that charge's funds (Transfers.d.ts).
      const source =
        o.object === 'transfer' && o.source_transaction
          ? objects.get(String(o.source_transaction))
          : undefined;
      if (o.object === 'transfer' && !(source && Number(source.available_on) > now)) {
        cents -= Number(o.amount) - Number(o.amount_reversed);
      }
    }
    return cents;
  };

  const pendingBalanceCents = () =>
    [...objects.values()]
      .filter((o) => o.object === 'charge' && Number(o.available_on) > nowSeconds())
      .reduce((sum, o) => sum + Number(o.amount) - Number(o.amount_refunded), 0);

  /** Money a charge's disputes hold: the sum of their balance transactions (negative = withdrawn). */
  const disputedCents = (chargeId: string) =>
    [...objects.values()]
      .filter((o) => o.object === 'dispute' && o.charge === chargeId)
      .flatMap((dispute) => dispute.balance_transactions as Array<{ amount: number }>)
      .reduce((sum, transaction) => sum - transaction.amount, 0);

  return { availableBalanceCents, pendingBalanceCents, disputedCents };
}
