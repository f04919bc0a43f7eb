import type { TInvitation } from '@evalmarket/contracts';
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../../api/client';
import { inviteEvaluator, listInvitations, revokeInvitation } from '../../../api/evaluation-access';
import { useLoad } from '../../../api/useLoad';
import { useToasts } from '../../../ui/Toasts';

/**
 * Owner only: who may evaluate this evaluation while it is private. The owner invites evaluators
 * by email (they get an email and see it in their workspace once signed in with that address),
 * sees the list and revokes an invitation.
 */
export function InvitationsPanel({ evaluationId, isPublic }: { evaluationId: string; isPublic: boolean }) {
  const toasts = useToasts();
  const {
    data: invitations,
    error: loadError,
    retry: reload,
  } = useLoad((signal) => listInvitations(evaluationId, signal), [evaluationId], {
    failure: (failure) => `Failed to load invitations: ${failure.message}`,
  });
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState<string>();

  async function invite(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const invitation: TInvitation = await inviteEvaluator(evaluationId, email);
      toasts.success(`Invitation sent to ${invitation.email}.`);
      setEmail('');
      reload();
    } catch (error) {
      toasts.error(`Failed to invite: ${(error as ApiError).message}`);
    } finally {
      setSending(false);
    }
  }

  async function revoke(invitation: TInvitation) {
    setRevoking(invitation.invitation_id);
    try {
      await revokeInvitation(evaluationId, invitation.invitation_id);
      toasts.success(`Invitation of ${invitation.email} revoked.`);
      reload();
    } catch (error) {
      toasts.error(`Failed to revoke: ${(error as ApiError).message}`);
    } finally {
      setRevoking(undefined);
    }
  }

  return (
    <section className="panel invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invited evaluators</h2>
      <p className="muted">
        {isPublic
          ? 'This evaluation is public: anyone may evaluate it. Invitations apply while it is private.'
          : 'This evaluation is private: only the evaluators you invite by email can see and evaluate it.'}
      </p>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      <form className="row" onSubmit={(event) => void invite(event)}>
        <label>
          Evaluator email
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="evaluator@example.com"
            required
          />
        </label>
        <button type="submit" className="button button-primary" disabled={sending || email.trim() === ''}>
          {sending ? 'Inviting...' : 'Invite'}
        </button>
      </form>
      {invitations && invitations.length === 0 && <p className="muted">No one is invited yet.</p>}
      {invitations && invitations.length > 0 && (
        <ul className="invitation-list" aria-label="Invitations">
          {invitations.map((invitation) => (
            <li key={invitation.invitation_id} className="row">
              <span>{invitation.email}</span>
              <span className="muted">
                {invitation.registered ? 'has an account' : 'not signed up yet'} · invited{' '}
                {new Date(invitation.invited_at).toLocaleDateString()}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Revoke ${invitation.email}`}
                disabled={revoking === invitation.invitation_id}
                onClick={() => void revoke(invitation)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
