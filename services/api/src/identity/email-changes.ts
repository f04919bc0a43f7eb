import { userStreamId, type TEventMetadata } from '@evalmarket/contracts';
import { AppError, NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { claimAppend, commitUnit, emailClaimStream, readEmailClaim, releaseAppend } from './email-claims.js';
import type { MagicLinks } from './magic-links.js';
import { sealPersonalData } from './personal-data.js';
import { readProfile } from './profiles.js';

export const EMAIL_IN_USE_MESSAGE = 'Email already in use by another account';
export const INVALID_VERIFICATION_LINK_MESSAGE =
  'Invalid verification link. The link is invalid, used or expired.';

const badRequest = (message: string, code: string) => new AppError(400, code, message);

/**
 * Email change: the new address gets a single-use link; confirming it moves the address claim
 * (release the old, claim the new) and records EmailChangeConfirmed in one commit.
 */
export function createEmailChanges(context: DomainContext, magicLinks: MagicLinks) {
  const { sql, store, config } = context;

  async function holder(email: string) {
    return readEmailClaim(store, await emailClaimStream(sql, email));
  }

  return {
    async request(userId: string, newEmail: string, ip: string, metadata: TEventMetadata) {
      const profile = await readProfile(sql, userId);
      if (!profile) throw new NotFoundError('Profile not found');
      if (profile.email === newEmail)
        throw badRequest('That is already your email address', 'email_unchanged');
      const claim = await holder(newEmail);
      if (claim.held_by && claim.held_by !== userId) throw badRequest(EMAIL_IN_USE_MESSAGE, 'email_in_use');

      const link = await magicLinks.issue({
        email: profile.email,
        purpose: 'email_change',
        ip,
        userId,
        newEmail,
      });
      const url = `${config.publicUrl}/verify-email-change?token=${encodeURIComponent(link.token)}`;
      await context.mailer.send({
        to: newEmail,
        subject: 'Confirm your new email address',
        text: `Confirm that ${newEmail} is your new Evalmarket address (valid for 15 minutes, once):\n\n${url}\n`,
      });
      const personal = await sealPersonalData(sql, userId, { new_email: newEmail });
      const appended = await store.append(
        userStreamId(userId),
        [{ type: 'EmailChangeRequested', data: { user_id: userId, personal }, metadata }],
        'any',
      );
      await context.domain.waitFor(appended.events[0]!.global_position);
      return { new_email: newEmail, message: `Verification email sent to ${newEmail}` };
    },

    async confirm(token: string, metadata: TEventMetadata) {
      const link = await magicLinks.consume(token, 'email_change');
      if (!link || !link.user_id || !link.new_email) {
        throw badRequest(INVALID_VERIFICATION_LINK_MESSAGE, 'invalid_verification_link');
      }
      const userId = link.user_id;
      const profile = await readProfile(sql, userId);
      if (!profile) throw badRequest(INVALID_VERIFICATION_LINK_MESSAGE, 'invalid_verification_link');
      const oldEmail = profile.email;
      const newEmail = link.new_email;

      const [oldClaim, newClaim] = await Promise.all([holder(oldEmail), holder(newEmail)]);
      if (newClaim.held_by && newClaim.held_by !== userId)
        throw badRequest(EMAIL_IN_USE_MESSAGE, 'email_in_use');
      const personal = await sealPersonalData(sql, userId, { old_email: oldEmail, new_email: newEmail });
      const committed = await commitUnit(store, {
        appends: [
          ...(oldClaim.held_by === userId ? [releaseAppend(oldClaim, userId, metadata)] : []),
          claimAppend(newClaim, userId, metadata),
          {
            stream_id: userStreamId(userId),
            expected_version: 'any',
            events: [{ type: 'EmailChangeConfirmed', data: { user_id: userId, personal }, metadata }],
          },
        ],
      });
      // Someone claimed the address between the check and the commit.
      if (!committed.ok) throw badRequest(EMAIL_IN_USE_MESSAGE, 'email_in_use');
      await context.domain.waitFor(committed.last_position);
      return { old_email: oldEmail, new_email: newEmail, message: 'Email address changed' };
    },
  };
}
