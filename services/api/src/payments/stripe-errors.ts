import Stripe from 'stripe';
import { AppError } from '../http/errors.js';

/**
 * A Stripe failure as the client should see it: a card problem is 402 with Stripe's message
 * (the console shows "the provider's message"), a request Stripe refused is 502 with our
 * fallback text, anything else (network) 503 so the client may retry.
 */
export function stripeFailure(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(402, error.code ?? 'card_error', error.message || fallback, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    // Stripe's rate limit is ours to wait out, not a bad gateway.
    return new AppError(503, 'payment_provider_busy', fallback, {
      cause: error,
      headers: { 'retry-after': retryAfterSeconds(error) },
    });
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    return new AppError(503, 'payment_provider_unavailable', fallback, {
      cause: error,
      headers: { 'retry-after': '5' },
    });
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new AppError(502, 'payment_provider_error', fallback, { cause: error });
  }
  return new AppError(502, 'payment_provider_error', fallback, { cause: error });
}

function retryAfterSeconds(error: Stripe.errors.StripeError): string {
  const header = error.headers?.['retry-after'];
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds > 0 ? String(seconds) : '2';
}

/** Whether Stripe definitely refused (so retrying with the same idempotency key will not help). */
export function isStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeError &&
    !(error instanceof Stripe.errors.StripeConnectionError) &&
    !(error instanceof Stripe.errors.StripeAPIError) &&
    !(error instanceof Stripe.errors.StripeRateLimitError)
  );
}
