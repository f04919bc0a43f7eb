import { z } from 'zod';

/** A person as the staff console lists and shows them (GET /admin/users, /admin/users/{id}). */
export const ZStaffUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.string()),
  is_admin: z.boolean(),
  disabled: z.boolean(),
  active_context: z.string(),
  evaluator_status: z.string(),
  created_at: z.string().nullable(),
});
export type TStaffUser = z.infer<typeof ZStaffUser>;

/** PUT /admin/users/{id} (react-admin update): only is_admin and disabled count, the rest is ignored. */
export const ZUpdateStaffUser = z
  .object({ is_admin: z.boolean().optional(), disabled: z.boolean().optional() })
  .passthrough();
