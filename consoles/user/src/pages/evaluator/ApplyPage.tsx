import {
  CV_MAX_BYTES,
  CV_SIZE_MESSAGE,
  CV_TYPE_MESSAGE,
  INDEED_RESUME_URL_PATTERN,
  INDEED_URL_MESSAGE,
  type TApplyRequest,
  type TEvaluatorStatusReply,
} from '@evalmarket/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { applyAsEvaluator, getEvaluatorStatus, LINKEDIN_AUTHORIZE, uploadCv } from '../../api/evaluator';
import { announceEvaluatorStatusChange } from '../../layout/useEvaluatorStatus';
import { ApplicationState } from './ApplicationState';
import './evaluator.css';

type Step = 'welcome' | 'method' | 'details' | 'confirmation';
type Method = 'cv_upload' | 'indeed';

const CV_EXTENSIONS = /\.(pdf|docx?)$/i;

/** The CV rules (spec 001 section 5): PDF, .doc or .docx, under 5 MB. */
export function cvProblem(file: { name: string; size: number }): string | undefined {
  if (!CV_EXTENSIONS.test(file.name)) return CV_TYPE_MESSAGE;
  if (file.size > CV_MAX_BYTES) return CV_SIZE_MESSAGE;
  return undefined;
}

export function indeedValid(url: string): boolean {
  return INDEED_RESUME_URL_PATTERN.test(url.trim());
}

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/** Evaluator Apply wizard (spec 001 section 2.13). */
export function ApplyPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('welcome');
  const [method, setMethod] = useState<Method>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [current, setCurrent] = useState<TEvaluatorStatusReply>();
  const [statusChecked, setStatusChecked] = useState(false);
  const autoSubmitted = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  useEffect(() => {
    getEvaluatorStatus()
      .then(setCurrent)
      .catch(() => undefined)
      .finally(() => setStatusChecked(true));
  }, []);

  async function submit(request: TApplyRequest) {
    setSubmitting(true);
    setError(undefined);
    try {
      await applyAsEvaluator(request);
      announceEvaluatorStatusChange();
      setStep('confirmation');
    } catch (caught) {
      setError(failure(caught, 'Failed to submit application'));
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
    try {
      // Ask first, so an unconfigured LinkedIn (503) is explained here instead of as a raw error page.
      const probe = await fetch(LINKEDIN_AUTHORIZE, { redirect: 'manual' });
      if (probe.type === 'opaqueredirect' || probe.ok) {
        window.location.assign(LINKEDIN_AUTHORIZE);
        return;
      }
      const body = (await probe.json().catch(() => ({}))) as { detail?: unknown };
      setError(
        probe.status === 503
          ? `LinkedIn sign-in is not available right now${typeof body.detail === 'string' ? ` (${body.detail})` : ''}. Please choose CV upload or Indeed resume instead.`
          : 'Failed to submit application',
      );
    } catch {
      setError('Network error while contacting LinkedIn');
    }
    setSubmitting(false);
  }

  // Someone who applied sees the application's state, not a wizard ending in a 409; a failed
  // status read falls back to the wizard (the server still refuses a second application).
  const alreadyApplied = current && current.evaluator_status !== 'not_applied' && step !== 'confirmation';
  if (!statusChecked && step === 'welcome') return <p className="page-loading">Loading...</p>;
  if (alreadyApplied && current && !submitting)
    return (
      <section className="page narrow apply-page">
        <ApplicationState status={current} />
      </section>
    );
  return (
    <section className="page narrow apply-page">
      <ol className="apply-steps" aria-label="Application steps">
        {(['welcome', 'method', 'details', 'confirmation'] as const).map((name, index) => (
          <li key={name} aria-current={step === name ? 'step' : undefined}>
            <span className="step-number">{index + 1}</span>
            <span className="step-name">{name[0]!.toUpperCase() + name.slice(1)}</span>
          </li>
        ))}
      </ol>
      <div className="panel">
        {step === 'welcome' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Become an Evaluator
            </h1>
            <p>
              Review AI output, vote on its quality and earn credits for every review. Apply in a minute with
              LinkedIn, your CV or your Indeed resume.
            </p>
            <div className="apply-actions">
              <button type="button" className="button" onClick={() => navigate('/dashboard')}>
                Cancel
              </button>
              <button type="button" className="button button-primary" onClick={() => setStep('method')}>
                Get Started
              </button>
            </div>
          </>
        )}
        {step === 'method' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Choose how to apply
            </h1>
            {submitting && !method && <p role="status">Submitting your application...</p>}
            <div className="method-options">
              <button
                type="button"
                className="method-option"
                disabled={submitting}
                onClick={() => void linkedIn()}
              >
                <span className="method-title">
                  LinkedIn <span className="badge badge-green">Recommended</span>
                </span>
                <span className="muted">Import your profile from LinkedIn. Fastest review.</span>
              </button>
              <button
                type="button"
                className="method-option"
                disabled={submitting}
                onClick={() => {
                  setMethod('cv_upload');
                  setError(undefined);
                  setStep('details');
                }}
              >
                <span className="method-title">Upload CV</span>
                <span className="muted">PDF or Word document, under 5 MB.</span>
              </button>
              <button
                type="button"
                className="method-option"
                disabled={submitting}
                onClick={() => {
                  setMethod('indeed');
                  setError(undefined);
                  setStep('details');
                }}
              >
                <span className="method-title">Indeed Resume</span>
                <span className="muted">Share the link to your public Indeed resume.</span>
              </button>
            </div>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="apply-actions">
              <button type="button" className="button" onClick={() => setStep('welcome')}>
                Back
              </button>
            </div>
          </>
        )}
        {step === 'details' && method === 'cv_upload' && (
          <CvDetails
            headingRef={heading}
            submitting={submitting}
            error={error}
            setError={setError}
            onBack={() => setStep('method')}
            onUploaded={(url) => void submit({ application_method: 'cv_upload', cv_file_url: url })}
            setSubmitting={setSubmitting}
          />
        )}
        {step === 'details' && method === 'indeed' && (
          <IndeedDetails
            headingRef={heading}
            submitting={submitting}
            error={error}
            onBack={() => setStep('method')}
            onSubmit={(url) => void submit({ application_method: 'indeed', indeed_url: url })}
          />
        )}
        {step === 'confirmation' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Application Submitted!
            </h1>
            <ul className="confirmation-list">
              <li>We review your application within 48 hours.</li>
              <li>You can start evaluating immediately and earn credits right away.</li>
              <li>Your earnings become cashable once your application is approved.</li>
            </ul>
            <div className="apply-actions">
              <button type="button" className="button" onClick={() => navigate('/')}>
                Go to Home
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => navigate('/evaluations')}
              >
                Start Evaluating
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function CvDetails({
  headingRef,
  submitting,
  error,
  setError,
  onBack,
  onUploaded,
  setSubmitting,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  submitting: boolean;
  error: string | undefined;
  setError: (message: string | undefined) => void;
  onBack: () => void;
  onUploaded: (url: string) => void;
  setSubmitting: (busy: boolean) => void;
}) {
  const [file, setFile] = useState<File>();

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const problem = cvProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      const reply = await uploadCv(file);
      onUploaded(reply.file_url);
    } catch (caught) {
      setError(failure(caught, 'Failed to upload CV file'));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={upload} noValidate>
      <h1 ref={headingRef} tabIndex={-1}>
        Upload your CV
      </h1>
      <label htmlFor="cv-file">CV file (PDF, .doc or .docx, under 5 MB)</label>
      <input
        id="cv-file"
        type="file"
        accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          setFile(chosen);
          setError(chosen ? cvProblem(chosen) : undefined);
        }}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="apply-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={!file || !!cvProblem(file) || submitting}
        >
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}

function IndeedDetails({
  headingRef,
  submitting,
  error,
  onBack,
  onSubmit,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  submitting: boolean;
  error: string | undefined;
  onBack: () => void;
  onSubmit: (url: string) => void;
}) {
  const [url, setUrl] = useState('');
  const valid = indeedValid(url);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !submitting) onSubmit(url.trim());
      }}
      noValidate
    >
      <h1 ref={headingRef} tabIndex={-1}>
        Your Indeed resume
      </h1>
      <label htmlFor="indeed-url">Indeed resume URL</label>
      <input
        id="indeed-url"
        type="url"
        placeholder="https://www.indeed.com/r/your-name/abc123"
        value={url}
        aria-invalid={url !== '' && !valid}
        onChange={(event) => setUrl(event.target.value)}
      />
      {url !== '' && !valid && <p className="field-error">{INDEED_URL_MESSAGE}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="apply-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button-primary" disabled={!valid || submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
