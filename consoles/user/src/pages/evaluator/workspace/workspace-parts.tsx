import { useEffect, useState } from 'react';
import type { TEvaluatorProject } from '../../evaluations/types';
import { WORKSPACE_SHORTCUTS } from './workspace-shortcuts';

/** The workspace's pieces: content and instructions of an item, counters, the vote form, project cards. */

export type Busy = 'claim' | 'good' | 'bad' | 'skip';

const MAX_COMMENT = 2000;
const INSTRUCTION_LABELS: Record<string, string> = {
  general_guidelines: 'Guidelines',
  evaluation_criteria: 'Criteria',
  app_context: 'About the app',
  good_example: 'A good answer',
  poor_example: 'A poor answer',
};

export const credits = (value: number) => `${value.toLocaleString('en-US')} credits`;
export const usd = (value: number) => `$${(value / 1000).toFixed(2)}`;

/** Seconds left until an ISO time, never negative. */
export function secondsLeft(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
}
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function Instructions({ value }: { value: unknown }) {
  if (!value || typeof value !== 'object') return null;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  if (entries.length === 0) return <p className="muted">The requester gave no extra instructions.</p>;
  return (
    <dl className="instructions">
      {entries.map(([key, text]) => (
        <div key={key}>
          <dt>{INSTRUCTION_LABELS[key] ?? key}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Content({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="item-part">
      <h3>{label}</h3>
      {typeof value === 'string' ? (
        <p className="item-text">{value}</p>
      ) : (
        <pre className="json">{JSON.stringify(value, null, 2)}</pre>
      )}
    </div>
  );
}

/** The keys on screen, so the evaluator can learn them without a help page. */
export function ShortcutLegend() {
  return (
    <p className="shortcut-legend muted" aria-label="Keyboard shortcuts">
      Keyboard:{' '}
      {WORKSPACE_SHORTCUTS.map((shortcut) => (
        <span key={shortcut.action} className="shortcut">
          {shortcut.keys.map((key) => (
            <kbd key={key}>{key.toUpperCase()}</kbd>
          ))}{' '}
          {shortcut.label}
        </span>
      ))}
    </p>
  );
}

/** Where the evaluator stands in the project: items still open to them and votes this visit. */
export function QueueCounter({ openItems, votedNow }: { openItems: number | undefined; votedNow: number }) {
  return (
    <p className="queue-counter" aria-label="Queue">
      {openItems !== undefined && (
        <span>
          {openItems} {openItems === 1 ? 'item' : 'items'} left in the queue
        </span>
      )}
      <span>
        {votedNow} {votedNow === 1 ? 'vote' : 'votes'} this session
      </span>
    </p>
  );
}

export function Countdown({ expiresAt, onExpire }: { expiresAt: string; onExpire(): void }) {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = secondsLeft(expiresAt);
      setLeft(next);
      if (next === 0) {
        window.clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt, onExpire]);
  return (
    <span
      className={`lease${left < 60 ? ' lease-low' : ''}`}
      aria-label={`Time left on this item: ${formatCountdown(left)}`}
    >
      Time left {formatCountdown(left)}
    </span>
  );
}

/** DESIGN section 6: the evaluator's loop (claim with a lease, blind vote, reward). */

/** The comment and the Good, Bad and Skip buttons (the keyboard shortcuts do the same). */
export function VoteForm(props: {
  comment: string;
  busy: Busy | undefined;
  onComment: (comment: string) => void;
  onVote: (value: 'good' | 'bad') => void;
  onSkip: () => void;
}) {
  const { comment, busy, onComment, onVote, onSkip } = props;
  return (
    <form onSubmit={(event) => event.preventDefault()} className="vote-form" aria-label="Your vote">
      <label htmlFor="vote-comment">Comment (optional)</label>
      <textarea
        id="vote-comment"
        rows={3}
        maxLength={MAX_COMMENT}
        value={comment}
        aria-describedby="vote-comment-count"
        onChange={(event) => onComment(event.target.value)}
        // Escape leaves the comment, so the voting keys work again.
        onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
      />
      <span className="counter" id="vote-comment-count">
        {comment.length}/{MAX_COMMENT}
      </span>
      <div className="row vote-buttons">
        <button
          type="button"
          className="button vote-good"
          aria-keyshortcuts="G 1"
          disabled={Boolean(busy)}
          onClick={() => onVote('good')}
        >
          {busy === 'good' ? 'Sending...' : '✓ Good'}
        </button>
        <button
          type="button"
          className="button vote-bad"
          aria-keyshortcuts="B 2"
          disabled={Boolean(busy)}
          onClick={() => onVote('bad')}
        >
          {busy === 'bad' ? 'Sending...' : '✗ Bad'}
        </button>
        <button
          type="button"
          className="button skip"
          aria-keyshortcuts="S"
          disabled={Boolean(busy)}
          onClick={onSkip}
        >
          Skip
        </button>
      </div>
      <p className="muted">Votes are blind: you never see other evaluators&apos; votes.</p>
    </form>
  );
}

/** The projects open to this evaluator, each with its reward and open items. */
export function ProjectCards(props: {
  projects: TEvaluatorProject[];
  busy: Busy | undefined;
  onClaim: (project: TEvaluatorProject) => void;
}) {
  const { projects, busy, onClaim } = props;
  return (
    <ul className="card-grid">
      {projects.map((candidate) => (
        <li key={candidate.evaluation_id} className="card project-card">
          <h2>{candidate.title}</h2>
          <p className="clamp-2">{candidate.description || 'No description provided'}</p>
          <p className="card-meta">
            <span className="badge badge-green">
              {candidate.reward_credits > 0 ? `${credits(candidate.reward_credits)} per vote` : 'Volunteer'}
            </span>
            <span>
              {candidate.open_items} {candidate.open_items === 1 ? 'item' : 'items'} open
            </span>
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={busy === 'claim' || candidate.open_items === 0}
            aria-label={`Start evaluating ${candidate.title}`}
            onClick={() => onClaim(candidate)}
          >
            Start evaluating
          </button>
        </li>
      ))}
    </ul>
  );
}
