import { missing } from './errors.js';
import { TEST_CARDS } from './payment-rules.js';
import type { StripeObject } from './types.js';
import type { ObjectStore } from './object-store.js';
import type { WebhookDelivery } from './webhook-delivery.js';

/** Payment methods from Stripe's test tokens (`pm_card_visa`...), and attaching one to a customer. */
export function createPaymentMethods(
  { objects, outcomes, newId, nowSeconds, store, find }: ObjectStore,
  { emit }: Pick<WebhookDelivery, 'emit'>,
) {
  const paymentMethodFrom = (token: string, customer?: string): StripeObject => {
    const existing = objects.get(token);
    if (existing && existing.object === 'payment_method') return existing;
    if (token === 'pm_usBankAccount') {
      return store({
        id: newId('pm'),
        object: 'payment_method',
        type: 'us_bank_account',
        created: nowSeconds(),
        customer: customer ?? null,
        livemode: false,
        metadata: {},
        billing_details: { address: null, email: null, name: null, phone: null },
        us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', account_type: 'checking' },
      });
    }
    const card = TEST_CARDS[token];
    if (!card) throw missing('PaymentMethod', token, 'payment_method');
    const method = store({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      customer: customer ?? null,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
    });
    outcomes.set(method.id, card.outcome);
    return method;
  };

  const attach = (method: StripeObject, customerId: string) => {
    find('customer', customerId, 'customer');
    method.customer = customerId;
    emit('payment_method.attached', method);
  };

  return { paymentMethodFrom, attach };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
