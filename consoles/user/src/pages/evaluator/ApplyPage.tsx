import { useEffect, useRef } from 'react';
import { ApplicationState } from './ApplicationState';
import { CvDetails, IndeedDetails } from './ApplyDetails';
import { ConfirmationStep, MethodStep, StepList, WelcomeStep } from './ApplySteps';
import { useApplication } from './useApplication';
import './evaluator.css';

/** Evaluator Apply wizard (spec 001 section 2.13). */
export function ApplyPage() {
  const application = useApplication();
  const { step, setStep, method, error, setError, submitting, current, submit } = application;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  // Someone who applied sees the application's state, not a wizard ending in a 409; a failed
  // status read falls back to the wizard (the server still refuses a second application).
  const alreadyApplied = current && current.evaluator_status !== 'not_applied' && step !== 'confirmation';
  if (!application.statusChecked && step === 'welcome') return <p className="page-loading">Loading...</p>;
  if (alreadyApplied && current && !submitting)
    return (
      <section className="page narrow apply-page">
        <ApplicationState status={current} />
      </section>
    );
  return (
    <section className="page narrow apply-page">
      <StepList step={step} />
      <div className="panel">
        {step === 'welcome' && <WelcomeStep headingRef={heading} onStart={() => setStep('method')} />}
        {step === 'method' && (
          <MethodStep
            headingRef={heading}
            submitting={submitting}
            methodChosen={!!method}
            error={error}
            onLinkedIn={() => void application.linkedIn()}
            onChoose={application.choose}
            onBack={() => setStep('welcome')}
          />
        )}
        {step === 'details' && method === 'cv_upload' && (
          <CvDetails
            headingRef={heading}
            submitting={submitting}
            error={error}
            setError={setError}
            onBack={() => setStep('method')}
            onUploaded={(url) => void submit({ application_method: 'cv_upload', cv_file_url: url })}
            setSubmitting={application.setSubmitting}
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
        {step === 'confirmation' && <ConfirmationStep headingRef={heading} />}
      </div>
    </section>
  );
}
