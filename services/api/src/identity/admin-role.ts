import { userStreamId, type TEventMetadata } from '@evalmarket/contracts';
import type { DomainContext } from '../runtime/domain-context.js';

/**
 * Makes a person a platform admin (CLI, ADMIN_EMAILS); nothing is recorded when they already are.
 * Waits for the read models when a domain projector is given (the CLI has none: the server's
 * projector applies the event).
 */
export async function grantAdminRole(
  context: Pick<DomainContext, 'sql' | 'store'> & Partial<Pick<DomainContext, 'domain'>>,
  userId: string,
  grantedBy: string,
  metadata: TEventMetadata,
): Promise<boolean> {
  const { rows } = await context.sql.query<{ is_admin: boolean }>(
    'SELECT is_admin FROM users WHERE id = $1',
    [userId],
  );
  if (!rows[0]) throw new Error(`No user ${userId}`);
  if (rows[0].is_admin) return false;
  const appended = await context.store.append(
    userStreamId(userId),
    [{ type: 'AdminRoleGranted', data: { user_id: userId, granted_by: grantedBy }, metadata }],
    'any',
  );
  await context.domain?.waitFor(appended.events[0]!.global_position);
  return true;
}
