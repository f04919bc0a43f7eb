import { CREDITS_PER_USD, PAYMENT_MESSAGES } from '@evalmarket/contracts';
import { Elements, PaymentElement } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLoad } from '../../api/useLoad';
import { getBalance } from '../../api/wallet';
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

/** Purchase Credits page (spec 001 section 2.5). */
export function PurchasePage() {
  const { stripe, error: stripeError } = useStripeInstance();
  const [amountUsd, setAmountUsd] = useState(50);
  const {
    data: balance,
    error: balanceError,
    retry: loadBalance,
  } = useLoad((signal) => getBalance(signal), [], { failure: () => 'Error loading wallet' });

  const minor = elementsAmountMinor(amountUsd);
  return (
    <section className="page purchase-page">
      <div className="page-head">
        <h1>Purchase Credits</h1>
        <Link to="/wallet" className="button">
          Back to Wallet
        </Link>
      </div>
      <div className="panel">
        <h2>Current Balance</h2>
        {balanceError && (
          <p className="form-error" role="alert">
            {balanceError}{' '}
            <button type="button" className="button button-small" onClick={loadBalance}>
              Retry
            </button>
          </p>
        )}
        {!balance && !balanceError && <p className="muted">Loading...</p>}
        {balance && (
          <p className="current-balance">
            <strong>{formatCredits(balance.credits_balance)} credits</strong>{' '}
            <span className="muted">({formatUsd(balance.usd_equivalent)} USD)</span>
          </p>
        )}
      </div>
      {stripeError && (
        <p className="form-error" role="alert">
          {stripeError}
        </p>
      )}
      {!stripe && !stripeError && <p className="page-loading">Loading payment form...</p>}
      {stripe && (
        <Elements
          stripe={stripe}
          options={{ mode: 'payment', amount: minor, currency: 'usd', appearance: ELEMENTS_APPEARANCE }}
        >
          <PurchasePageForm onAmount={setAmountUsd} onPurchased={loadBalance} />
        </Elements>
      )}
    </section>
  );
}

function PurchasePageForm({
  onAmount,
  onPurchased,
}: {
  onAmount: (usd: number) => void;
  onPurchased: () => void;
}) {
  const navigate = useNavigate();
  const { preset, setPreset, custom, setCustom, phase, error, amountUsd, valid, submit, ready } =
    usePurchaseForm({
      onAmount,
      onPaid: onPurchased,
      afterSuccess: () => navigate('/wallet'),
      belowMinimumMessage: PAYMENT_MESSAGES.minimumPurchase,
    });

  return (
    <form onSubmit={submit} noValidate className="purchase-layout">
      <div className="panel purchase-form">
        <h2>Choose an amount</h2>
        <fieldset className="amount-presets">
          <legend className="visually-hidden">Amount</legend>
          {PURCHASE_PRESETS_USD.map((usd) => (
            <label key={usd} className={`preset ${preset === usd ? 'preset-active' : ''}`}>
              <input type="radio" name="amount" checked={preset === usd} onChange={() => setPreset(usd)} />
              <span className="preset-usd">{formatUsd(usd)}</span>
              <span className="preset-credits">{formatCredits(creditsFor(usd))} credits</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="purchase-page-custom">Custom amount (USD)</label>
        <input
          id="purchase-page-custom"
          type="number"
          min={50}
          step={1}
          inputMode="numeric"
          placeholder="Enter an amount of $50 or more"
          value={custom}
          onFocus={() => setPreset('custom')}
          onChange={(event) => {
            setPreset('custom');
            setCustom(event.target.value);
          }}
        />
        {preset === 'custom' && custom !== '' && !valid && (
          <p className="form-error" role="alert">
            {PAYMENT_MESSAGES.minimumPurchaseShort}
          </p>
        )}
      </div>
      <div className="panel purchase-summary">
        <h2>Purchase Summary</h2>
        <dl>
          <dt>Amount</dt>
          <dd>{formatUsd(amountUsd)}</dd>
          <dt>Conversion rate</dt>
          <dd>1 USD = {formatCredits(CREDITS_PER_USD)} credits</dd>
          <dt>Credits to add</dt>
          <dd>{formatCredits(creditsFor(amountUsd))} credits</dd>
        </dl>
        {!valid && <p className="muted">{PAYMENT_MESSAGES.minimumPurchase}</p>}
        <h3>Payment</h3>
        <div className="payment-element">
          <PaymentElement />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {phase === 'success' && (
          <p className="form-success" role="status">
            {PURCHASE_SUCCESS_MESSAGE}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary purchase-button"
          disabled={!ready || !valid || phase !== 'idle'}
        >
          {phase === 'processing'
            ? 'Processing...'
            : `Purchase ${formatCredits(creditsFor(amountUsd))} credits for ${creditsToUsd(creditsFor(amountUsd))}`}
        </button>
      </div>
    </form>
  );
}
