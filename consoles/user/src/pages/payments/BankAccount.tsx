import type { TConnectStatus } from '@evalmarket/contracts';
import { useState } from 'react';
import { usePayoutAccount } from './usePayoutAccount';

/** The bank account payouts go to: connected (update or disconnect) or still to connect. */
export function BankAccount({ returned }: { returned: boolean }) {
  const account = usePayoutAccount(returned);
  const { status, loadError, busy, error, notice } = account;
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
            <button type="button" className="button" onClick={() => void account.openDashboard()}>
              Update Bank Account
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void account.disconnect()}
            >
              Disconnect Account
            </button>
          </div>
        </>
      )}
      {status && !connected && (
        <NotConnected
          status={status}
          busy={busy}
          onConnect={() => void account.connect()}
          onRefresh={() => void account.refresh()}
        />
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

/** No usable account yet: Connect (or continue onboarding), refresh, and the raw status to debug. */
function NotConnected({
  status,
  busy,
  onConnect,
  onRefresh,
}: {
  status: TConnectStatus;
  busy: boolean;
  onConnect: () => void;
  onRefresh: () => void;
}) {
  const [debug, setDebug] = useState(false);
  return (
    <>
      {status.has_account && (
        <p className="banner banner-yellow">
          Your Stripe account is created but onboarding is not finished. Continue to add your bank details.
        </p>
      )}
      <button type="button" className="button button-primary" disabled={busy} onClick={onConnect}>
        {busy ? 'Redirecting...' : 'Connect Bank Account'}
      </button>
      <p className="setup-links">
        <button type="button" className="link-button" onClick={onRefresh}>
          Refresh status
        </button>
        <button type="button" className="link-button" aria-expanded={debug} onClick={() => setDebug(!debug)}>
          Debug info
        </button>
      </p>
      {debug && <pre className="debug">{JSON.stringify(status, null, 2)}</pre>}
    </>
  );
}
