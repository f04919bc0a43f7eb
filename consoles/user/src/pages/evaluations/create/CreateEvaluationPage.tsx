import { MESSAGES } from '@evalmarket/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '../../../api/client';
import { createEvaluation } from '../../../api/evaluations';
import { useAuth } from '../../../auth/AuthProvider';
import { InsufficientCreditsModal } from '../InsufficientCreditsModal';
import type { InsufficientCredits } from '../types';
import { CardGrid } from './CardGrid';
import { createPayload, initialCreateForm, validateCreate, type CreateForm } from './create-form';
import { formCards } from './FormCards';
import './CreateEvaluationPage.css';

type Running = 'draft' | 'active';

/** Spec 000 sections 5 and 9: the create page, its header actions and its grid of cards. */
export function CreateEvaluationPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateForm>(initialCreateForm);
  const [running, setRunning] = useState<Running>();
  const [error, setError] = useState<string>();
  const [credits, setCredits] = useState<InsufficientCredits>();
  const closeCredits = useCallback(() => setCredits(undefined), []);

  const set = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => {
    setError(undefined);
    setForm((current) => ({ ...current, [key]: value }));
  };

  async function submit(kind: Running) {
    setError(undefined);
    if (status !== 'signed_in') return setError(MESSAGES.signedOutCreate);
    const problem = validateCreate(form);
    if (problem) return setError(problem);
    setRunning(kind);
    try {
      const created = await createEvaluation(createPayload(form, kind));
      navigate(`/evaluations/${created.id}`);
    } catch (failure) {
      const apiError = failure as ApiError;
      if (apiError.status === 402 && apiError.detail && typeof apiError.detail === 'object') {
        setCredits(apiError.detail as unknown as InsufficientCredits);
      } else {
        setError(apiError.message || 'Failed to create evaluation');
      }
    } finally {
      setRunning(undefined);
    }
  }

  return (
    <section className="page create-evaluation">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit('active');
        }}
        noValidate
      >
        <CreateHeader
          title={form.title}
          onTitle={(title) => set('title', title)}
          running={running}
          onSubmit={(kind) => void submit(kind)}
          onDiscard={() => {
            if (window.confirm('Are you sure you want to discard this evaluation?')) navigate('/');
          }}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="ce-sources muted" aria-label="Where items come from">
          Evaluators vote on <strong>items</strong>. They come through manual entry (the items below, added
          when you create), a CSV or JSONL upload on the evaluation page, the SDK (project ID and API key) or
          a Langfuse connection.
          {form.inputType !== 'manual' &&
            ' An API endpoint or system source is kept with the evaluation; add its items by upload, the SDK or Langfuse.'}
        </p>
        <CardGrid cards={formCards(form, set)} />
      </form>
      {credits && <InsufficientCreditsModal detail={credits} onClose={closeCredits} />}
    </section>
  );
}

/** The title field and the Discard, Save Draft and Create buttons. */
function CreateHeader(props: {
  title: string;
  onTitle: (title: string) => void;
  running: Running | undefined;
  onSubmit: (kind: 'draft') => void;
  onDiscard: () => void;
}) {
  const busy = Boolean(props.running);
  return (
    <div className="page-head ce-head">
      <div className="ce-title">
        <label htmlFor="ce-title" className="visually-hidden">
          Title
        </label>
        <input
          id="ce-title"
          className="ce-title-input"
          value={props.title}
          onChange={(event) => props.onTitle(event.target.value)}
        />
      </div>
      <div className="ce-actions">
        <button type="button" className="button" onClick={props.onDiscard} disabled={busy}>
          Discard
        </button>
        <button type="button" className="button" onClick={() => props.onSubmit('draft')} disabled={busy}>
          {props.running === 'draft' ? 'Saving...' : 'Save Draft'}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {props.running === 'active' ? 'Creating...' : 'Create'}
        </button>
      </div>
    </div>
  );
}
