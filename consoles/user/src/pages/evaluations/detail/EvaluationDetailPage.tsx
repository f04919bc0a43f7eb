import { MESSAGES } from '@evalmarket/contracts';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getEvaluation } from '../../../api/evaluations';
import { useLoad } from '../../../api/useLoad';
import { useAuth } from '../../../auth/AuthProvider';
import { ConfigPanel } from './config/ConfigPanel';
import { EditDetailsForm } from './EditDetailsForm';
import { ItemsPanel } from './ItemsPanel';
import { EvaluateThisLink } from '../EvaluateThisLink';
import { InvitationsPanel } from './InvitationsPanel';
import { LangfusePanel } from './LangfusePanel';
import { SdkPanel } from './SdkPanel';
import { StatusActions } from './StatusActions';
import { StatusBadge } from '../StatusBadge';
import { VersionHistory } from './VersionHistory';
import '../evaluations.css';

/** Spec 000 "Evaluation detail": public view for everyone, settings for the owner. */
export function EvaluationDetailPage() {
  const { id = '' } = useParams();
  const { status, profile } = useAuth();
  const [reloadKey, setReloadKey] = useState(0);
  const bump = useCallback(() => setReloadKey((key) => key + 1), []);
  const [editing, setEditing] = useState(false);
  const loaded = useLoad(
    (signal) => (status === 'loading' ? undefined : getEvaluation(id, signal)),
    [id, status],
    {
      failure: 'An error occurred',
    },
  );
  const { data: evaluation, setData: setEvaluation, retry: reloadEvaluation } = loaded;
  const error = loaded.error
    ? { notFound: loaded.errorStatus === 404 || loaded.errorStatus === 422, message: loaded.error }
    : undefined;

  if (error?.notFound)
    return (
      <section className="page">
        <h1>{MESSAGES.evaluationNotFound}</h1>
        <Link to="/">Back to home</Link>
      </section>
    );
  if (error)
    return (
      <section className="page">
        <p className="form-error" role="alert">
          {error.message}
        </p>
      </section>
    );
  if (!evaluation) return <p className="page-loading">Loading...</p>;

  const owner = status === 'signed_in' && profile?.id === evaluation.creator_id;
  const signedOut = status !== 'signed_in';

  return (
    <section className="page evaluation-detail">
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
              <button type="button" className="button" onClick={() => setEditing(true)}>
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
      {owner && editing && (
        <EditDetailsForm
          evaluation={evaluation}
          onSaved={setEvaluation}
          onStale={reloadEvaluation}
          onClose={() => setEditing(false)}
        />
      )}

      {owner && (
        <StatusActions evaluation={evaluation} onChanged={setEvaluation} onStale={reloadEvaluation} />
      )}

      <section className="panel" aria-label="Details">
        {evaluation.description && <p className="description">{evaluation.description}</p>}
        <dl className="facts">
          <div>
            <dt>Model type</dt>
            <dd>{evaluation.model_type}</dd>
          </div>
        </dl>
        {(() => {
          const model = evaluation.parameters.model_configuration as
            { type?: string; endpoint?: string; has_api_key?: boolean } | undefined;
          return model?.type ? (
            <p data-testid="model-configuration">
              Model configuration: <strong>{model.type}</strong>
              {model.endpoint ? ` at ${model.endpoint}` : ''}
              {model.has_api_key ? ' (API key stored encrypted)' : ''}
            </p>
          ) : null;
        })()}
        <h2>Parameters</h2>
        <pre className="json">{JSON.stringify(evaluation.parameters, null, 2)}</pre>
        {evaluation.input_data != null && (
          <>
            <h2>Input data</h2>
            <pre className="json">{JSON.stringify(evaluation.input_data, null, 2)}</pre>
          </>
        )}
      </section>

      {owner && <ItemsPanel evaluationId={evaluation.id} reloadKey={reloadKey} />}

      {owner && !evaluation.is_public && (
        <InvitationsPanel evaluationId={evaluation.id} isPublic={evaluation.is_public} />
      )}

      <SdkPanel
        evaluationId={evaluation.id}
        projectId={evaluation.sdk_project_id}
        owner={owner}
        onKeysChange={bump}
      />

      {owner ? (
        <LangfusePanel evaluationId={evaluation.id} onChange={bump} />
      ) : (
        <section className="panel" aria-labelledby="langfuse-title">
          <h2 id="langfuse-title">Langfuse Integration</h2>
          {signedOut ? (
            <p className="muted">
              <strong>Authentication Required.</strong> Please sign in to access Langfuse integration
              settings.
            </p>
          ) : (
            <p className="muted">{MESSAGES.notOwnerIntegration}</p>
          )}
        </section>
      )}

      {owner ? (
        <ConfigPanel evaluationId={evaluation.id} reloadKey={reloadKey} onSaved={bump} />
      ) : (
        <section className="panel" aria-labelledby="config-title">
          <h2 id="config-title">Human Evaluation Configuration</h2>
          <p className="muted">
            {signedOut
              ? 'Please sign in to access evaluation configuration settings.'
              : MESSAGES.notOwnerConfigRead}
          </p>
        </section>
      )}
      {signedOut && <p className="muted">Please sign in to access integration settings.</p>}

      {owner && (
        <VersionHistory
          evaluationId={evaluation.id}
          version={evaluation.version}
          currentUserId={profile?.id}
        />
      )}

      <p className="muted timestamps">
        Created {new Date(evaluation.created_at).toLocaleString()} · Last updated{' '}
        {new Date(evaluation.updated_at).toLocaleString()}
      </p>
    </section>
  );
}
