import { CASHOUT_FEE_PERCENT, PAYOUT_ARRIVAL, type TEvaluatorStatusReply } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { creditsToUsd, formatCredits } from '../../format';

/** The cash-out page's pieces: why someone cannot cash out, what they can do, and the confirmation. */

export interface CashoutBreakdown {
  gross: number;
  fee: number;
  net: number;
}

/** Why someone who is not (yet) verified cannot cash out; nothing for a verified evaluator. */
export function ApplicationBanner({ kind }: { kind: TEvaluatorStatusReply['evaluator_status'] | undefined }) {
  if (kind === 'pending')
    return (
      <div className="banner banner-yellow" role="status">
        <strong>Verification Pending</strong>
        <p>
          Your evaluator application is under review (within 48 hours). You can keep evaluating and earning;
          cash-out opens once you are verified.
        </p>
      </div>
    );
  if (kind === 'rejected')
    return (
      <div className="banner banner-red" role="status">
        <strong>Application Not Approved</strong>
        <p>Your evaluator application was rejected, so earnings cannot be cashed out from this account.</p>
      </div>
    );
  if (kind === 'not_applied')
    return (
      <div className="banner" role="status">
        <strong>Not a Verified Evaluator</strong>
        <p>Only verified evaluators can cash out. Apply to become an evaluator first.</p>
        <Link to="/evaluator/apply" className="button button-primary">
          Apply Now
        </Link>
      </div>
    );
  return null;
}

/** A verified evaluator's next step: connect a bank, earn up to the minimum, or cash out. */
export function CashoutStep({
  status,
  breakdown,
  busy,
  onSetUpBank,
  onCashOut,
}: {
  status: TEvaluatorStatusReply;
  breakdown: CashoutBreakdown;
  busy: boolean;
  onSetUpBank: () => void;
  onCashOut: () => void;
}) {
  const connect = status.stripe_connect_status;
  if (!connect?.has_account || !connect.payouts_enabled)
    return (
      <div className="panel">
        <h2>Bank Account Needed</h2>
        <p>Connect a bank account through Stripe to receive payouts.</p>
        <button type="button" className="button button-primary" disabled={busy} onClick={onSetUpBank}>
          {busy ? 'Redirecting...' : 'Set Up Bank Account'}
        </button>
      </div>
    );
  if (status.earning_balance < status.minimum_cashout_credits)
    return (
      <div className="banner banner-yellow" role="status">
        <strong>Minimum Balance Not Met</strong>
        <p>
          You need at least {creditsToUsd(status.minimum_cashout_credits)} (
          {formatCredits(status.minimum_cashout_credits)} credits) to cash out.
        </p>
      </div>
    );
  return (
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
      <button type="button" className="button button-primary" onClick={onCashOut}>
        Cash Out
      </button>
    </div>
  );
}

/** The last question before money moves; closes on the backdrop or Escape unless busy. */
export function ConfirmCashout({
  net,
  busy,
  onCancel,
  onConfirm,
}: {
  net: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="modal-backdrop" onClick={() => !busy && onCancel()}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cashout-confirm-title"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && !busy && onCancel()}
      >
        <h2 id="cashout-confirm-title">Confirm Cash Out</h2>
        <p>
          {creditsToUsd(net)} will be sent to your bank account. This transfer cannot be cancelled once
          started.
        </p>
        <div className="modal-actions">
          <button type="button" className="button" disabled={busy} onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={onConfirm}>
            {busy ? 'Processing...' : 'Confirm Cash Out'}
          </button>
        </div>
      </div>
    </div>
  );
}
