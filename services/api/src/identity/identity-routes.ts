import {
  MAGIC_LINK_SENT_MESSAGE,
  ZChangeEmailReply,
  ZChangeEmailRequest,
  ZMagicLinkRequest,
  ZMessageReply,
  ZProfile,
  ZProfileUpdate,
  ZRefreshSessionRequest,
  ZSession,
  ZSessionInfo,
  ZSetContextRequest,
  ZVerifyEmailChangeReply,
  ZVerifyMagicLinkRequest,
  userStreamId,
} from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import {
  AppErrorCode,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../http/errors.js';
import { ACCOUNT_DISABLED_MESSAGE } from './authenticate.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { signInStream } from './email-claims.js';
import { createEmailChanges } from './email-changes.js';
import { grantAdminRole } from './admin-role.js';
import { createMagicLinks } from './magic-links.js';
import { createProfiles } from './profile-commands.js';
import { readProfile } from './profiles.js';
import { findOrRegisterUser } from './registration.js';
import { createSessions, SESSION_EXPIRED_MESSAGE } from './sessions.js';

export const INVALID_SIGN_IN_LINK_MESSAGE =
  'This sign-in link is invalid or has expired. Please request a new one.';

/** Sign-in by magic link, sessions, profile, context and email change (spec 000 §4, 001 §2.11). */
export async function identityRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = identityRoutesDeps(context);
  signInRoutes(app, deps);
  sessionRoutes(app, deps);
  profileRoutes(app, deps);
}

/** What the routes below share, built once per app. */
function identityRoutesDeps(context: DomainContext) {
  const { sql, config, mailer } = context;
  const magicLinks = createMagicLinks({ sql, now: context.now });
  const sessions = createSessions({ sql, tokens: context.accessTokens, now: context.now });
  const profiles = createProfiles(context);
  const emailChanges = createEmailChanges(context, magicLinks);
  return { context, magicLinks, sessions, profiles, emailChanges, sql, config, mailer };
}

type Deps = ReturnType<typeof identityRoutesDeps>;

/**
 * Signing in: magic link, verify, refresh, log out.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
function signInRoutes(app: App, { context, magicLinks, sessions, sql, config, mailer }: Deps): void {
  app.post(
    '/auth/magic-link',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Email a sign-in link; new addresses are registered when the link is used. Same reply either way.',
        body: ZMagicLinkRequest,
        response: { 200: ZMessageReply },
      },
    },
    async (request) => {
      const { email } = request.body;
      const verdict = await magicLinks.checkRateLimit(email, request.ip, {
        perEmail: config.magicLinkLimitPerEmail,
        perIp: config.magicLinkLimitPerIp,
      });
      if (!verdict.ok) {
        throw new TooManyRequestsError('Too many sign-in links requested. Please wait before trying again.', {
          retryAfterSeconds: verdict.retry_after_seconds,
        });
      }
      const link = await magicLinks.issue({ email, purpose: 'sign_in', ip: request.ip });
      await context.store.append(
        await signInStream(sql, email),
        [
          {
            type: 'SignInLinkSent',
            data: { link_expires_at: link.expires_at.toISOString() },
            metadata: eventMetadata(request, 'system:sign-in'),
          },
        ],
        'any',
      );
      const url = `${config.publicUrl}/auth/callback?token=${encodeURIComponent(link.token)}`;
      await mailer.send({
        to: email,
        subject: 'Your sign-in link',
        text:
          `Sign in to Evalmarket with this link (valid for 15 minutes, once):\n\n${url}\n\n` +
          `If you did not ask for it, ignore this email.`,
      });
      return { message: MAGIC_LINK_SENT_MESSAGE };
    },
  );

  app.post(
    '/auth/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the emailed token for a session (registers the person on first sign-in)',
        body: ZVerifyMagicLinkRequest,
        response: { 200: ZSession },
      },
    },
    async (request) => {
      const link = await magicLinks.consume(request.body.token, 'sign_in');
      if (!link) throw new UnauthorizedError(INVALID_SIGN_IN_LINK_MESSAGE, 'invalid_sign_in_link');
      const metadata = eventMetadata(request, 'system:sign-in');
      const { userId } = await findOrRegisterUser(context, link.email, metadata);
      const { rows } = await sql.query<{ disabled: boolean }>('SELECT disabled FROM users WHERE id = $1', [
        userId,
      ]);
      if (rows[0]?.disabled) throw new ForbiddenError(ACCOUNT_DISABLED_MESSAGE, 'account_disabled');
      if (config.adminEmails.includes(link.email))
        await grantAdminRole(context, userId, 'config:ADMIN_EMAILS', metadata);
      const session = await sessions.open(userId);
      await context.store.append(
        userStreamId(userId),
        [{ type: 'SignedIn', data: { user_id: userId, session_id: session.session_id }, metadata }],
        'any',
      );
      return session.reply;
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token; a reused one revokes its whole session',
        body: ZRefreshSessionRequest,
        response: { 200: ZSession },
      },
    },
    async (request) => {
      const outcome = await sessions.refresh(request.body.refresh_token);
      if (!outcome.ok) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE, AppErrorCode.Unauthorized);
      return outcome.session;
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: end the session the bearer token belongs to',
        response: { 200: ZMessageReply },
      },
    },
    async (request) => {
      requireUser(request);
      await sessions.revoke(request.sessionId!);
      return { message: 'Signed out' };
    },
  );
}

/** The session and its context, and confirming an email change. */
function sessionRoutes(app: App, { context, profiles, emailChanges, sql }: Deps): void {
  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session and its person',
        response: { 200: ZSessionInfo },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const user = await readProfile(sql, userId);
      if (!user) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      const header = request.headers.authorization!.replace(/^Bearer\s+/i, '').trim();
      const checked = context.accessTokens.check(header);
      return { session_id: request.sessionId!, expires_at: checked.ok ? checked.claims.exp : 0, user };
    },
  );

  app.post(
    '/auth/set-context',
    {
      schema: {
        tags: ['auth'],
        summary: 'Switch the active context (spending or earning); replies with the profile',
        body: ZSetContextRequest,
        response: { 200: ZProfile },
      },
    },
    async (request) =>
      profiles.switchContext(requireUser(request), request.body.context, eventMetadata(request)),
  );

  app.get(
    '/auth/verify-email-change/:token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email change from the link sent to the new address (no auth header)',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: ZVerifyEmailChangeReply },
      },
    },
    async (request) =>
      emailChanges.confirm(request.params.token, eventMetadata(request, 'system:email-change')),
  );
}

/** The profile: read, update, change the email. */
function profileRoutes(app: App, { profiles, emailChanges, sql }: Deps): void {
  app.get(
    '/profile/',
    { schema: { tags: ['profile'], summary: 'The signed-in person', response: { 200: ZProfile } } },
    async (request) => {
      const profile = await readProfile(sql, requireUser(request));
      if (!profile) throw new NotFoundError('Profile not found');
      return profile;
    },
  );

  app.put(
    '/profile/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update first and last name (trimmed, required) and preferences',
        body: ZProfileUpdate,
        response: { 200: ZProfile },
      },
    },
    async (request) => profiles.update(requireUser(request), request.body, eventMetadata(request)),
  );

  app.post(
    '/profile/change-email',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Send a confirmation link to the new address; 400 "already in use" when another account has it',
        body: ZChangeEmailRequest,
        response: { 200: ZChangeEmailReply },
      },
    },
    async (request) =>
      emailChanges.request(requireUser(request), request.body.new_email, request.ip, eventMetadata(request)),
  );
}
