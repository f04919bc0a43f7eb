import type { TEvaluation } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiCall, api, type ApiError } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { EvaluateThisLink } from '../evaluations/EvaluateThisLink';
import { EvaluatorBanners } from './evaluator/EvaluatorBanners';

/** Cards a page; one more is asked for to know whether a next page exists. */
export const HOME_PAGE_SIZE = 12;

/**
 * Home: the public evaluations (never drafts), newest first, searched and paged by the server;
 * the search words and page live in the address so Back and a shared link keep them.
 */
export function HomePage() {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [words, setWords] = useState(q);
  const [evaluations, setEvaluations] = useState<TEvaluation[]>();
  const [hasNext, setHasNext] = useState(false);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setWords(q), [q]);

  useEffect(() => {
    const controller = new AbortController();
    setError(undefined);
    setEvaluations(undefined);
    const query = {
      public_only: 'true' as const,
      limit: HOME_PAGE_SIZE + 1,
      skip: (page - 1) * HOME_PAGE_SIZE,
      ...(q.trim() ? { q: q.trim() } : {}),
    };
    apiCall({ action: 'loading public evaluations', anonymous: true, signal: controller.signal }, (init) =>
      api.GET('/api/v1/evaluations', { ...init, params: { query } }),
    )
      .then((rows) => {
        setHasNext(rows.length > HOME_PAGE_SIZE);
        setEvaluations(rows.slice(0, HOME_PAGE_SIZE));
      })
      .catch((failure: ApiError) => {
        if (!controller.signal.aborted) setError(failure.message || 'Failed to load public evaluations');
      });
    return () => controller.abort();
  }, [q, page, attempt]);

  const go = (next: { q?: string; page?: number }) => {
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? page;
    setParams({ ...(nextQ ? { q: nextQ } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  };

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
      <form
        role="search"
        className="row home-search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: words.trim().slice(0, 100), page: 1 });
        }}
      >
        <label htmlFor="home-search" className="visually-hidden">
          Search evaluations
        </label>
        <input
          id="home-search"
          type="search"
          maxLength={100}
          placeholder="Search titles and descriptions"
          value={words}
          onChange={(event) => setWords(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {error && (
        <div className="form-error" role="alert">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      )}
      {!evaluations && !error && <p className="page-loading">Loading...</p>}
      {evaluations && evaluations.length === 0 && (
        <p className="empty">
          {q ? `No public evaluations match "${q}".` : 'No public evaluations available yet.'}
        </p>
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
      {(page > 1 || hasNext) && (
        <nav className="row pager" aria-label="Pages">
          <button
            type="button"
            className="button"
            disabled={page <= 1}
            onClick={() => go({ page: page - 1 })}
          >
            Previous
          </button>
          <span>Page {page}</span>
          <button type="button" className="button" disabled={!hasNext} onClick={() => go({ page: page + 1 })}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
