import { z } from 'zod';

/** A cash-out folded from its events (GET /admin/cashouts). */
export const ZStaffCashout = z.object({
  id: z.string(),
  cashout_id: z.string(),
  user_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'reversed']),
  gross_credits: z.number().int(),
  fee_credits: z.number().int(),
  net_credits: z.number().int(),
  stripe_transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  requested_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  global_position: z.number().int(),
  /** The failed cash-out this one retries, and the one that retried this one (staff retry). */
  retry_of: z.string().nullable(),
  retried_as: z.string().nullable(),
});
export type TStaffCashout = z.infer<typeof ZStaffCashout>;
