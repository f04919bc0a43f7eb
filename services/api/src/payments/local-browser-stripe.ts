import type Stripe from 'stripe';
import { localDoubleSdk, type PaymentsGateway } from './payments-gateway.js';

/**
 * What Stripe.js does in the browser against the local test mode's double: confirms an intent
 * with the publishable key and the intent's client_secret (the console has it from the API's
 * reply; here it is read back with the secret key). Used by the demo seed and the tests.
 */
export function localBrowserStripe(gateway: PaymentsGateway) {
  if (gateway.mode !== 'local' || !gateway.apiBase)
    throw new Error('the gateway is not in local payments mode');
  const browser = localDoubleSdk(gateway.apiBase, gateway.publishableKey);
  return {
    paymentIntents: {
      async confirm(id: string, params: { payment_method: string }): Promise<Stripe.PaymentIntent> {
        const { client_secret } = await gateway.stripe.paymentIntents.retrieve(id);
        return browser.paymentIntents.confirm(id, {
          ...params,
          client_secret,
        } as Stripe.PaymentIntentConfirmParams);
      },
    },
    setupIntents: {
      async confirm(id: string, params: { payment_method: string }): Promise<Stripe.SetupIntent> {
        const { client_secret } = await gateway.stripe.setupIntents.retrieve(id);
        return browser.setupIntents.confirm(id, {
          ...params,
          client_secret,
        } as Stripe.SetupIntentConfirmParams);
      },
    },
  };
}
