import { CASHOUT_FEE_PERCENT, CREDITS_PER_CENT, PAYOUT_ARRIVAL } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { creditsToUsd, formatCredits, formatUsd } from '../../format';
import { ApplicationBanner, CashoutStep, ConfirmCashout, type CashoutBreakdown } from './CashoutParts';
import { PayoutHistory } from './PayoutHistory';
import { useCashout } from './useCashout';
import './evaluator.css';

/** Gross in whole cents, fee 10% rounded half up to a cent, net the rest (credits). */
export function cashoutBreakdown(balanceCredits: number): CashoutBreakdown {
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
  const { status, loadError, busy, error, result, confirming, setConfirming, ...cashout } = useCashout();
  const kind = status?.evaluator_status;
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
          <button type="button" className="button" onClick={cashout.reload}>
            Retry
          </button>
        </div>
      )}
      {!status && !loadError && <p className="page-loading">Loading...</p>}
      <ApplicationBanner kind={kind} />
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
          <CashoutStep
            status={status}
            breakdown={breakdown}
            busy={busy}
            onSetUpBank={() => void cashout.setUpBank()}
            onCashOut={() => setConfirming(true)}
          />
          <PayoutHistory version={cashout.historyVersion} />
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {confirming && breakdown && (
        <ConfirmCashout
          net={breakdown.net}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void cashout.cashOut()}
        />
      )}
    </section>
  );
}
