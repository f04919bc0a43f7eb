import type { TEventMetadata } from '@evalmarket/contracts';
import type Stripe from 'stripe';
import type { DomainContext } from '../runtime/domain-context.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { findUserByAccount, findUserBySavedMethod, recordPaymentsEvent } from './payments-service.js';

/*
 * Stripe events about a person's saved card or payout account (apply-stripe-event.ts routes them
 * here). Each fact is recorded once, keyed by the Stripe event id.
 */

/** The PaymentMethodSaved data of a card (the caller has checked `method.card`). */
export function savedCardData(
  userId: string,
  method: Stripe.PaymentMethod,
  setupIntentId: string | undefined,
) {
  const card = method.card!;
  return {
    user_id: userId,
    stripe_payment_method_id: method.id,
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.exp_month,
    card_exp_year: card.exp_year,
    ...(setupIntentId ? { setup_intent_id: setupIntentId } : {}),
  };
}

/** A saved card detached at Stripe is removed; one the card network updated is refreshed. */
export async function applySavedMethodChange(
  context: DomainContext,
  gateway: PaymentsGateway,
  event: Stripe.PaymentMethodDetachedEvent | Stripe.PaymentMethodAutomaticallyUpdatedEvent,
  metadata: TEventMetadata,
): Promise<string> {
  const methodId = event.data.object.id;
  const owner = await findUserBySavedMethod(context.sql, methodId);
  if (!owner) return 'ignored: not a saved card';
  if (event.type === 'payment_method.detached') {
    await recordFact(
      context,
      owner,
      'PaymentMethodRemoved',
      { user_id: owner, stripe_payment_method_id: methodId },
      event,
      metadata,
    );
    return 'card removed';
  }
  const method = await gateway.stripe.paymentMethods.retrieve(methodId);
  if (!method.card) return 'ignored: not a card';
  await recordFact(
    context,
    owner,
    'PaymentMethodSaved',
    savedCardData(owner, method, undefined),
    event,
    metadata,
  );
  return 'card updated';
}

/**
 * Connect facts. A deauthorized account can no longer receive transfers, so it is disconnected.
 * A failed payout (the connected account's bank refused it) leaves the money in that account's
 * Stripe balance (Payouts.d.ts `failure_balance_transaction`: the funds return "back in your
 * balance"), so no credits move: the person is told to fix their bank details, after which
 * Stripe pays the balance out again. Keyed by the payout id (a retried event records it once).
 */
export async function applyPayoutFact(
  context: DomainContext,
  event: Stripe.AccountApplicationDeauthorizedEvent | Stripe.PayoutFailedEvent,
  metadata: TEventMetadata,
): Promise<string> {
  const accountId = event.account;
  const userId = accountId ? await findUserByAccount(context.sql, accountId) : undefined;
  if (!accountId || !userId) return 'ignored: unknown account';
  if (event.type === 'payout.failed') {
    const payout = event.data.object;
    await recordPaymentsEvent(
      context,
      userId,
      'PayoutFailed',
      {
        user_id: userId,
        stripe_account_id: accountId,
        stripe_payout_id: payout.id,
        amount_cents: payout.amount,
        failure_code: payout.failure_code ?? null,
      },
      { key: `stripe-payout-failed:${payout.id}`, metadata },
    );
    return 'payout failure noted';
  }
  await recordFact(
    context,
    userId,
    'PayoutAccountDisconnected',
    { user_id: userId, stripe_account_id: accountId },
    event,
    metadata,
  );
  return 'account deauthorized';
}

function recordFact(
  context: DomainContext,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  event: Stripe.Event,
  metadata: TEventMetadata,
) {
  return recordPaymentsEvent(context, userId, type, data, { key: `stripe-event:${event.id}`, metadata });
}
