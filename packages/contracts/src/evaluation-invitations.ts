import { z } from 'zod';
import { ZSealedPersonalData } from './evaluator-events.js';
import { ZEmailAddress } from './identity.js';

/*
 * Invitations to a private evaluation: its owner names evaluators by email address; only the
 * owner and the people whose account address matches an invitation may list, read and claim it.
 * An invitation may name someone not registered yet: it matches once they sign up with that address.
 */

/** How many evaluators one evaluation may invite (a limit on everything). */
export const MAX_INVITATIONS_PER_EVALUATION = 500;

export const ZInvitationRequest = z.object({ email: ZEmailAddress('Email is required') });
export type TInvitationRequest = z.infer<typeof ZInvitationRequest>;

export const ZInvitation = z.object({
  invitation_id: z.string(),
  evaluation_id: z.string(),
  email: z.string(),
  /** Whether an account with this address exists now. */
  registered: z.boolean(),
  invited_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationParams = z.object({ id: z.string().max(100), invitationId: z.string().max(100) });

/** Invitations live on a stream of their own, so the evaluation's version history stays its edits. */
export const evaluationInvitationsStreamId = (evaluationId: string) =>
  `evaluation_invitations-${evaluationId}`;

export const ZInvitationEventData = {
  /** The address is personal data: sealed with the invitation's own key (see personal-data.ts). */
  EvaluationInvitationSent: z.object({
    evaluation_id: z.string(),
    invitation_id: z.string(),
    invited_by: z.string(),
    personal: ZSealedPersonalData,
  }),
  EvaluationInvitationRevoked: z.object({ evaluation_id: z.string(), invitation_id: z.string() }),
} as const;

export interface TInvitationPersonal {
  email: string;
}
