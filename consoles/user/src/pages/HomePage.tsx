import type { TEvaluation } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiCall, api, type ApiError } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { EvaluateThisLink } from '../evaluations/EvaluateThisLink';
import { EvaluatorBanners } from './evaluator/EvaluatorBanners';

/** Home: the public evaluations, newest first (banners come from the evaluator domain). */
export function HomePage() {
  const { status } = useAuth();
  const [evaluations, setEvaluations] = useState<TEvaluation[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    apiCall({ action: 'loading public evaluations', anonymous: true, signal: controller.signal }, (init) =>
      api.GET('/api/v1/evaluations', { ...init, params: { query: { public_only: 'true', limit: 60 } } }),
    )
      .then(setEvaluations)
      .catch((failure: ApiError) => {
        if (!controller.signal.aborted) setError(failure.message);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="page">
      <div className="page-head">
        <h1>Human evaluations of AI apps</h1>
        {status === 'signed_in' && (
          <Link to="/evaluations/create" className="button button-primary">
            Create Evaluation
          </Link>
        )}
      </div>
      {status === 'signed_in' && <EvaluatorBanners />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!evaluations && !error && <p className="page-loading">Loading...</p>}
      {evaluations && evaluations.length === 0 && (
        <p className="empty">No public evaluations available yet.</p>
      )}
      {evaluations && evaluations.length > 0 && (
        <ul className="card-grid">
          {evaluations.map((evaluation) => (
            <li key={evaluation.id} className="card">
              <Link to={`/evaluations/${evaluation.id}`} className="card-link">
                <h2>{evaluation.title}</h2>
                <p>{evaluation.description || 'No description provided'}</p>
                <p className="card-meta">
                  <span className="badge">{evaluation.model_type}</span>
                  <time dateTime={evaluation.created_at}>
                    {new Date(evaluation.created_at).toLocaleDateString()}
                  </time>
                </p>
              </Link>
              <EvaluateThisLink evaluationId={evaluation.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
