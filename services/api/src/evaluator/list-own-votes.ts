import {
  DEFAULT_VOTES_PER_ITEM,
  OWN_VOTES_PAGE_SIZE,
  type TOwnVote,
  type TOwnVotesReply,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { itemMajority } from '../evaluations/quality-metrics.js';

/** Longest item input the history shows; the rest is cut (the item is the requester's data). */
export const INPUT_PREVIEW_CHARS = 300;

/** A cursor this module did not hand out (the route answers 422). */
export class InvalidVotesCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`Malformed votes cursor: ${JSON.stringify(cursor)}`);
    this.name = 'InvalidVotesCursorError';
  }
}

// A vote's place never changes: the log position that recorded it, then its id (one event may
// record several votes). The cursor is that pair.
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

function decodeCursor(text: string): { position: number; voteId: string } {
  const match = CURSOR.exec(text);
  if (!match) throw new InvalidVotesCursorError(text);
  return { position: Number(match[1]), voteId: match[2]! };
}

interface VoteRow extends Record<string, unknown> {
  vote_id: string;
  evaluation_id: string;
  evaluation_title: string;
  external_id: string;
  input: unknown;
  value: 'good' | 'bad';
  comment: string | null;
  reward_credits: number | string;
  voted_at: Date | string;
  recorded_position: number | string;
  vote_count: number | string;
  good_count: number | string;
  votes_per_item: number | string | null;
}

/** The outcome rule of DESIGN section 6, on one item's tally. */
export function voteOutcome(
  vote: 'good' | 'bad',
  tally: { votes: number; good: number; votesPerItem: number },
): TOwnVote['outcome'] {
  if (tally.votes < tally.votesPerItem) return 'awaiting';
  const majority = itemMajority({ good: tally.good, bad: tally.votes - tally.good });
  if (majority === null) return 'awaiting';
  return majority === vote ? 'approved' : 'rejected';
}

export function inputPreview(input: unknown): string | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  return text.length > INPUT_PREVIEW_CHARS ? `${text.slice(0, INPUT_PREVIEW_CHARS - 1)}…` : text;
}

/**
 * One page of the evaluator's own votes, newest first, by keyset: stable while new votes arrive.
 * Only `userId`'s votes are read: the history is owner-only by construction.
 */
export async function listOwnVotes(
  sql: SqlExecutor,
  options: { userId: string; limit?: number; before?: string },
): Promise<TOwnVotesReply> {
  const limit = options.limit ?? OWN_VOTES_PAGE_SIZE;
  const cursor = options.before === undefined ? undefined : decodeCursor(options.before);
  const { rows } = await sql.query<VoteRow>(
    `SELECT v.vote_id, v.evaluation_id, e.title AS evaluation_title, i.external_id, i.input, v.value,
            v.comment, v.reward_credits, v.voted_at, v.recorded_position, i.vote_count, i.good_count,
            (c.config->>'votes_per_item')::int AS votes_per_item
     FROM evaluation_votes v
     JOIN evaluations e ON e.id = v.evaluation_id
     JOIN evaluation_items i ON i.item_id = v.item_id
     LEFT JOIN evaluation_configs c ON c.evaluation_id = v.evaluation_id
     WHERE v.evaluator_id = $1 AND (v.recorded_position, v.vote_id) < ($2, $3)
     ORDER BY v.recorded_position DESC, v.vote_id DESC
     LIMIT $4`,
    [options.userId, cursor?.position ?? Number.MAX_SAFE_INTEGER, cursor?.voteId ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    votes: page.map(toOwnVote),
    next_before: rows.length > limit && last ? `${Number(last.recorded_position)}.${last.vote_id}` : null,
  };
}

function toOwnVote(row: VoteRow): TOwnVote {
  return {
    vote_id: row.vote_id,
    evaluation_id: row.evaluation_id,
    evaluation_title: row.evaluation_title,
    item_external_id: row.external_id,
    item_input_preview: inputPreview(row.input),
    vote: row.value,
    comment: row.comment,
    reward_credits: Number(row.reward_credits),
    voted_at: new Date(row.voted_at).toISOString(),
    outcome: voteOutcome(row.value, {
      votes: Number(row.vote_count),
      good: Number(row.good_count),
      votesPerItem: Number(row.votes_per_item ?? DEFAULT_VOTES_PER_ITEM),
    }),
  };
}
