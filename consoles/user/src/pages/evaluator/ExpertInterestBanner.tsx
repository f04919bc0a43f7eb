import { EXPERT_INTEREST_ALREADY_EXPRESSED, type TEvaluatorStatusReply } from '@evalmarket/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { expressExpertInterest } from '../../api/evaluator';

/** Experts are already in the tier, so only community-tier (or undecided) evaluators are asked. */
export function showInterestBanner(status: TEvaluatorStatusReply): boolean {
  return (
    (status.evaluator_status === 'pending' || status.evaluator_status === 'verified') &&
    status.qualification_tier !== 'expert' &&
    !status.expert_tier_interest_expressed
  );
}

/**
 * Home's expert-tier interest banner (spec 000 section 4). It hides once the interest is sent,
 * or when the server says it was already expressed (another tab), and thanks on success.
 */
export function ExpertInterestBanner({ status }: { status: TEvaluatorStatusReply }) {
  const [interestHidden, setInterestHidden] = useState(false);
  const [sending, setSending] = useState(false);
  const [interestError, setInterestError] = useState<string>();
  const [interestSent, setInterestSent] = useState(false);

  async function expressInterest() {
    setSending(true);
    setInterestError(undefined);
    try {
      await expressExpertInterest();
      setInterestSent(true);
      setInterestHidden(true);
    } catch (error) {
      if (error instanceof ApiError && error.message.includes(EXPERT_INTEREST_ALREADY_EXPRESSED)) {
        setInterestHidden(true);
      } else {
        setInterestError(error instanceof Error ? error.message : 'Failed to express interest');
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      {showInterestBanner(status) && !interestHidden && (
        <section className="banner banner-green evaluator-banner" aria-label="Expert tier interest">
          <p>
            <strong>Interested in the Expert tier?</strong> Experts review harder items and earn higher
            rewards.
          </p>
          {interestError && (
            <p className="form-error" role="alert">
              {interestError}
            </p>
          )}
          <button type="button" className="button" disabled={sending} onClick={() => void expressInterest()}>
            {sending ? 'Sending...' : 'Express Interest'}
          </button>
        </section>
      )}
      {interestSent && (
        <p className="form-success" role="status">
          Thanks! We noted your interest in the Expert tier.
        </p>
      )}
    </>
  );
}
