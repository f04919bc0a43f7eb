import { z } from 'zod';

/**
 * Staff actions on a person, on the stream `user-{user_id}`. The identity CLI (`npm run admin --
 * grant`) records AdminRoleGranted too, with granted_by naming the operator.
 */
export const ZUserAdminEventData = {
  AdminRoleGranted: z.object({ user_id: z.string(), granted_by: z.string() }),
  AdminRoleRevoked: z.object({ user_id: z.string(), revoked_by: z.string() }),
  UserDisabled: z.object({ user_id: z.string(), disabled_by: z.string() }),
  UserEnabled: z.object({ user_id: z.string(), enabled_by: z.string() }),
} as const;

export type TUserAdminEventType = keyof typeof ZUserAdminEventData;
export type TUserAdminEventData<T extends TUserAdminEventType> = z.infer<(typeof ZUserAdminEventData)[T]>;

export const ADMIN_SELF_REVOKE_MESSAGE = 'You cannot revoke your own admin role';
export const ADMIN_SELF_DISABLE_MESSAGE = 'You cannot disable your own account';
