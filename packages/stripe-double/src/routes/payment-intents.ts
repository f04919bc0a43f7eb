import { randomBytes } from 'node:crypto';
import type { DoubleState } from '../double-state.js';
import { invalidRequest } from '../errors.js';
import { createdMatches, int, obj, page, str } from '../params.js';
import { paymentMethodChoice } from '../payment-rules.js';
import type { Route } from './route.js';

/** PaymentIntents: create, list, retrieve, confirm (PaymentIntents.d.ts). */
export function paymentIntentRoutes(state: DoubleState): Route[] {
  const { objects, newId, nowSeconds, store, find, emit, confirmPaymentIntent } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (_m, params, key) => {
        const amount = int(params.amount, 'amount');
        if (amount < 50) {
          throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
        }
        const currency = str(params.currency);
        if (!currency)
          throw invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
        const customer = str(params.customer);
        if (customer) find('customer', customer, 'customer');
        const intent = store({
          id: newId('pi'),
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency,
          customer: customer ?? null,
          description: str(params.description) ?? null,
          metadata: obj(params.metadata),
          payment_method: str(params.payment_method) ?? null,
          setup_future_usage: str(params.setup_future_usage) ?? null,
          off_session: params.off_session === 'true',
          ...paymentMethodChoice(params),
          status: 'requires_payment_method',
          created: nowSeconds(),
          livemode: false,
          latest_charge: null,
          last_payment_error: null,
          next_action: null,
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        emit('payment_intent.created', intent, key);
        if (params.confirm === 'true') return confirmPaymentIntent(intent, params, key, true);
        if (intent.payment_method) intent.status = 'requires_confirmation';
        return intent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents$/,
      handle: (_m, params) => {
        const customer = str(params.customer);
        return page(
          [...objects.values()].filter(
            (o) =>
              o.object === 'payment_intent' &&
              (customer === undefined || o.customer === customer) &&
              createdMatches(o, params.created),
          ),
          params,
          '/v1/payment_intents',
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: ([id]) => find('payment_intent', id!),
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle: ([id], params, key) =>
        confirmPaymentIntent(
          find('payment_intent', id!),
          params,
          key,
          str(params.client_secret) === undefined,
        ),
      publishable: true,
    },
  ];
}
