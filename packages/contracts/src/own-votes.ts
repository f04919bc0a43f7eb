import { z } from 'zod';

export const OWN_VOTES_PAGE_SIZE = 20;
export const OWN_VOTES_MAX_LIMIT = 100;

/**
 * How a vote was judged (DESIGN section 6): `approved` when it agrees with its item's majority
 * once the item has all its votes, `rejected` when it does not, `awaiting` while the item still
 * waits for votes or its votes are tied (no majority judges nobody).
 */
export const ZVoteOutcome = z.enum(['approved', 'rejected', 'awaiting']);

/** One of the signed-in evaluator's own votes (GET /api/v1/evaluator/votes). */
export const ZOwnVote = z.object({
  vote_id: z.string(),
  evaluation_id: z.string(),
  evaluation_title: z.string(),
  /** The item's id in the requester's system (SDK id or Langfuse trace id). */
  item_external_id: z.string(),
  /** The item's input as the evaluator saw it: text, or JSON shown as text, at most 300 characters. */
  item_input_preview: z.string().nullable(),
  vote: z.enum(['good', 'bad']),
  comment: z.string().nullable(),
  reward_credits: z.number().int(),
  voted_at: z.string(),
  outcome: ZVoteOutcome,
});
export type TOwnVote = z.infer<typeof ZOwnVote>;

export const ZOwnVotesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OWN_VOTES_MAX_LIMIT).default(OWN_VOTES_PAGE_SIZE),
  /** `next_before` of the previous page: votes strictly older than it (keyset paging). */
  before: z.string().max(80).optional(),
});

export const ZOwnVotesReply = z.object({
  votes: z.array(ZOwnVote),
  /** Cursor of the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type TOwnVotesReply = z.infer<typeof ZOwnVotesReply>;
