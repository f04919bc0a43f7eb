import { randomUUID } from 'node:crypto';
import {
  MAX_INVITATIONS_PER_EVALUATION,
  ZInvitation,
  ZInvitationParams,
  ZInvitationRequest,
  evaluationInvitationsStreamId,
  type TInvitation,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { sealPersonalData } from '../identity/personal-data.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { iso, ownedEvaluation, type EvaluationRow } from './evaluation-access.js';
import { ZEvaluationIdParams } from './evaluations-routes.js';
import { invitationKey } from './invitation-projection.js';

/*
 * The owner of a private evaluation invites evaluators by email (audience.ts decides what an
 * invitation opens). Each invitation's address is sealed with a key of its own, and revoking it
 * deletes that key, so a revoked address leaves nothing readable in the log.
 */

const NOT_OWNER = 'Only the owner can manage invitations';

interface InvitationRow {
  invitation_id: string;
  evaluation_id: string;
  email: string;
  registered: boolean;
  invited_at: Date | string;
}

const SELECT_INVITATIONS = `SELECT i.invitation_id, i.evaluation_id, i.email, i.invited_at,
  EXISTS (SELECT 1 FROM users u WHERE u.email = i.email) AS registered
  FROM evaluation_invitations i`;

const toInvitation = (row: InvitationRow): TInvitation => ({
  invitation_id: row.invitation_id,
  evaluation_id: row.evaluation_id,
  email: row.email,
  registered: Boolean(row.registered),
  invited_at: iso(row.invited_at)!,
});

async function invitationsOf(sql: SqlExecutor, evaluationId: string): Promise<InvitationRow[]> {
  const { rows } = await sql.query<InvitationRow & Record<string, unknown>>(
    `${SELECT_INVITATIONS} WHERE i.evaluation_id = $1 ORDER BY i.invited_at, i.invitation_id`,
    [evaluationId],
  );
  return rows;
}

async function sendInvitationEmail(context: DomainContext, evaluation: EvaluationRow, email: string) {
  const link = `${context.config.publicUrl}/evaluations`;
  try {
    await context.mailer.send({
      to: email,
      subject: `You are invited to evaluate "${evaluation.title}"`,
      text:
        `You have been invited to evaluate the private project "${evaluation.title}" on Evalmarket.\n\n` +
        `Sign in with this email address and open your evaluator workspace: ${link}\n`,
    });
  } catch (error) {
    // The invitation stands: the person sees the project in their workspace once signed in.
    context.logger.warn({ err: error, evaluation_id: evaluation.id }, 'invitation email failed');
  }
}

/**
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
export async function invitationsRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;

  app.get(
    '/evaluations/:id/invitations',
    {
      schema: {
        tags: ['evaluations'],
        summary: "The owner's invitations to this evaluation (who may evaluate it while it is private)",
        params: ZEvaluationIdParams,
        response: { 200: z.array(ZInvitation) },
      },
    },
    async (request) => {
      const evaluation = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      return (await invitationsOf(sql, evaluation.id)).map(toInvitation);
    },
  );

  app.post(
    '/evaluations/:id/invitations',
    {
      schema: {
        tags: ['evaluations'],
        summary:
          'Invite an evaluator by email (owner only; emails them). Inviting an address again returns its invitation.',
        params: ZEvaluationIdParams,
        body: ZInvitationRequest,
        response: { 200: ZInvitation, 201: ZInvitation },
      },
    },
    async (request, reply) => {
      const evaluation = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      const { email } = request.body;
      const existing = await invitationsOf(sql, evaluation.id);
      const same = existing.find((row) => row.email === email);
      if (same) return toInvitation(same);
      if (existing.length >= MAX_INVITATIONS_PER_EVALUATION) {
        throw new ConflictError(
          `An evaluation can have at most ${MAX_INVITATIONS_PER_EVALUATION} invitations`,
          'too_many_invitations',
        );
      }
      const invitationId = randomUUID();
      const personal = await sealPersonalData(sql, invitationKey(invitationId), { email });
      await recordEvents(
        context,
        evaluationInvitationsStreamId(evaluation.id),
        [
          {
            type: 'EvaluationInvitationSent',
            data: {
              evaluation_id: evaluation.id,
              invitation_id: invitationId,
              invited_by: evaluation.creator_id,
              personal,
            },
          },
        ],
        { metadata: eventMetadata(request) },
      );
      const { rows } = await sql.query<InvitationRow & Record<string, unknown>>(
        `${SELECT_INVITATIONS} WHERE i.evaluation_id = $1 AND i.email = $2`,
        [evaluation.id, email],
      );
      await sendInvitationEmail(context, evaluation, email);
      reply.status(201);
      return toInvitation(rows[0]!);
    },
  );

  app.delete(
    '/evaluations/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['evaluations'],
        summary: 'Revoke an invitation (owner only): the address no longer opens this private evaluation',
        params: ZInvitationParams,
        response: { 200: ZInvitation },
      },
    },
    async (request) => {
      const evaluation = await ownedEvaluation(sql, request, request.params.id, NOT_OWNER);
      const invitation = (await invitationsOf(sql, evaluation.id)).find(
        (row) => row.invitation_id === request.params.invitationId,
      );
      if (!invitation) throw new NotFoundError('Invitation not found');
      await recordEvents(
        context,
        evaluationInvitationsStreamId(evaluation.id),
        [
          {
            type: 'EvaluationInvitationRevoked',
            data: { evaluation_id: evaluation.id, invitation_id: invitation.invitation_id },
          },
        ],
        { metadata: eventMetadata(request) },
      );
      await sql.query('DELETE FROM user_keys WHERE user_id = $1', [invitationKey(invitation.invitation_id)]);
      return toInvitation(invitation);
    },
  );
}
