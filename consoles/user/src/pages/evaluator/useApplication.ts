import type { TApplyRequest } from '@evalmarket/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { applyAsEvaluator, getEvaluatorStatus, LINKEDIN_AUTHORIZE } from '../../api/evaluator';
import { useLoad } from '../../api/useLoad';
import { announceEvaluatorStatusChange } from '../../layout/useEvaluatorStatus';
import { applyFailure } from './apply-rules';
import type { Method, Step } from './ApplySteps';

/**
 * The apply wizard's state: where the person is, how they apply, whether they applied before,
 * and the submissions (directly, or on the way back from LinkedIn).
 */
export function useApplication() {
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState<Step>('welcome');
  const [method, setMethod] = useState<Method>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const autoSubmitted = useRef(false);
  // Whether they applied before; without an answer the wizard simply starts.
  const { data: current, loading: checkingStatus } = useLoad((signal) => getEvaluatorStatus(signal), [], {
    failure: 'Failed to load your evaluator status',
  });

  async function submit(request: TApplyRequest) {
    setSubmitting(true);
    setError(undefined);
    try {
      await applyAsEvaluator(request);
      announceEvaluatorStatusChange();
      setStep('confirmation');
    } catch (caught) {
      setError(applyFailure(caught, 'Failed to submit application'));
    } finally {
      setSubmitting(false);
    }
  }

  // Back from LinkedIn: the callback's parameters submit the application at once.
  useEffect(() => {
    const success = params.get('linkedin_success');
    if (!success || autoSubmitted.current) return;
    autoSubmitted.current = true;
    if (success === 'true' && params.get('linkedin_id')) {
      setStep('method');
      void submit({
        application_method: 'linkedin_oauth',
        linkedin_oauth_data: {
          linkedin_id: params.get('linkedin_id') ?? '',
          name: params.get('name') ?? '',
          email: params.get('email') ?? '',
        },
      });
    } else {
      setStep('method');
      setError(`LinkedIn sign-in failed: ${params.get('linkedin_error') ?? 'unknown error'}`);
    }
    setParams({}, { replace: true });
  }, [params, setParams]);

  async function linkedIn() {
    setError(undefined);
    setSubmitting(true);
    const problem = await startLinkedIn();
    if (!problem) return;
    setError(problem);
    setSubmitting(false);
  }

  function choose(next: Method) {
    setMethod(next);
    setError(undefined);
    setStep('details');
  }

  return {
    step,
    setStep,
    method,
    choose,
    error,
    setError,
    submitting,
    setSubmitting,
    current,
    statusChecked: !checkingStatus,
    submit,
    linkedIn,
  };
}

/**
 * Sends the browser to LinkedIn's sign-in, or says why not. It asks first, so an unconfigured
 * LinkedIn (503) is explained here instead of as a raw error page.
 */
async function startLinkedIn(): Promise<string | undefined> {
  try {
    const probe = await fetch(LINKEDIN_AUTHORIZE, { redirect: 'manual' });
    if (probe.type === 'opaqueredirect' || probe.ok) {
      window.location.assign(LINKEDIN_AUTHORIZE);
      return undefined;
    }
    const body = (await probe.json().catch(() => ({}))) as { detail?: unknown };
    return probe.status === 503
      ? `LinkedIn sign-in is not available right now${typeof body.detail === 'string' ? ` (${body.detail})` : ''}. Please choose CV upload or Indeed resume instead.`
      : 'Failed to submit application';
  } catch {
    return 'Network error while contacting LinkedIn';
  }
}
