import { randomBytes } from 'node:crypto';
import type { DoubleState } from '../double-state.js';
import { FakeError, invalidRequest } from '../errors.js';
import { obj, str } from '../params.js';
import { paymentMethodChoice, requireAllowedType } from '../payment-rules.js';
import type { Route } from './route.js';

/** SetupIntents: create, retrieve, confirm (SetupIntents.d.ts). */
export function setupIntentRoutes(state: DoubleState): Route[] {
  const { outcomes, newId, nowSeconds, store, find, emit, paymentMethodFrom, attach } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      handle: (_m, params, key) => {
        const customer = str(params.customer);
        if (customer) find('customer', customer, 'customer');
        const intent = store({
          id: newId('seti'),
          object: 'setup_intent',
          customer: customer ?? null,
          usage: str(params.usage) ?? 'off_session',
          metadata: obj(params.metadata),
          ...paymentMethodChoice(params),
          payment_method: null,
          status: 'requires_payment_method',
          created: nowSeconds(),
          livemode: false,
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        emit('setup_intent.created', intent, key);
        return intent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      handle: ([id]) => find('setup_intent', id!),
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: ([id], params, key) => {
        const intent = find('setup_intent', id!);
        if (intent.status === 'succeeded') {
          throw invalidRequest(
            "This SetupIntent's status is succeeded, so it cannot be confirmed.",
            undefined,
            'setup_intent_unexpected_state',
          );
        }
        const token = str(params.payment_method);
        if (!token)
          throw invalidRequest(
            'Missing required param: payment_method.',
            'payment_method',
            'parameter_missing',
          );
        const method = paymentMethodFrom(token);
        requireAllowedType(intent, method, 'SetupIntent');
        intent.payment_method = method.id;
        if (outcomes.get(method.id) === 'declines') {
          intent.status = 'requires_payment_method';
          emit('setup_intent.setup_failed', intent, key);
          throw new FakeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            setup_intent: structuredClone(intent),
          });
        }
        if (typeof intent.customer === 'string') attach(method, intent.customer);
        intent.status = 'succeeded';
        emit('setup_intent.succeeded', intent, key);
        return intent;
      },
    },
  ];
}
