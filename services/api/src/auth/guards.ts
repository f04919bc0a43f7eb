import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { EXPERT_ROLE_REQUIRED } from '@evalmarket/contracts';
import { AppErrorCode, ForbiddenError, UnauthorizedError } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to signed-out callers: sign-in itself, signed links, webhooks, public reads. */
    public?: boolean;
    /** The route's own 401 text for a signed-out caller, where the spec names one. */
    signedOutMessage?: string;
  }
  interface FastifyRequest {
    /** The signed-in person, when there is one. */
    userId?: string;
    /** Whether the signed-in person holds the platform admin role. */
    isAdmin?: boolean;
    /** The signed-in person's roles (`users.roles`), read with their session. */
    roles?: readonly string[];
    /** Why a presented bearer token was not accepted (requireUser replies with it). */
    authFailure?: string;
    /** The session the access token belongs to. */
    sessionId?: string;
  }
}

export const NO_TOKEN_MESSAGE = 'No authentication token available';
export const ADMIN_REQUIRED_MESSAGE = 'Access denied. Platform admin privileges required.';

/** The signed-in user's id, or the spec's 401 when nobody is signed in. */
export function requireUser(request: FastifyRequest): string {
  if (!request.userId)
    throw new UnauthorizedError(request.authFailure ?? NO_TOKEN_MESSAGE, AppErrorCode.Unauthorized);
  return request.userId;
}

/** The signed-in platform admin's id: 401 when signed out, the spec's 403 for anyone else. */
export function requireAdmin(request: FastifyRequest): string {
  const userId = requireUser(request);
  if (!request.isAdmin) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
  return userId;
}

/**
 * The signed-in expert's id: 401 when signed out, the spec's 403 for anyone else. The roles come
 * with the session, read afresh on every request, so a verification counts at once.
 */
export function requireExpert(request: FastifyRequest): string {
  const userId = requireUser(request);
  if (!request.roles?.includes('expert')) throw new ForbiddenError(EXPERT_ROLE_REQUIRED);
  return userId;
}

/** Whether a route answers 401 to a signed-out caller (the OpenAPI document derives its security from it). */
export function requiresSignIn(url: string, config: Pick<FastifyContextConfig, 'public'>): boolean {
  return url.startsWith('/api/v1/') && !config.public;
}

/**
 * Every /api/v1 route needs a session unless its config says `public`, checked before the body
 * and parameters are validated: a signed-out caller gets the 401 first, whatever it sent, and
 * learns nothing of a route's schema. Handlers still call requireUser/requireAdmin for the id.
 */
export function requireSignInFirst(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { url, config } = request.routeOptions;
    if (!url || !requiresSignIn(url, config)) return;
    if (!request.userId && config.signedOutMessage) {
      throw new UnauthorizedError(config.signedOutMessage, AppErrorCode.Unauthorized);
    }
    requireUser(request);
  });
}
