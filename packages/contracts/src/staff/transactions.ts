import { z } from 'zod';

/** A wallet transaction of any person (GET /admin/transactions). */
export const ZStaffTransaction = z.object({
  id: z.string(),
  user_id: z.string(),
  context: z.string(),
  type: z.string(),
  amount: z.number().int(),
  status: z.string(),
  description: z.string(),
  code: z.string(),
  transfer_id: z.string(),
  created_at: z.string().nullable(),
  global_position: z.number().int(),
});
export type TStaffTransaction = z.infer<typeof ZStaffTransaction>;
