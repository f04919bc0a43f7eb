import { CREDITS_PER_USD, MINIMUM_PURCHASE_USD, type TPurchaseCreditsReply } from '@evalmarket/contracts';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { ApiError } from '../api/client';
import { startCreditPurchase } from '../api/wallet';
import { newIdempotencyKey } from './useStripe';

export const PURCHASE_PRESETS_USD = [50, 100, 250, 500] as const;
export const PURCHASE_SUCCESS_MESSAGE = 'Payment successful! Your credits will appear shortly.';
/** Purchase success auto-close / redirect to /wallet (spec 001 section 9). */
export const PURCHASE_SUCCESS_DELAY_MS = 2000;

/** A non-numeric custom amount counts as 0 (spec 001 section 5). */
export function parseAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && text.trim() !== '' ? value : 0;
}

export function meetsMinimum(amountUsd: number): boolean {
  return amountUsd >= MINIMUM_PURCHASE_USD;
}

export function creditsFor(amountUsd: number): number {
  return Math.round(amountUsd * CREDITS_PER_USD);
}

/**
 * Validates the payment element, asks the API for a PaymentIntent and confirms it through
 * Stripe.js without a redirect unless the card needs one. Throws an Error with the text to show.
 */
export async function purchaseCredits(
  stripe: Stripe,
  elements: StripeElements,
  amountUsd: number,
): Promise<void> {
  const submitted = await elements.submit();
  if (submitted.error) throw new Error(submitted.error.message ?? 'Payment validation failed');
  let reply: TPurchaseCreditsReply;
  try {
    reply = await startCreditPurchase(amountUsd, newIdempotencyKey());
  } catch (error) {
    throw new Error(
      error instanceof ApiError && error.message ? error.message : 'Failed to purchase credits',
    );
  }
  const result = await stripe.confirmPayment({
    elements,
    clientSecret: reply.client_secret,
    confirmParams: { return_url: `${window.location.origin}/wallet` },
    redirect: 'if_required',
  });
  if (result.error) throw new Error(result.error.message ?? 'Payment failed');
  const status = result.paymentIntent?.status;
  if (status !== 'succeeded' && status !== 'processing') throw new Error('Purchase failed');
}

/** Minor units the payment element is created with: the chosen amount, or $50 until it is valid. */
export function elementsAmountMinor(amountUsd: number): number {
  return meetsMinimum(amountUsd) ? Math.round(amountUsd * 100) : 5000;
}
