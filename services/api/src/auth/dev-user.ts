import { ZEntityId } from '@evalmarket/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app/build-app.js';
import { AppErrorCode, UnauthorizedError, ValidationError } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, when there is one. */
    userId?: string;
  }
}

/**
 * Development identity until sign-in exists (the identity issue replaces it with bearer tokens):
 * the `X-Dev-User` header names the user. It is only honoured when development endpoints are on,
 * which the configuration refuses in production.
 */
export const DEV_USER_HEADER = 'x-dev-user';

export function registerDevUserIdentity(app: App, options: { enabled: boolean }): void {
  app.decorateRequest('userId', undefined);
  if (!options.enabled) return;
  app.addHook('onRequest', async (request) => {
    const header = request.headers[DEV_USER_HEADER];
    if (header === undefined) return;
    const parsed = ZEntityId.safeParse(header);
    if (!parsed.success) {
      throw ValidationError.at(
        ['header', DEV_USER_HEADER],
        'must be a user id of letters, digits, "_", "-" or "."',
      );
    }
    request.userId = parsed.data;
    request.callerId = `user:${parsed.data}`;
  });
}

/** The signed-in user's id, or the spec's 401 when nobody is signed in. */
export function requireUser(request: FastifyRequest): string {
  if (!request.userId)
    throw new UnauthorizedError('No authentication token available', AppErrorCode.Unauthorized);
  return request.userId;
}
