import type { RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApplyFooter } from './ApplyFooter';

/** The wizard's fixed steps: the step list, the welcome, the choice of method and the confirmation. */

export type Step = 'welcome' | 'method' | 'details' | 'confirmation';
export type Method = 'cv_upload' | 'indeed';

type HeadingRef = RefObject<HTMLHeadingElement | null>;

export function StepList({ step }: { step: Step }) {
  return (
    <ol className="apply-steps" aria-label="Application steps">
      {(['welcome', 'method', 'details', 'confirmation'] as const).map((name, index) => (
        <li key={name} aria-current={step === name ? 'step' : undefined}>
          <span className="step-number">{index + 1}</span>
          <span className="step-name">{name[0]!.toUpperCase() + name.slice(1)}</span>
        </li>
      ))}
    </ol>
  );
}

export function WelcomeStep({ headingRef, onStart }: { headingRef: HeadingRef; onStart: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
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
        <button type="button" className="button button-primary" onClick={onStart}>
          Get Started
        </button>
      </div>
    </>
  );
}

export function MethodStep({
  headingRef,
  submitting,
  methodChosen,
  error,
  onLinkedIn,
  onChoose,
  onBack,
}: {
  headingRef: HeadingRef;
  submitting: boolean;
  /** A CV or Indeed choice was made; only LinkedIn submits from this step. */
  methodChosen: boolean;
  error: string | undefined;
  onLinkedIn: () => void;
  onChoose: (method: Method) => void;
  onBack: () => void;
}) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Choose how to apply
      </h1>
      {submitting && !methodChosen && <p role="status">Submitting your application...</p>}
      <div className="method-options">
        <button type="button" className="method-option" disabled={submitting} onClick={onLinkedIn}>
          <span className="method-title">
            LinkedIn <span className="badge badge-green">Recommended</span>
          </span>
          <span className="muted">Import your profile from LinkedIn. Fastest review.</span>
        </button>
        <button
          type="button"
          className="method-option"
          disabled={submitting}
          onClick={() => onChoose('cv_upload')}
        >
          <span className="method-title">Upload CV</span>
          <span className="muted">PDF or Word document, under 5 MB.</span>
        </button>
        <button
          type="button"
          className="method-option"
          disabled={submitting}
          onClick={() => onChoose('indeed')}
        >
          <span className="method-title">Indeed Resume</span>
          <span className="muted">Share the link to your public Indeed resume.</span>
        </button>
      </div>
      <ApplyFooter error={error} onBack={onBack} />
    </>
  );
}

export function ConfirmationStep({ headingRef }: { headingRef: HeadingRef }) {
  const navigate = useNavigate();
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
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
        <button type="button" className="button button-primary" onClick={() => navigate('/evaluations')}>
          Start Evaluating
        </button>
      </div>
    </>
  );
}
