import { MESSAGES, type TEvaluation } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { EvaluateThisLink } from '../EvaluateThisLink';
import { StatusBadge } from '../StatusBadge';

/**
 * The detail page's read-only parts: a failed load, its head, its facts, and what a non-owner sees
 * of the settings.
 */

/** The evaluation did not load: gone or never there (404, or 422 for a malformed ID), or an error. */
export function DetailLoadFailed({ notFound, message }: { notFound: boolean; message: string }) {
  if (notFound)
    return (
      <section className="page">
        <h1>{MESSAGES.evaluationNotFound}</h1>
        <Link to="/">Back to home</Link>
      </section>
    );
  return (
    <section className="page">
      <p className="form-error" role="alert">
        {message}
      </p>
    </section>
  );
}

export function DetailHead({
  evaluation,
  owner,
  editing,
  onEdit,
}: {
  evaluation: TEvaluation;
  owner: boolean;
  editing: boolean;
  onEdit: () => void;
}) {
  return (
    <div className="page-head">
      <div>
        <h1>{evaluation.title}</h1>
        <div className="row">
          <StatusBadge status={evaluation.status} />
          <span className={evaluation.is_public ? 'badge badge-green' : 'badge badge-grey'}>
            {evaluation.is_public ? 'Public' : 'Private'}
          </span>
        </div>
      </div>
      {owner && (
        <div className="row">
          {!editing && (
            <button type="button" className="button" onClick={onEdit}>
              Edit details
            </button>
          )}
          <Link to={`/evaluations/${evaluation.id}/analytics`} className="button button-primary">
            View Analytics
          </Link>
        </div>
      )}
      {!owner && <EvaluateThisLink evaluationId={evaluation.id} />}
    </div>
  );
}

export function DetailFacts({ evaluation }: { evaluation: TEvaluation }) {
  const model = evaluation.parameters.model_configuration as
    { type?: string; endpoint?: string; has_api_key?: boolean } | undefined;
  return (
    <section className="panel" aria-label="Details">
      {evaluation.description && <p className="description">{evaluation.description}</p>}
      <dl className="facts">
        <div>
          <dt>Model type</dt>
          <dd>{evaluation.model_type}</dd>
        </div>
      </dl>
      {model?.type ? (
        <p data-testid="model-configuration">
          Model configuration: <strong>{model.type}</strong>
          {model.endpoint ? ` at ${model.endpoint}` : ''}
          {model.has_api_key ? ' (API key stored encrypted)' : ''}
        </p>
      ) : null}
      <h2>Parameters</h2>
      <pre className="json">{JSON.stringify(evaluation.parameters, null, 2)}</pre>
      {evaluation.input_data != null && (
        <>
          <h2>Input data</h2>
          <pre className="json">{JSON.stringify(evaluation.input_data, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

/** In place of the Langfuse panel for anyone but the owner. */
export function LangfuseNotOwner({ signedOut }: { signedOut: boolean }) {
  return (
    <section className="panel" aria-labelledby="langfuse-title">
      <h2 id="langfuse-title">Langfuse Integration</h2>
      {signedOut ? (
        <p className="muted">
          <strong>Authentication Required.</strong> Please sign in to access Langfuse integration settings.
        </p>
      ) : (
        <p className="muted">{MESSAGES.notOwnerIntegration}</p>
      )}
    </section>
  );
}

/** In place of the configuration panel for anyone but the owner. */
export function ConfigNotOwner({ signedOut }: { signedOut: boolean }) {
  return (
    <section className="panel" aria-labelledby="config-title">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <p className="muted">
        {signedOut
          ? 'Please sign in to access evaluation configuration settings.'
          : MESSAGES.notOwnerConfigRead}
      </p>
    </section>
  );
}
