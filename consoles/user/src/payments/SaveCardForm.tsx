import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { startCardSetup, type CardSetupPath } from '../api/payments';
import { ELEMENTS_APPEARANCE } from './stripe';
import { useStripeInstance } from './useStripe';
import '../pages/wallet/purchase.css';
import '../pages/wallet/wallet.css';

/**
 * Saves a card for later off-session use: creates a SetupIntent on first load (the path decides
 * which route), shows the payment element and confirms the setup through Stripe.js. The card
 * itself is recorded by the server from the setup_intent.succeeded webhook.
 */
export function SaveCardForm({
  setupPath,
  buttonLabel = 'Save Payment Method',
  onSaved,
}: {
  setupPath: CardSetupPath;
  buttonLabel?: string;
  onSaved: () => void;
}) {
  const { stripe, error: stripeError } = useStripeInstance();
  const [clientSecret, setClientSecret] = useState<string>();
  const [setupError, setSetupError] = useState<string>();

  useEffect(() => {
    let live = true;
    startCardSetup(setupPath)
      .then((reply) => live && setClientSecret(reply.client_secret))
      .catch((failure: unknown) => {
        if (!live) return;
        const message = failure instanceof Error && failure.message ? failure.message : '';
        setSetupError(message || 'Failed to initialize payment setup');
      });
    return () => {
      live = false;
    };
  }, [setupPath]);

  if (setupError)
    return (
      <div className="banner banner-red" role="alert">
        <strong>Setup Error: {setupError}</strong>
        <p>Please refresh the page to try again.</p>
      </div>
    );
  if (stripeError)
    return (
      <p className="form-error" role="alert">
        {stripeError}
      </p>
    );
  if (!stripe || !clientSecret) return <p className="page-loading">Loading payment form...</p>;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: ELEMENTS_APPEARANCE }}>
      <SetupForm clientSecret={clientSecret} buttonLabel={buttonLabel} onSaved={onSaved} />
    </Elements>
  );
}

function SetupForm({
  clientSecret,
  buttonLabel,
  onSaved,
}: {
  clientSecret: string;
  buttonLabel: string;
  onSaved: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || saving) return;
    setSaving(true);
    setError(undefined);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        setError(submitted.error.message ?? 'Payment validation failed');
        return;
      }
      const result = await stripe.confirmSetup({
        elements,
        clientSecret,
        confirmParams: { return_url: `${window.location.origin}/payments/setup` },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(result.error.message ?? 'Failed to save payment method');
        return;
      }
      if (result.setupIntent?.status !== 'succeeded') {
        setError('Payment method setup did not complete. Please try again.');
        return;
      }
      onSaved();
    } catch {
      setError('An unexpected error occurred');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="save-card-form">
      <div className="payment-element">
        <PaymentElement options={{ layout: 'tabs' }} />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!stripe || !elements || saving}>
        {saving ? 'Saving...' : buttonLabel}
      </button>
    </form>
  );
}
