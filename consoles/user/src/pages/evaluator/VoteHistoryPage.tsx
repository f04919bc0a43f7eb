import type { TOwnVote } from '@evalmarket/contracts';
import { Link } from 'react-router-dom';
import { listOwnVotes } from '../../api/evaluator';
import { usePagedLoad } from '../../api/usePagedLoad';
import { errorText, formatCredits, formatDateTime } from '../../format';
import './evaluator.css';

const OUTCOME: Record<TOwnVote['outcome'], { label: string; badge: string }> = {
  approved: { label: 'Approved', badge: 'badge-green' },
  rejected: { label: 'Rejected', badge: 'badge-red' },
  awaiting: { label: 'Awaiting majority', badge: 'badge-grey' },
};

const VOTES_FAILED = 'Failed to load your votes';

/** The evaluator's own votes, newest first, 20 at a time (the server pages by keyset). */
export function VoteHistoryPage() {
  // Load More appends to the first page; its failure shows with the same Retry (a new first page).
  const { page, loading, error, retry, loadMore } = usePagedLoad(
    (before, signal) => listOwnVotes(before, signal),
    (shown, next) => ({ ...next, votes: [...shown.votes, ...next.votes] }),
    [],
    { failure: (caught) => errorText(caught, VOTES_FAILED) },
  );
  const votes = page?.votes;
  const cursor = page?.next_before;

  return (
    <section className="page vote-history">
      <div className="page-head">
        <h1>My Votes</h1>
        <Link to="/evaluations" className="button button-primary">
          Evaluate
        </Link>
      </div>
      <p className="muted">
        A vote is approved when it agrees with the majority of its item&apos;s votes once the item has all its
        votes, rejected when it does not; until then (or on a tie) it awaits the majority.
      </p>
      {error && (
        <div className="form-error" role="alert">
          {error}{' '}
          <button type="button" className="button button-small" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {!votes && loading && <p className="page-loading">Loading...</p>}
      {votes && votes.length === 0 && (
        <p className="empty">
          You have not voted yet. <Link to="/evaluations">Find something to evaluate</Link>.
        </p>
      )}
      {votes && votes.length > 0 && (
        <ul className="vote-list">
          {votes.map((vote) => (
            <li key={vote.vote_id} className="panel vote-entry">
              <div className="row vote-entry-head">
                <span className={`badge ${vote.vote === 'good' ? 'badge-green' : 'badge-red'}`}>
                  {vote.vote === 'good' ? '✓ Good' : '✗ Bad'}
                </span>
                <span className={`badge ${OUTCOME[vote.outcome].badge}`}>{OUTCOME[vote.outcome].label}</span>
                <Link to={`/evaluations/${vote.evaluation_id}`}>{vote.evaluation_title}</Link>
                <span className="muted">
                  {vote.reward_credits > 0 ? `${formatCredits(vote.reward_credits)} credits` : 'Volunteer'}
                </span>
                <time className="muted" dateTime={vote.voted_at}>
                  {formatDateTime(vote.voted_at)}
                </time>
              </div>
              {vote.item_input_preview && <p className="vote-input">{vote.item_input_preview}</p>}
              <p className="muted vote-item-id">Item {vote.item_external_id}</p>
              {vote.comment && <p className="vote-comment">Your comment: {vote.comment}</p>}
            </li>
          ))}
        </ul>
      )}
      {votes && cursor && (
        <button
          type="button"
          className="button load-more"
          disabled={loading}
          onClick={() => loadMore(cursor)}
        >
          {loading ? 'Loading...' : 'Load More'}
        </button>
      )}
    </section>
  );
}
