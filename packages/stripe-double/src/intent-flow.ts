import { FakeError, invalidRequest } from './errors.js';
import type { FormObject } from './form-body.js';
import { str } from './params.js';
import { requireAllowedType, requireReturnUrlWhenRedirectsPossible } from './payment-rules.js';
import type { StripeFakeSwitches, StripeObject } from './types.js';
import type { ObjectStore } from './object-store.js';
import type { PaymentMethods } from './payment-methods.js';
import type { WebhookDelivery } from './webhook-delivery.js';

/**
 * Confirming a PaymentIntent as Stripe's test mode does: the card's outcome decides success (a
 * charge, its events), a decline, or authentication (required off-session: a failure).
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the double's objects and its event sink).
 */
export function createIntentFlow(
  { outcomes, newId, nowSeconds, store }: ObjectStore,
  { emit }: Pick<WebhookDelivery, 'emit'>,
  { paymentMethodFrom }: Pick<PaymentMethods, 'paymentMethodFrom'>,
  switches: StripeFakeSwitches,
) {
  const chargeFor = (intent: StripeObject): StripeObject =>
    store({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer ?? null,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: intent.metadata ?? {},
      // When its funds join the available balance (Balance.d.ts: pending, then available).
      available_on:
        outcomes.get(String(intent.payment_method)) === 'bypass_pending'
          ? nowSeconds()
          : nowSeconds() + switches.fundsAvailableAfterSeconds,
    });

  const confirmPaymentIntent = (
    intent: StripeObject,
    params: FormObject,
    key: string | undefined,
    secretKeyCall: boolean,
  ): StripeObject => {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `This PaymentIntent's status is ${String(intent.status)}, so it cannot be confirmed.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const token = str(params.payment_method) ?? (intent.payment_method as string | null) ?? undefined;
    if (!token) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    requireReturnUrlWhenRedirectsPossible(intent, params, secretKeyCall);
    const method = paymentMethodFrom(token, str(intent.customer));
    requireAllowedType(intent, method, 'PaymentIntent');
    intent.payment_method = method.id;
    const offSession = params.off_session === 'true' || intent.off_session === true;
    const outcome = outcomes.get(method.id) ?? 'succeeds';
    if (outcome === 'declines') {
      return failIntent(intent, method, 'card_declined', 'Your card was declined.', key, 'generic_decline');
    }
    if (outcome === 'authentication_required') {
      if (offSession) {
        return failIntent(
          intent,
          method,
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
          key,
          'authentication_required',
        );
      }
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      emit('payment_intent.requires_action', intent, key);
      return intent;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const charge = chargeFor(intent);
    intent.latest_charge = charge.id;
    if (intent.setup_future_usage && typeof intent.customer === 'string') method.customer = intent.customer;
    emit('charge.succeeded', charge, key);
    emit('payment_intent.succeeded', intent, key);
    return intent;
  };

  const failIntent = (
    intent: StripeObject,
    method: StripeObject,
    code: string,
    message: string,
    key: string | undefined,
    declineCode: string,
  ): never => {
    const error = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_method: structuredClone(method),
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    emit('payment_intent.payment_failed', intent, key);
    throw new FakeError(402, { ...error, payment_intent: structuredClone(intent) });
  };
  return { chargeFor, confirmPaymentIntent, failIntent };
}
