import { z } from 'zod';

/** A credit purchase as staff see it (GET /admin/purchases). */
export const ZStaffPurchase = z.object({
  id: z.string(),
  purchase_id: z.string(),
  user_id: z.string(),
  amount_usd: z.number(),
  credits: z.number().int(),
  /** Credits refunded or disputed so far (less any a won dispute gave back). */
  refunded_credits: z.number().int(),
  global_position: z.number().int(),
  recorded_at: z.string().nullable(),
});
export type TStaffPurchase = z.infer<typeof ZStaffPurchase>;
