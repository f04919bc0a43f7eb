import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../../api/client';
import {
  castVote,
  claimItem,
  getEvaluatorStatus,
  listOpenProjects,
  releaseAssignment,
} from '../../../api/evaluator';
import { useLoad } from '../../../api/useLoad';
import type { TAssignment, TEvaluatorProject, TVoteReply } from '../../evaluations/types';
import { useWorkspaceShortcuts, type WorkspaceAction } from './workspace-shortcuts';
import { REJECTED_CLOSED_TEXT } from '../EvaluatorBanners';
import {
  Content,
  Countdown,
  credits,
  Instructions,
  ProjectCards,
  QueueCounter,
  ShortcutLegend,
  usd,
  VoteForm,
  type Busy,
} from './workspace-parts';
import '../../evaluations/evaluations.css';
import './EvaluatorWorkspacePage.css';

/**
 * Longer than 100 lines: the workspace's state (projects, the claimed item, the vote in flight,
 * expiry, the queue count) and the claim, vote and skip that change it, in one place; the
 * markup's parts are in workspace-parts.tsx.
 */
export function EvaluatorWorkspacePage() {
  const {
    data: projects,
    error: loadError,
    retry: reloadProjects,
  } = useLoad((signal) => listOpenProjects(signal), [], { failure: (error) => error.message });
  // A failed status read leaves the last balance on screen: the page works without it.
  const { data: status, retry: loadStatus } = useLoad((signal) => getEvaluatorStatus(signal), [], {
    failure: 'Failed to load your evaluator status',
  });
  const [project, setProject] = useState<TEvaluatorProject>();
  const [assignment, setAssignment] = useState<TAssignment>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<Busy>();
  const [notice, setNotice] = useState<{ kind: 'success' | 'info' | 'error'; text: string }>();
  const [lastVote, setLastVote] = useState<TVoteReply>();
  const [expired, setExpired] = useState(false);
  const [openItems, setOpenItems] = useState<number>();
  const [votedNow, setVotedNow] = useState(0);

  /** Back on the list, or on Retry: the projects and the balance are read again. */
  const reloadLists = () => {
    reloadProjects();
    loadStatus();
  };

  /** The queue counter re-reads the project's open items after each claim and vote. */
  const refreshQueue = useCallback((evaluationId: string) => {
    listOpenProjects()
      .then((all) => setOpenItems(all.find((one) => one.evaluation_id === evaluationId)?.open_items ?? 0))
      .catch(() => undefined);
  }, []);

  async function claim(target: TEvaluatorProject) {
    setBusy('claim');
    setNotice(undefined);
    setLastVote(undefined);
    setExpired(false);
    try {
      const next = await claimItem(target.evaluation_id);
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
      const reply = await castVote(assignment.assignment_id, {
        vote: value,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
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
      await releaseAssignment(assignment.assignment_id);
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
    reloadLists();
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
                  <VoteForm
                    comment={comment}
                    busy={busy}
                    onComment={setComment}
                    onVote={(value) => void vote(value)}
                    onSkip={() => void skip()}
                  />
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
              <button type="button" className="button" onClick={reloadLists}>
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
            <ProjectCards projects={projects} busy={busy} onClaim={(candidate) => void claim(candidate)} />
          )}
        </>
      )}
    </section>
  );
}
