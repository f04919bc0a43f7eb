import type { TEvaluatorStatusReply } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { REJECTED_CLOSED_TEXT, STATUS_BADGE, STATUS_LABEL } from './EvaluatorBanners';

/**
 * What the apply page shows to someone who already applied: the application's state and where to
 * go from it, instead of a wizard whose last step the server would refuse (409: one application
 * per account).
 */
export function ApplicationState({ status }: { status: TEvaluatorStatusReply }) {
  const kind = status.evaluator_status;
  return (
    <div className="panel" aria-label="Your application">
      <p>
        Your evaluator status: <span className={`badge ${STATUS_BADGE[kind]}`}>{STATUS_LABEL[kind]}</span>
      </p>
      {kind === 'pending' && (
        <>
          <h1>Your application is under review</h1>
          <p>
            We review applications within 48 hours. You can already evaluate and earn credits; your earnings
            become cashable once your application is approved.
          </p>
        </>
      )}
      {kind === 'verified' && (
        <>
          <h1>You are a verified evaluator</h1>
          <p>
            Tier: {status.qualification_tier === 'expert' ? 'Expert' : 'Community'}. Your earnings can be
            cashed out to your bank account.
          </p>
        </>
      )}
      {kind === 'rejected' && (
        <>
          <h1>Your application was not approved</h1>
          {status.rejection_reason && <p>Reason: {status.rejection_reason}</p>}
          <p>{REJECTED_CLOSED_TEXT} You may register a new account to apply again.</p>
        </>
      )}
      <div className="apply-actions">
        <Link to="/" className="button">
          Go to Home
        </Link>
        {kind !== 'rejected' && (
          <Link to="/evaluations" className="button button-primary">
            Start Evaluating
          </Link>
        )}
        {kind === 'verified' && (
          <Link to="/evaluator/cashout" className="button">
            Cash Out
          </Link>
        )}
      </div>
    </div>
  );
}
