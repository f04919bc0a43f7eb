/** Stripe's rules for payment methods, intents and disputes, as pure functions and tables. */
import { randomBytes } from 'node:crypto';
import { invalidRequest } from './errors.js';
import type { FormObject } from './form-body.js';
import { obj, str } from './params.js';
import type { StripeObject } from './types.js';

export interface CardBehaviour {
  brand: string;
  last4: string;
  /** bypass_pending: succeeds and its funds are available at once (Stripe's 4000000000000077). */
  outcome: 'succeeds' | 'bypass_pending' | 'declines' | 'authentication_required';
}

/** Stripe's test payment methods (https://docs.stripe.com/testing). */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_bypassPending: { brand: 'visa', last4: '0077', outcome: 'bypass_pending' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declines' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authentication_required' },
};

/** Refunds.d.ts RefundCreateParams.Reason (the SDK's `OtherString` is for forward compatibility). */
export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/**
 * How a PaymentIntent chooses its payment methods (PaymentIntents.d.ts of API 2026-10-28):
 * explicit `allowed_payment_method_types`, or `automatic_payment_methods` with redirects allowed
 * unless `allow_redirects: 'never'`. The older `payment_method_types` parameter is unknown.
 */
export function paymentMethodChoice(params: FormObject): Record<string, unknown> {
  if (params.payment_method_types !== undefined) {
    throw invalidRequest(
      'Received unknown parameter: payment_method_types',
      'payment_method_types',
      'parameter_unknown',
    );
  }
  const types = params.allowed_payment_method_types;
  if (Array.isArray(types) && types.length > 0) {
    return {
      allowed_payment_method_types: types,
      payment_method_types: types,
      automatic_payment_methods: null,
    };
  }
  const automatic = obj(params.automatic_payment_methods);
  return {
    allowed_payment_method_types: null,
    payment_method_types: ['card', 'link', 'us_bank_account'],
    automatic_payment_methods: {
      enabled: true,
      allow_redirects: automatic.allow_redirects === 'never' ? 'never' : 'always',
    },
  };
}

/** An intent accepts only payment methods of its `payment_method_types`. */
export function requireAllowedType(
  intent: StripeObject,
  method: StripeObject,
  kind: 'PaymentIntent' | 'SetupIntent',
) {
  const types = Array.isArray(intent.payment_method_types) ? (intent.payment_method_types as string[]) : [];
  const type = String(method.type);
  if (types.includes(type)) return;
  throw invalidRequest(
    `The PaymentMethod provided (${type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${types.join(', ')}. Alternatively, update the allowed_payment_method_types for this ${kind} to include "${type}".`,
    'payment_method',
    kind === 'PaymentIntent'
      ? 'payment_intent_incompatible_payment_method'
      : 'setup_intent_invalid_parameter',
  );
}

/**
 * Stripe refuses a server-side confirmation of a PaymentIntent that may need a redirect
 * (automatic payment methods with redirects allowed) when no return_url is given.
 */
export function requireReturnUrlWhenRedirectsPossible(
  intent: StripeObject,
  params: FormObject,
  secretKeyCall: boolean,
) {
  const automatic = obj(intent.automatic_payment_methods);
  if (!secretKeyCall || automatic.enabled !== true || automatic.allow_redirects === 'never') return;
  if (str(params.return_url)) return;
  throw invalidRequest(
    'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
    'return_url',
    'parameter_missing',
  );
}

let transactionCounter = 0;

/** A dispute's balance transaction (Disputes.d.ts balance_transactions; negative = withdrawn). */
export function disputeTransaction(amount: number, category: 'dispute' | 'dispute_reversal'): StripeObject {
  transactionCounter += 1;
  return {
    id: `txn_${randomBytes(8).toString('hex')}${transactionCounter}`,
    object: 'balance_transaction',
    amount,
    currency: 'usd',
    type: 'adjustment',
    reporting_category: category,
    created: Math.floor(Date.now() / 1000),
  };
}
