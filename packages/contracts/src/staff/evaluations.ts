import { z } from 'zod';

/** An evaluation with its owner and figures (GET /admin/evaluations). */
export const ZStaffEvaluation = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  creator_id: z.string(),
  owner_email: z.string().nullable(),
  model_type: z.string(),
  is_public: z.boolean(),
  /** USD, as the owner entered them. */
  budget_amount: z.number(),
  reward_per_vote: z.number(),
  /** Items ingested. */
  items: z.number().int(),
  /** Votes recorded. */
  votes: z.number().int(),
  /** Rewards paid from the owner's spending account for this evaluation's votes. */
  credits_spent: z.number().int(),
  /** Rewards reserved for items claimed and not yet voted on. */
  credits_reserved: z.number().int(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TStaffEvaluation = z.infer<typeof ZStaffEvaluation>;
