import { Elements, PaymentElement } from '@stripe/react-stripe-js';
import { useEffect, useRef, useState } from 'react';
import { creditsToUsd, formatCredits, formatUsd } from '../../format';
import {
  creditsFor,
  elementsAmountMinor,
  PURCHASE_PRESETS_USD,
  PURCHASE_SUCCESS_MESSAGE,
} from '../../payments/purchase';
import { usePurchaseForm } from '../../payments/usePurchaseForm';
import { ELEMENTS_APPEARANCE } from '../../payments/stripe';
import { useStripeInstance } from '../../payments/useStripe';
import './purchase.css';

/** The wallet's Purchase Credits modal (spec 001 sections 2.4, 4, 5). */
export function PurchaseModal({ onClose, onSuccess }: { onClose: () => void; onSuccess: () => void }) {
  const { stripe, error } = useStripeInstance();
  const [amountUsd, setAmountUsd] = useState(50);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const minor = elementsAmountMinor(amountUsd);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal purchase-modal"
        ref={dialog}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="purchase-title"
        onClick={(event) => event.stopPropagation()}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id="purchase-title">Purchase Credits</h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {!error && !stripe && <p className="page-loading">Loading payment form...</p>}
        {stripe && (
          <Elements
            stripe={stripe}
            options={{ mode: 'payment', amount: minor, currency: 'usd', appearance: ELEMENTS_APPEARANCE }}
          >
            <PurchaseForm
              onAmount={setAmountUsd}
              onClose={onClose}
              onSuccess={() => {
                onSuccess();
                onClose();
              }}
            />
          </Elements>
        )}
      </div>
    </div>
  );
}

function PurchaseForm({
  onAmount,
  onClose,
  onSuccess,
}: {
  onAmount: (usd: number) => void;
  onClose: () => void;
  onSuccess: () => void;
}) {
  const { preset, setPreset, custom, setCustom, phase, error, amountUsd, valid, submit, ready } =
    usePurchaseForm({
      onAmount,
      afterSuccess: onSuccess,
    });

  if (phase === 'success')
    return (
      <p className="form-success" role="status">
        {PURCHASE_SUCCESS_MESSAGE}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="purchase-form">
      <fieldset className="amount-presets">
        <legend>Amount</legend>
        {PURCHASE_PRESETS_USD.map((usd) => (
          <label key={usd} className={`preset ${preset === usd ? 'preset-active' : ''}`}>
            <input type="radio" name="amount" checked={preset === usd} onChange={() => setPreset(usd)} />
            <span className="preset-usd">{formatUsd(usd)}</span>
            <span className="preset-credits">{formatCredits(creditsFor(usd))} credits</span>
          </label>
        ))}
        <label className={`preset ${preset === 'custom' ? 'preset-active' : ''}`}>
          <input
            type="radio"
            name="amount"
            checked={preset === 'custom'}
            onChange={() => setPreset('custom')}
          />
          <span className="preset-usd">Custom Amount</span>
        </label>
      </fieldset>
      {preset === 'custom' && (
        <div className="field">
          <label htmlFor="purchase-custom">Custom amount (USD)</label>
          <input
            id="purchase-custom"
            type="number"
            min={50}
            step={1}
            inputMode="numeric"
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            placeholder="50"
          />
        </div>
      )}
      {!valid && (
        <p className="form-error" role="alert">
          Minimum purchase is $50 (50,000 credits)
        </p>
      )}
      {valid && (
        <p className="muted">
          {formatCredits(creditsFor(amountUsd))} credits for {creditsToUsd(creditsFor(amountUsd))}
        </p>
      )}
      <div className="payment-element">
        <PaymentElement />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={!ready || !valid || phase !== 'idle'}
        >
          {phase === 'processing' ? 'Processing...' : 'Complete Purchase'}
        </button>
      </div>
    </form>
  );
}
