import { INDEED_URL_MESSAGE } from '@evalmarket/contracts';
import { useState, type FormEvent } from 'react';
import { uploadCv } from '../../api/evaluator';
import { applyFailure, cvProblem, indeedValid } from './apply-rules';
import { ApplyFooter } from './ApplyFooter';

/** The wizard's details step: the CV file or the Indeed link, each with its own checks. */

export function CvDetails({
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
      setError(applyFailure(caught, 'Failed to upload CV file'));
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
      <ApplyFooter error={error} onBack={onBack}>
        <button
          type="submit"
          className="button button-primary"
          disabled={!file || !!cvProblem(file) || submitting}
        >
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </ApplyFooter>
    </form>
  );
}

export function IndeedDetails({
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
      <ApplyFooter error={error} onBack={onBack}>
        <button type="submit" className="button button-primary" disabled={!valid || submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </ApplyFooter>
    </form>
  );
}
