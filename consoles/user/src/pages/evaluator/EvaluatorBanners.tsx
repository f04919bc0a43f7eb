import { CREDITS_PER_USD, type TEvaluatorStatusReply } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { getEvaluatorStatus } from '../../api/evaluator';
import { useLoad } from '../../api/useLoad';
import { ExpertInterestBanner } from './ExpertInterestBanner';
import './evaluator.css';

/** Verified evaluators with less than this earning balance (credits) see no status banner. */
export const VERIFIED_BANNER_MIN_CREDITS = 10_000;

export const STATUS_BADGE: Record<TEvaluatorStatusReply['evaluator_status'], string> = {
  pending: 'badge-yellow',
  verified: 'badge-green',
  rejected: 'badge-red',
  not_applied: 'badge-grey',
};
export const STATUS_LABEL: Record<TEvaluatorStatusReply['evaluator_status'], string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
  not_applied: 'Not applied',
};

/**
 * What a rejected applicant may no longer do: the server lets them claim nothing, volunteer
 * projects included (the loop's eligibility rule), so the text names both.
 */
export const REJECTED_CLOSED_TEXT = 'Paid and volunteer projects are both closed to this account.';

/** Balances in the banner: credits divided by 1000, two decimals. */
export function bannerBalance(credits: number): string {
  return (credits / CREDITS_PER_USD).toFixed(2);
}

export function showStatusBanner(status: TEvaluatorStatusReply): boolean {
  return !(status.evaluator_status === 'verified' && status.earning_balance < VERIFIED_BANNER_MIN_CREDITS);
}

/** Home's evaluator-status and expert-tier interest banners (spec 000 section 4). */
export function EvaluatorBanners() {
  // Without a status there are no banners; the failure is only worth a console note.
  const { data: status } = useLoad((signal) => getEvaluatorStatus(signal), [], {
    failure: (error) => {
      console.warn('Evaluator status unavailable', error);
      return error.message;
    },
  });

  if (!status) return null;
  const kind = status.evaluator_status;
  const balance = bannerBalance(status.earning_balance);
  return (
    <div className="evaluator-banners">
      {showStatusBanner(status) && (
        <section className={`banner evaluator-banner evaluator-${kind}`} aria-label="Evaluator status">
          <p className="evaluator-banner-head">
            <strong>Evaluator status</strong>{' '}
            <span className={`badge ${STATUS_BADGE[kind]}`}>{STATUS_LABEL[kind]}</span>
          </p>
          {kind === 'not_applied' && (
            <>
              <p>Earn credits by reviewing AI output. Apply to become an evaluator.</p>
              <Link to="/evaluator/apply" className="button button-primary">
                Apply Now
              </Link>
            </>
          )}
          {kind === 'pending' && (
            <>
              <p>
                Your application is under review and will be decided within 48 hours. You can already evaluate
                and earn credits; cash-out is available after verification.
              </p>
              <p>
                Earning balance: <strong>${balance}</strong>
              </p>
              <Link to="/evaluations" className="button">
                Start Evaluating
              </Link>
            </>
          )}
          {kind === 'verified' && (
            <>
              <p>
                You are a verified evaluator. Earning balance: <strong>${balance}</strong>
              </p>
              <Link to="/evaluator/cashout" className="button button-primary">
                Cash Out
              </Link>
            </>
          )}
          {kind === 'rejected' && (
            <p>
              Your evaluator application was not approved
              {status.rejection_reason ? `: ${status.rejection_reason}` : '.'} {REJECTED_CLOSED_TEXT} You may
              register a new account to apply again.
            </p>
          )}
        </section>
      )}
      <ExpertInterestBanner status={status} />
    </div>
  );
}
