import { z } from 'zod';
import { ZEntityId, ZUserAccountKind } from '../money.js';

/** POST /admin/adjustments: a signed credit adjustment with a mandatory reason. */
export const ZCreateAdjustment = z.object({
  user_id: ZEntityId,
  context: ZUserAccountKind.default('spending'),
  /** Signed: positive gives credits, negative takes them (never below zero). */
  amount_credits: z
    .number()
    .int()
    .refine((value) => value !== 0, 'must not be zero'),
  reason: z.string().trim().min(1, 'A reason is required for every adjustment').max(500),
});

/** A recorded CreditsAdjusted event (GET /admin/adjustments, reply of POST /admin/adjustments). */
export const ZStaffAdjustment = z.object({
  id: z.string(),
  adjustment_id: z.string(),
  user_id: z.string(),
  context: z.string(),
  amount_credits: z.number().int(),
  reason: z.string(),
  actor_id: z.string(),
  global_position: z.number().int(),
  recorded_at: z.string().nullable(),
});
export type TStaffAdjustment = z.infer<typeof ZStaffAdjustment>;
