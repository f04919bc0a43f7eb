import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { getSetupStatus } from '../../api/payments';
import { useLoad } from '../../api/useLoad';
import { SaveCardForm } from '../../payments/SaveCardForm';
import { useToasts } from '../../ui/Toasts';
import './payment-setup.css';
import { BankAccount } from './BankAccount';

/** The saved card is re-read 2 s after a save (the webhook stores it). */
const WEBHOOK_WAIT_MS = 2000;

interface SpendingStatus {
  has_customer: boolean;
  has_payment_method: boolean;
  card_brand: string | null;
  card_last4: string | null;
  ready: boolean;
}

/** Payment & Payout Setup (spec 001 section 2.6): /payments/setup, /spending and /earning. */
export function PaymentSetupPage({ context }: { context?: 'spending' | 'earning' }) {
  const [params] = useSearchParams();
  const returned = params.get('connect') === 'success';
  return (
    <section className="page payment-setup">
      <div className="page-head">
        <h1>Payment &amp; Payout Setup</h1>
        <nav className="setup-nav" aria-label="Setup context">
          <Link to="/payments/setup/spending" aria-current={context === 'spending' ? 'page' : undefined}>
            Spending
          </Link>
          <Link to="/payments/setup/earning" aria-current={context === 'earning' ? 'page' : undefined}>
            Earning
          </Link>
        </nav>
      </div>
      {returned && (
        <div className="banner banner-green" role="status">
          <strong>Bank account onboarding finished.</strong> Your payout details were submitted to Stripe.
        </div>
      )}
      <div className={context ? 'setup-single' : 'setup-grid'}>
        {context !== 'earning' && <PaymentMethods />}
        {context !== 'spending' && <BankAccount returned={returned} />}
      </div>
    </section>
  );
}

function spendingStatus(signal?: AbortSignal): Promise<SpendingStatus> {
  return getSetupStatus(signal).then((reply) => reply.spending);
}

function PaymentMethods() {
  const toasts = useToasts();
  // Without a status the panel shows only the form, so a failed read needs no words of its own.
  const { data: status, setData: setStatus } = useLoad((signal) => spendingStatus(signal), [], {
    failure: 'Failed to load payment setup',
  });
  const [formKey, setFormKey] = useState(0);

  function saved() {
    toasts.success('Payment method saved');
    window.setTimeout(() => {
      void spendingStatus()
        .then((next) => {
          setStatus(next);
          return next;
        })
        .catch(() => undefined)
        .then((next) => {
          if (!next?.has_payment_method) console.warn('Saved card not visible yet after the webhook wait');
          setFormKey((key) => key + 1);
        });
    }, WEBHOOK_WAIT_MS);
  }

  return (
    <section className="panel" aria-labelledby="payment-methods-title">
      <h2 id="payment-methods-title">Payment Methods</h2>
      <p className="muted">A saved card pays for credit purchases and auto-recharge.</p>
      {status?.has_payment_method && (
        <p className="saved-card-line">
          <span className="badge badge-green">Saved</span>{' '}
          <strong className="card-brand">{status.card_brand}</strong> •••• {status.card_last4}
        </p>
      )}
      <SaveCardForm key={formKey} setupPath="/api/v1/wallet/setup-payment-method" onSaved={saved} />
    </section>
  );
}
