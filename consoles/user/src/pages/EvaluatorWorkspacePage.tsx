import type { TEvaluatorStatusReply } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../api/client';
import { apiCall, api } from '../api/client';
import type { TAssignment, TEvaluatorProject, TVoteReply } from '../evaluations/types';
import {
  useWorkspaceShortcuts,
  WORKSPACE_SHORTCUTS,
  type WorkspaceAction,
} from '../evaluations/workspace-shortcuts';
import { REJECTED_CLOSED_TEXT } from './evaluator/EvaluatorBanners';
import '../evaluations/evaluations.css';
import './EvaluatorWorkspacePage.css';

const MAX_COMMENT = 2000;
const INSTRUCTION_LABELS: Record<string, string> = {
  general_guidelines: 'Guidelines',
  evaluation_criteria: 'Criteria',
  app_context: 'About the app',
  good_example: 'A good answer',
  poor_example: 'A poor answer',
};

const credits = (value: number) => `${value.toLocaleString('en-US')} credits`;
const usd = (value: number) => `$${(value / 1000).toFixed(2)}`;

/** Seconds left until an ISO time, never negative. */
export function secondsLeft(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
}
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function Instructions({ value }: { value: unknown }) {
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

function Content({ label, value }: { label: string; value: unknown }) {
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
function ShortcutLegend() {
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
function QueueCounter({ openItems, votedNow }: { openItems: number | undefined; votedNow: number }) {
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

function Countdown({ expiresAt, onExpire }: { expiresAt: string; onExpire(): void }) {
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
export function EvaluatorWorkspacePage() {
  const [projects, setProjects] = useState<TEvaluatorProject[]>();
  const [status, setStatus] = useState<TEvaluatorStatusReply>();
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [project, setProject] = useState<TEvaluatorProject>();
  const [assignment, setAssignment] = useState<TAssignment>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'claim' | 'good' | 'bad' | 'skip'>();
  const [notice, setNotice] = useState<{ kind: 'success' | 'info' | 'error'; text: string }>();
  const [lastVote, setLastVote] = useState<TVoteReply>();
  const [expired, setExpired] = useState(false);
  const [openItems, setOpenItems] = useState<number>();
  const [votedNow, setVotedNow] = useState(0);

  const loadStatus = useCallback(() => {
    apiCall({ action: 'loading your evaluator status' }, (init) => api.GET('/api/v1/evaluator/status', init))
      .then(setStatus)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(undefined);
    apiCall({ action: 'loading the projects you may evaluate', signal: controller.signal }, (init) =>
      api.GET('/api/v1/evaluator/projects', init),
    )
      .then(setProjects)
      .catch((error: ApiError) => !controller.signal.aborted && setLoadError(error.message));
    loadStatus();
    return () => controller.abort();
  }, [attempt, loadStatus]);

  /** The queue counter re-reads the project's open items after each claim and vote. */
  const refreshQueue = useCallback((evaluationId: string) => {
    apiCall({ action: 'counting the open items' }, (init) => api.GET('/api/v1/evaluator/projects', init))
      .then((all) => setOpenItems(all.find((one) => one.evaluation_id === evaluationId)?.open_items ?? 0))
      .catch(() => undefined);
  }, []);

  async function claim(target: TEvaluatorProject) {
    setBusy('claim');
    setNotice(undefined);
    setLastVote(undefined);
    setExpired(false);
    try {
      const next = await apiCall(
        { action: 'claiming an item', idempotencyKey: crypto.randomUUID() },
        (init) =>
          api.POST('/api/v1/evaluator/assignments', {
            ...init,
            body: { evaluation_id: target.evaluation_id },
          }),
      );
      setProject(target);
      setAssignment(next);
      setComment('');
      refreshQueue(target.evaluation_id);
    } catch (error) {
      const apiError = error as ApiError;
      setAssignment(undefined);
      setProject(target);
      if (apiError.code === 'no_item_available' || apiError.status === 404)
        setNotice({ kind: 'info', text: 'No more items to evaluate in this project right now. Thank you!' });
      else if (apiError.code === 'budget_exhausted')
        setNotice({
          kind: 'info',
          text: "This project's budget for the period is used up. Please check back later.",
        });
      else if (apiError.code === 'requester_credits_exhausted')
        setNotice({ kind: 'info', text: 'This project is paused: the requester needs to add credits.' });
      else setNotice({ kind: 'error', text: apiError.message });
    } finally {
      setBusy(undefined);
    }
  }

  async function vote(value: 'good' | 'bad') {
    if (!assignment) return;
    setBusy(value);
    setNotice(undefined);
    try {
      const reply = await apiCall(
        { action: 'sending your vote', idempotencyKey: `vote-${assignment.assignment_id}` },
        (init) =>
          api.POST('/api/v1/evaluator/assignments/{id}/vote', {
            ...init,
            params: { path: { id: assignment.assignment_id } },
            body: { vote: value, ...(comment.trim() ? { comment: comment.trim() } : {}) },
          }),
      );
      setLastVote(reply);
      setAssignment(undefined);
      setVotedNow((count) => count + 1);
      if (project) refreshQueue(project.evaluation_id);
      setNotice({
        kind: 'success',
        text:
          reply.reward_credits > 0
            ? `Vote recorded. You earned ${credits(reply.reward_credits)} (${usd(reply.reward_credits)}).`
            : 'Vote recorded. Thank you for volunteering!',
      });
      loadStatus();
    } catch (error) {
      setNotice({ kind: 'error', text: (error as ApiError).message });
    } finally {
      setBusy(undefined);
    }
  }

  async function skip() {
    if (!assignment) return;
    setBusy('skip');
    try {
      await apiCall({ action: 'skipping the item' }, (init) =>
        api.POST('/api/v1/evaluator/assignments/{id}/release', {
          ...init,
          params: { path: { id: assignment.assignment_id } },
        }),
      );
    } catch {
      // The lease ends on its own; skipping locally is enough.
    } finally {
      setBusy(undefined);
      setAssignment(undefined);
      if (project) void claim(project);
    }
  }

  const onExpire = useCallback(() => setExpired(true), []);

  // "Evaluate this" on a card or an evaluation's page opens that project straight away.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('evaluation');
  useEffect(() => {
    if (!projects || !wanted) return;
    setParams({}, { replace: true });
    const target = projects.find((candidate) => candidate.evaluation_id === wanted);
    if (target) void claim(target);
    else setNotice({ kind: 'info', text: 'That evaluation is not open for you to evaluate right now.' });
    // claim is a plain function of this render; the effect runs once per requested project.
  }, [projects, wanted]);

  useWorkspaceShortcuts((action: WorkspaceAction) => {
    if (!project || busy) return;
    if (assignment && !expired && (action === 'good' || action === 'bad')) void vote(action);
    else if (assignment && action === 'skip') void skip();
    else if (!assignment && action === 'next') void claim(project);
  });

  function backToList() {
    setProject(undefined);
    setAssignment(undefined);
    setNotice(undefined);
    setLastVote(undefined);
    setOpenItems(undefined);
    setVotedNow(0);
    setAttempt((n) => n + 1);
  }

  const balance = status ? (
    <div className="balance-card" aria-label="Earning balance">
      <span className="muted">Earning balance</span>
      <strong>{credits(status.earning_balance)}</strong>
      <span className="muted">{usd(status.earning_balance)}</span>
    </div>
  ) : null;

  return (
    <section className="page workspace">
      <div className="page-head">
        <h1>Evaluate</h1>
        {balance}
      </div>

      {project ? (
        <div className="workspace-item">
          <div className="row workspace-bar">
            <button type="button" className="button" onClick={backToList}>
              ← All projects
            </button>
            <h2>{project.title}</h2>
            <QueueCounter openItems={openItems} votedNow={votedNow} />
          </div>
          <ShortcutLegend />
          {notice && (
            <p
              className={
                notice.kind === 'error' ? 'form-error' : notice.kind === 'success' ? 'form-success' : 'banner'
              }
              role={notice.kind === 'error' ? 'alert' : 'status'}
            >
              {notice.text}
            </p>
          )}
          {assignment ? (
            <div className="assignment-grid">
              <section className="panel" aria-label="Item to evaluate">
                <div className="row assignment-head">
                  <span className="badge badge-green">
                    {assignment.reward_credits > 0
                      ? `Reward: ${credits(assignment.reward_credits)}`
                      : 'Volunteer (no pay)'}
                  </span>
                  {expired ? (
                    <span className="lease lease-low">Lease expired</span>
                  ) : (
                    <Countdown expiresAt={assignment.expires_at} onExpire={onExpire} />
                  )}
                </div>
                <Content label="Input" value={assignment.input} />
                <Content label="Output" value={assignment.output} />
                {assignment.input == null && assignment.output == null && (
                  <p className="muted">This item has no content.</p>
                )}
                {expired ? (
                  <div className="banner banner-yellow" role="status">
                    <p>Your time on this item ran out, so it went back to the pool.</p>
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => void claim(project)}
                    >
                      Claim another item
                    </button>
                  </div>
                ) : (
                  <form
                    onSubmit={(event) => event.preventDefault()}
                    className="vote-form"
                    aria-label="Your vote"
                  >
                    <label htmlFor="vote-comment">Comment (optional)</label>
                    <textarea
                      id="vote-comment"
                      rows={3}
                      maxLength={MAX_COMMENT}
                      value={comment}
                      aria-describedby="vote-comment-count"
                      onChange={(event) => setComment(event.target.value)}
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
                        onClick={() => void vote('good')}
                      >
                        {busy === 'good' ? 'Sending...' : '✓ Good'}
                      </button>
                      <button
                        type="button"
                        className="button vote-bad"
                        aria-keyshortcuts="B 2"
                        disabled={Boolean(busy)}
                        onClick={() => void vote('bad')}
                      >
                        {busy === 'bad' ? 'Sending...' : '✗ Bad'}
                      </button>
                      <button
                        type="button"
                        className="button skip"
                        aria-keyshortcuts="S"
                        disabled={Boolean(busy)}
                        onClick={() => void skip()}
                      >
                        Skip
                      </button>
                    </div>
                    <p className="muted">Votes are blind: you never see other evaluators&apos; votes.</p>
                  </form>
                )}
              </section>
              <aside className="panel" aria-label="Instructions">
                <h3>Instructions</h3>
                <Instructions value={assignment.instructions} />
              </aside>
            </div>
          ) : (
            <div className="row">
              {lastVote && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy === 'claim'}
                  aria-keyshortcuts="N"
                  onClick={() => void claim(project)}
                >
                  {busy === 'claim' ? 'Claiming...' : 'Next item'}
                </button>
              )}
              {!lastVote && notice?.kind === 'error' && (
                <button type="button" className="button" onClick={() => void claim(project)}>
                  Try again
                </button>
              )}
              {busy === 'claim' && !lastVote && <p className="page-loading">Claiming an item...</p>}
            </div>
          )}
        </div>
      ) : (
        <>
          {status?.evaluator_status === 'rejected' && (
            <p className="banner banner-red">
              Your evaluator application was not approved. {REJECTED_CLOSED_TEXT}
            </p>
          )}
          {status?.evaluator_status === 'not_applied' && (
            <p className="banner banner-yellow">
              Volunteer projects are open to everyone. To be paid for your votes,{' '}
              <Link to="/evaluator/apply">apply to become an evaluator</Link>.
            </p>
          )}
          {loadError && (
            <div className="form-error" role="alert">
              <p>{loadError}</p>
              <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                Retry
              </button>
            </div>
          )}
          {!projects && !loadError && <p className="page-loading">Loading...</p>}
          {projects && projects.length === 0 && (
            <p className="empty">
              No projects are open for you to evaluate right now. Please check back later.
            </p>
          )}
          {notice && (
            <p className="form-error" role="alert">
              {notice.text}
            </p>
          )}
          {projects && projects.length > 0 && (
            <ul className="card-grid">
              {projects.map((candidate) => (
                <li key={candidate.evaluation_id} className="card project-card">
                  <h2>{candidate.title}</h2>
                  <p className="clamp-2">{candidate.description || 'No description provided'}</p>
                  <p className="card-meta">
                    <span className="badge badge-green">
                      {candidate.reward_credits > 0
                        ? `${credits(candidate.reward_credits)} per vote`
                        : 'Volunteer'}
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
                    onClick={() => void claim(candidate)}
                  >
                    Start evaluating
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
