import type { TConnectStatus } from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  createDashboardLink,
  disconnectPayoutAccount,
  getPayoutStatus,
  getSetupStatus,
  verifyBank,
} from '../../api/payments';
import { SaveCardForm } from '../../payments/SaveCardForm';
import { useToasts } from '../../ui/Toasts';
import './payment-setup.css';
import { payoutOnboardingUrl } from '../../payments/connect';

/** Status-refresh messages disappear after 2 s; the saved card is re-read 2 s after a save. */
export const STATUS_TOAST_MS = 2000;
const WEBHOOK_WAIT_MS = 2000;
export const CONNECT_SETUP_FAILED = 'Failed to set up Stripe Connect account';
export const DISCONNECT_CONFIRM =
  'Are you sure you want to disconnect your bank account? You will not be able to cash out until you connect one again.';

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

function PaymentMethods() {
  const toasts = useToasts();
  const [status, setStatus] = useState<SpendingStatus>();
  const [formKey, setFormKey] = useState(0);

  const load = useCallback(async () => {
    try {
      const reply = await getSetupStatus();
      setStatus(reply.spending);
      return reply.spending;
    } catch {
      return undefined;
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  function saved() {
    toasts.success('Payment method saved');
    window.setTimeout(() => {
      void load().then((next) => {
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

function BankAccount({ returned }: { returned: boolean }) {
  const [status, setStatus] = useState<TConnectStatus>();
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [debug, setDebug] = useState(false);
  const noticeTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  const load = useCallback(async () => {
    try {
      setStatus(await getPayoutStatus());
      setLoadError(undefined);
    } catch {
      setLoadError('Failed to refresh status');
    }
  }, []);

  const flash = useCallback((text: string) => {
    setNotice(text);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(undefined), STATUS_TOAST_MS);
  }, []);

  const refresh = useCallback(async () => {
    setError(undefined);
    try {
      const reply = await verifyBank();
      setStatus({
        has_account: reply.has_account,
        details_submitted: reply.details_submitted,
        payouts_enabled: reply.payouts_enabled,
      });
      flash('Status refreshed');
    } catch {
      await load();
      flash('Failed to refresh status');
    }
  }, [flash, load]);

  useEffect(() => {
    if (returned) void refresh();
    else void load();
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load, refresh, returned]);

  async function connect() {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await payoutOnboardingUrl());
    } catch {
      setError(CONNECT_SETUP_FAILED);
      setBusy(false);
    }
  }

  async function openDashboard() {
    setError(undefined);
    const tab = window.open('', '_blank');
    try {
      const link = await createDashboardLink();
      if (tab) tab.location.href = link.dashboard_url;
      else window.open(link.dashboard_url, '_blank', 'noopener');
    } catch {
      tab?.close();
      setError('Failed to open account dashboard');
    }
  }

  async function disconnect() {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setBusy(true);
    setError(undefined);
    try {
      await disconnectPayoutAccount();
      await load();
    } catch {
      setError('Failed to disconnect bank account');
    } finally {
      setBusy(false);
    }
  }

  const connected = !!status?.has_account && status.details_submitted && status.payouts_enabled;
  return (
    <section className="panel" aria-labelledby="bank-account-title">
      <h2 id="bank-account-title">Bank Account for Payouts</h2>
      <p className="muted">Earnings you cash out are paid to this account through Stripe.</p>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {!status && !loadError && <p className="muted">Loading...</p>}
      {status && connected && (
        <>
          <p className="connected-line">
            <span className="badge badge-green">Bank Account Connected</span>
          </p>
          <div className="setup-actions">
            <button type="button" className="button" onClick={() => void openDashboard()}>
              Update Bank Account
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void disconnect()}
            >
              Disconnect Account
            </button>
          </div>
        </>
      )}
      {status && !connected && (
        <>
          {status.has_account && (
            <p className="banner banner-yellow">
              Your Stripe account is created but onboarding is not finished. Continue to add your bank
              details.
            </p>
          )}
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void connect()}
          >
            {busy ? 'Redirecting...' : 'Connect Bank Account'}
          </button>
          <p className="setup-links">
            <button type="button" className="link-button" onClick={() => void refresh()}>
              Refresh status
            </button>
            <button
              type="button"
              className="link-button"
              aria-expanded={debug}
              onClick={() => setDebug(!debug)}
            >
              Debug info
            </button>
          </p>
          {debug && <pre className="debug">{JSON.stringify(status, null, 2)}</pre>}
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
