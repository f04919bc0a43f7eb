import type { SqlClient } from '@evalmarket/db';
import type { App } from '../app/build-app.js';
import { BatchLoader } from '../http/batch-loader.js';
import type { AccessTokens } from './access-tokens.js';
import { SESSION_EXPIRED_MESSAGE } from './sessions.js';

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact support.';

/** What a request needs of its session and its person, read together on every request. */
type SessionRow = {
  user_id: string;
  is_admin: boolean;
  roles: string[];
  disabled: boolean;
  revoked_at: Date | null;
};

/**
 * Bearer authentication on every route: a valid, unexpired access token of a live session of an
 * enabled person sets `request.userId`, `request.isAdmin` and `request.roles`. A bad token does
 * not fail the request here (public routes stay readable); requireUser answers 401 with the reason.
 */
export function registerAuthentication(app: App, options: { sql: SqlClient; tokens: AccessTokens }): void {
  app.decorateRequest('userId', undefined);
  app.decorateRequest('isAdmin', undefined);
  app.decorateRequest('roles', undefined);
  app.decorateRequest('authFailure', undefined);
  app.decorateRequest('sessionId', undefined);
  // Every request reads its session afresh (a revocation counts at once); the reads of requests
  // that arrive together share one query.
  const sessions = new BatchLoader<string, SessionRow>(async (ids) => {
    const { rows } = await options.sql.query<SessionRow & { id: string }>(
      `SELECT s.id, s.user_id, u.is_admin, u.roles, u.disabled, s.revoked_at FROM auth_sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = ANY($1::text[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      request.authFailure = SESSION_EXPIRED_MESSAGE;
      return;
    }
    const checked = options.tokens.check(match[1]!);
    if (!checked.ok) {
      request.authFailure = SESSION_EXPIRED_MESSAGE;
      return;
    }
    const found = await sessions.load(checked.claims.sid);
    const row = found && found.user_id === checked.claims.sub ? found : undefined;
    if (!row || row.revoked_at) {
      request.authFailure = SESSION_EXPIRED_MESSAGE;
      return;
    }
    if (row.disabled) {
      request.authFailure = ACCOUNT_DISABLED_MESSAGE;
      return;
    }
    request.userId = checked.claims.sub;
    request.isAdmin = row.is_admin;
    request.roles = row.roles;
    request.sessionId = checked.claims.sid;
    request.callerId = `user:${checked.claims.sub}`;
  });
}
