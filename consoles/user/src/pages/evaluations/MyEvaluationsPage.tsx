import type { TEvaluationListItem } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { listOwnEvaluations } from '../../api/evaluations';
import { useLoad } from '../../api/useLoad';
import { LoadState } from '../../ui/LoadState';
import { StatusBadge } from './StatusBadge';
import './evaluations.css';

/** Spec 001 section 2.2: the signed-in person's own evaluations. */
export function MyEvaluationsPage() {
  const {
    data: evaluations,
    error,
    retry,
  } = useLoad((signal) => listOwnEvaluations(signal), [], { failure: 'Failed to load evaluations' });

  return (
    <section className="page">
      <div className="page-head">
        <h1>My Evaluations</h1>
        <Link to="/evaluations/create" className="button button-primary">
          Create New Evaluation
        </Link>
      </div>
      <LoadState loaded={Boolean(evaluations)} error={error} retry={retry} />
      {evaluations && evaluations.length === 0 && (
        <p className="empty">No evaluations yet - Get started by creating your first evaluation.</p>
      )}
      {evaluations && evaluations.length > 0 && (
        <ul className="card-grid">
          {evaluations.map((evaluation) => (
            <li key={evaluation.id} className="card">
              <Link to={`/evaluations/${evaluation.id}`} className="card-link">
                <div className="row my-eval-head">
                  <h2>{evaluation.title}</h2>
                  <StatusBadge status={evaluation.status} />
                </div>
                <p className="clamp-2">{evaluation.description || 'No description provided'}</p>
                <EvaluationProgress progress={evaluation.progress} />
                <p className="card-meta">
                  <time dateTime={evaluation.created_at}>
                    {new Date(evaluation.created_at).toLocaleDateString()}
                  </time>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Items complete out of items ingested, and the votes cast so far. */
function EvaluationProgress({ progress }: { progress: TEvaluationListItem['progress'] }) {
  if (!progress) return null;
  const { items_total: total, items_complete: complete, votes_cast: votes } = progress;
  if (total === 0) return <p className="muted progress-line">No items yet</p>;
  const label = `${complete} of ${total} items complete · ${votes} ${votes === 1 ? 'vote' : 'votes'}`;
  return (
    <div className="progress-line">
      <progress max={total} value={complete} aria-label={`Progress: ${label}`} />
      <span className="muted">{label}</span>
    </div>
  );
}
