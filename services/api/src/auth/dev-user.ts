import { ZEntityId } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { App } from '../app/build-app.js';
import { ValidationError } from '../http/errors.js';

/**
 * Development identity until sign-in exists (the identity issue replaces it with bearer tokens):
 * the `X-Dev-User` header names the user; the admin role is read from the users read model. It is
 * only honoured when development endpoints are on, which the configuration refuses in production.
 */
export const DEV_USER_HEADER = 'x-dev-user';

export function registerDevUserIdentity(app: App, options: { enabled: boolean; sql: SqlClient }): void {
  app.decorateRequest('userId', undefined);
  app.decorateRequest('isAdmin', undefined);
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
    const { rows } = await options.sql.query<{ is_admin: boolean }>(
      'SELECT is_admin FROM users WHERE id = $1',
      [parsed.data],
    );
    request.isAdmin = rows[0]?.is_admin === true;
  });
}
