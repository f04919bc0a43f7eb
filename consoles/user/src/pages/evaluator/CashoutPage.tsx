import {
  CASHOUT_FEE_PERCENT,
  CREDITS_PER_CENT,
  PAYMENT_MESSAGES,
  PAYOUT_ARRIVAL,
  type TCashoutReply,
  type TEvaluatorStatusReply,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getEvaluatorStatus, requestCashout } from '../../api/evaluator';
import { creditsToUsd, formatCredits, formatUsd } from '../../format';
import { newIdempotencyKey } from '../../payments/useStripe';
import './evaluator.css';
import { payoutOnboardingUrl } from '../../payments/connect';
import { PayoutHistory } from './PayoutHistory';

/** The status is reloaded 1 s after a successful cash-out (spec 001 section 4). */
export const CASHOUT_RELOAD_MS = 1000;

/** Gross in whole cents, fee 10% rounded half up to a cent, net the rest (credits). */
export function cashoutBreakdown(balanceCredits: number): { gross: number; fee: number; net: number } {
  const grossCents = Math.floor(balanceCredits / CREDITS_PER_CENT);
  const feeCents = Math.round((grossCents * CASHOUT_FEE_PERCENT) / 100);
  return {
    gross: grossCents * CREDITS_PER_CENT,
    fee: feeCents * CREDITS_PER_CENT,
    net: (grossCents - feeCents) * CREDITS_PER_CENT,
  };
}

/** Evaluator Cash-out (spec 001 section 2.14). */
export function CashoutPage() {
  const [status, setStatus] = useState<TEvaluatorStatusReply>();
  const [loadError, setLoadError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<TCashoutReply>();
  const [historyVersion, setHistoryVersion] = useState(0);
  const reloadTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      setStatus(await getEvaluatorStatus());
    } catch {
      setLoadError('Failed to load cashout information');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function setUpBank() {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await payoutOnboardingUrl());
    } catch {
      setError(PAYMENT_MESSAGES.bankSetupFailed);
      setBusy(false);
    }
  }

  async function cashOut() {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await requestCashout(newIdempotencyKey());
      setConfirming(false);
      if (reply.status === 'failed') setError(reply.failure_reason ?? PAYMENT_MESSAGES.cashoutFailed);
      else setResult(reply);
      setHistoryVersion((version) => version + 1);
      reloadTimer.current = window.setTimeout(() => void load(), CASHOUT_RELOAD_MS);
    } catch {
      setConfirming(false);
      setError(PAYMENT_MESSAGES.cashoutFailed);
    } finally {
      setBusy(false);
    }
  }

  const kind = status?.evaluator_status;
  const connect = status?.stripe_connect_status;
  const breakdown = status ? cashoutBreakdown(status.earning_balance) : undefined;
  return (
    <section className="page narrow cashout-page">
      <Link to="/" className="back-link">
        ← Back to Dashboard
      </Link>
      <h1>Cash Out Earnings</h1>
      {loadError && (
        <div className="banner banner-red" role="alert">
          {loadError}{' '}
          <button type="button" className="button" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {!status && !loadError && <p className="page-loading">Loading...</p>}
      {kind === 'pending' && (
        <div className="banner banner-yellow" role="status">
          <strong>Verification Pending</strong>
          <p>
            Your evaluator application is under review (within 48 hours). You can keep evaluating and earning;
            cash-out opens once you are verified.
          </p>
        </div>
      )}
      {kind === 'rejected' && (
        <div className="banner banner-red" role="status">
          <strong>Application Not Approved</strong>
          <p>Your evaluator application was rejected, so earnings cannot be cashed out from this account.</p>
        </div>
      )}
      {kind === 'not_applied' && (
        <div className="banner" role="status">
          <strong>Not a Verified Evaluator</strong>
          <p>Only verified evaluators can cash out. Apply to become an evaluator first.</p>
          <Link to="/evaluator/apply" className="button button-primary">
            Apply Now
          </Link>
        </div>
      )}
      {status && kind === 'verified' && breakdown && (
        <>
          <div className="panel">
            <h2>Available Balance</h2>
            <p className="balance-amount">{creditsToUsd(status.earning_balance)}</p>
            <p className="muted">{formatCredits(status.earning_balance)} credits</p>
          </div>
          {result && (
            <p className="form-success" role="status">
              Cash-out of {formatUsd(result.net_usd)} initiated.{' '}
              {result.status_message ?? `It arrives in ${result.estimated_arrival || PAYOUT_ARRIVAL}.`}
            </p>
          )}
          {!connect?.has_account || !connect.payouts_enabled ? (
            <div className="panel">
              <h2>Bank Account Needed</h2>
              <p>Connect a bank account through Stripe to receive payouts.</p>
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void setUpBank()}
              >
                {busy ? 'Redirecting...' : 'Set Up Bank Account'}
              </button>
            </div>
          ) : status.earning_balance < status.minimum_cashout_credits ? (
            <div className="banner banner-yellow" role="status">
              <strong>Minimum Balance Not Met</strong>
              <p>
                You need at least {creditsToUsd(status.minimum_cashout_credits)} (
                {formatCredits(status.minimum_cashout_credits)} credits) to cash out.
              </p>
            </div>
          ) : (
            <div className="panel cashout-breakdown">
              <h2>Cash-out Breakdown</h2>
              <dl>
                <dt>Gross amount</dt>
                <dd>{creditsToUsd(breakdown.gross)}</dd>
                <dt>Platform fee ({CASHOUT_FEE_PERCENT}%)</dt>
                <dd>−{creditsToUsd(breakdown.fee)}</dd>
                <dt>You receive</dt>
                <dd className="net">{creditsToUsd(breakdown.net)}</dd>
              </dl>
              <p className="muted">Payouts arrive in {PAYOUT_ARRIVAL}.</p>
              <button type="button" className="button button-primary" onClick={() => setConfirming(true)}>
                Cash Out
              </button>
            </div>
          )}
          <PayoutHistory version={historyVersion} />
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {confirming && breakdown && (
        <div className="modal-backdrop" onClick={() => !busy && setConfirming(false)}>
          <div
            className="modal"
            role="dialog"
            aria-modal="true"
            aria-labelledby="cashout-confirm-title"
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.key === 'Escape' && !busy && setConfirming(false)}
          >
            <h2 id="cashout-confirm-title">Confirm Cash Out</h2>
            <p>
              {creditsToUsd(breakdown.net)} will be sent to your bank account. This transfer cannot be
              cancelled once started.
            </p>
            <div className="modal-actions">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => setConfirming(false)}
                autoFocus
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void cashOut()}
              >
                {busy ? 'Processing...' : 'Confirm Cash Out'}
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
