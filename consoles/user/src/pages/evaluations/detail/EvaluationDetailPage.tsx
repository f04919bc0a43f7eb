import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { getEvaluation } from '../../../api/evaluations';
import { useLoad } from '../../../api/useLoad';
import { useAuth } from '../../../auth/AuthProvider';
import { ConfigPanel } from './config/ConfigPanel';
import { EditDetailsForm } from './EditDetailsForm';
import { ItemsPanel } from './ItemsPanel';
import {
  ConfigNotOwner,
  DetailFacts,
  DetailHead,
  DetailLoadFailed,
  LangfuseNotOwner,
} from './DetailSections';
import { InvitationsPanel } from './InvitationsPanel';
import { LangfusePanel } from './LangfusePanel';
import { SdkPanel } from './SdkPanel';
import { StatusActions } from './StatusActions';
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

  if (error) return <DetailLoadFailed notFound={error.notFound} message={error.message} />;
  if (!evaluation) return <p className="page-loading">Loading...</p>;

  const owner = status === 'signed_in' && profile?.id === evaluation.creator_id;
  const signedOut = status !== 'signed_in';

  return (
    <section className="page evaluation-detail">
      <DetailHead evaluation={evaluation} owner={owner} editing={editing} onEdit={() => setEditing(true)} />
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

      <DetailFacts evaluation={evaluation} />

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
        <LangfuseNotOwner signedOut={signedOut} />
      )}

      {owner ? (
        <ConfigPanel evaluationId={evaluation.id} reloadKey={reloadKey} onSaved={bump} />
      ) : (
        <ConfigNotOwner signedOut={signedOut} />
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
