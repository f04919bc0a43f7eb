import type { DoubleState } from '../double-state.js';
import { invalidRequest } from '../errors.js';
import { int, obj, page, str } from '../params.js';
import { REFUND_REASONS } from '../payment-rules.js';
import type { Route } from './route.js';

/** Refunds: create and list (Refunds.d.ts). */
export function refundRoutes(state: DoubleState): Route[] {
  const { objects, switches, newId, nowSeconds, store, find, emit } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (_m, params, key) => {
        const intentId = str(params.payment_intent);
        const chargeId = str(params.charge);
        const intent = intentId ? find('payment_intent', intentId, 'payment_intent') : undefined;
        const charge = find('charge', chargeId ?? String(intent?.latest_charge ?? ''), 'charge');
        const refundable = Number(charge.amount) - Number(charge.amount_refunded);
        const amount = params.amount === undefined ? refundable : int(params.amount, 'amount');
        if (amount <= 0 || amount > refundable) {
          throw invalidRequest(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(refundable / 100).toFixed(2)})`,
            'amount',
            'amount_too_large',
          );
        }
        // Refunds.d.ts RefundCreateParams.Reason; Stripe refuses any other value.
        const reason = str(params.reason);
        if (reason !== undefined && !REFUND_REASONS.includes(reason)) {
          throw invalidRequest(
            'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
            'reason',
            'parameter_invalid_string',
          );
        }
        const refund = store({
          id: newId('re'),
          object: 'refund',
          amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          currency: charge.currency,
          status: switches.refundsStartPending ? 'pending' : 'succeeded',
          reason: reason ?? null,
          metadata: obj(params.metadata),
          created: nowSeconds(),
        });
        charge.amount_refunded = Number(charge.amount_refunded) + amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        emit('refund.created', refund, key);
        emit('charge.refunded', charge, key);
        return refund;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: (_m, params) => {
        const chargeId = str(params.charge);
        const intentId = str(params.payment_intent);
        return page(
          [...objects.values()].filter(
            (o) =>
              o.object === 'refund' &&
              (chargeId === undefined || o.charge === chargeId) &&
              (intentId === undefined || o.payment_intent === intentId),
          ),
          params,
          '/v1/refunds',
        );
      },
    },
  ];
}
