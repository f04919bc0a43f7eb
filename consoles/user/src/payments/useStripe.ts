import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { getStripe } from './stripe';

/** Loads Stripe.js (or the local stand-in) once; the error text is the spec's. */
export function useStripeInstance(): { stripe: Stripe | null | undefined; error: string | undefined } {
  const [stripe, setStripe] = useState<Stripe | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    getStripe()
      .then((loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else setError('Failed to load payment form');
      })
      .catch(() => live && setError('Failed to load payment form'));
    return () => {
      live = false;
    };
  }, []);
  return { stripe, error };
}

export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
