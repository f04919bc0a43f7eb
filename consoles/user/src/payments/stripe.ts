import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { getPaymentConfig } from '../api/payments';

/**
 * Stripe.js for both payment modes. In 'stripe' mode the real Stripe.js loads from Stripe's CDN;
 * in 'local' mode the console's own stand-in (public/local-stripe.js) defines window.Stripe first,
 * so loadStripe uses it and the same <Elements>/<PaymentElement> code runs offline.
 */
let stripePromise: Promise<Stripe | null> | undefined;

export function getStripe(): Promise<Stripe | null> {
  stripePromise ??= (async () => {
    const config = await getPaymentConfig();
    if (config.mode === 'local') await loadScript('/local-stripe.js');
    return loadStripe(config.publishable_key);
  })().catch((error: unknown) => {
    stripePromise = undefined;
    throw error;
  });
  return stripePromise;
}

function loadScript(src: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Failed to load payment form'));
    document.head.appendChild(script);
  });
}

/** The 'Payment element' appearance shared by every form (the console's accent colour). */
export const ELEMENTS_APPEARANCE = {
  theme: 'stripe' as const,
  variables: { colorPrimary: '#4f46e5', borderRadius: '8px' },
};
