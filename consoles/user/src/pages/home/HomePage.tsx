import { Link, useSearchParams } from 'react-router-dom';
import { listPublicEvaluations } from '../../api/evaluations';
import { useLoad } from '../../api/useLoad';
import { useAuth } from '../../auth/AuthProvider';
import { LoadState } from '../../ui/LoadState';
import { EvaluatorBanners } from '../evaluator/EvaluatorBanners';
import { HomeSearchForm } from './HomeSearchForm';
import { PublicEvaluationCards } from './PublicEvaluationCards';

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
  const {
    data: rows,
    error,
    retry,
  } = useLoad(
    (signal) =>
      listPublicEvaluations(
        {
          limit: HOME_PAGE_SIZE + 1,
          skip: (page - 1) * HOME_PAGE_SIZE,
          ...(q.trim() ? { q: q.trim() } : {}),
        },
        signal,
      ),
    [q, page],
    { failure: 'Failed to load public evaluations', clearOnChange: true },
  );
  const evaluations = rows?.slice(0, HOME_PAGE_SIZE);
  const hasNext = (rows?.length ?? 0) > HOME_PAGE_SIZE;

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
      <HomeSearchForm q={q} onSearch={(words) => go({ q: words, page: 1 })} />
      <LoadState loaded={Boolean(evaluations)} error={error} retry={retry} />
      {evaluations && evaluations.length === 0 && (
        <p className="empty">
          {q ? `No public evaluations match "${q}".` : 'No public evaluations available yet.'}
        </p>
      )}
      {evaluations && evaluations.length > 0 && <PublicEvaluationCards evaluations={evaluations} />}
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
