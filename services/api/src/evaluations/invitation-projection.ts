import { ZInvitationEventData, type TInvitationPersonal } from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';
import { openPersonalData } from '../identity/personal-data.js';

/** The personal-data key of one invitation (user_keys holds it beside the people's keys). */
export const invitationKey = (invitationId: string) => `invitation-${invitationId}`;

/** Keeps evaluation_invitations from the evaluation_invitations-{id} streams. */
export const invitationProjection: DomainEventHandlers = {
  async EvaluationInvitationSent(tx, event) {
    const data = ZInvitationEventData.EvaluationInvitationSent.parse(event.data);
    const personal = await openPersonalData<TInvitationPersonal>(
      tx,
      invitationKey(data.invitation_id),
      data.personal,
    );
    // Revoked since (its key deleted): nothing to project.
    if (!personal) return;
    await tx.query(
      `INSERT INTO evaluation_invitations (invitation_id, evaluation_id, email, invited_by, invited_at, updated_position)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        data.invitation_id,
        data.evaluation_id,
        personal.email,
        data.invited_by,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async EvaluationInvitationRevoked(tx, event) {
    const data = ZInvitationEventData.EvaluationInvitationRevoked.parse(event.data);
    await tx.query('DELETE FROM evaluation_invitations WHERE invitation_id = $1', [data.invitation_id]);
  },
};
