import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@evalmarket/db';
import { keysetPages } from '../http/streamed-export.js';
import { iso } from './evaluation-access.js';

export const VOTE_EXPORT_COLUMNS = [
  'vote_id',
  'item_id',
  'evaluator',
  'tier',
  'vote',
  'comment',
  'reward_credits',
  'claimed_at',
  'voted_at',
] as const;

/** A stable pseudonym of an evaluator within one evaluation (no identity leaks to the requester). */
export const evaluatorPseudonym = (evaluationId: string, evaluatorId: string) =>
  `evaluator-${createHash('sha256').update(`${evaluationId}\n${evaluatorId}`).digest('hex').slice(0, 12)}`;

/** A vote as the owner's analytics read it. */
export interface VoteRow {
  vote_id: string;
  item_id: string;
  evaluator_id: string;
  tier: string;
  value: 'good' | 'bad';
  comment: string | null;
  reward_credits: number | string;
  claimed_at: Date | string;
  voted_at: Date | string;
}

interface ExportVoteRow extends VoteRow, Record<string, unknown> {
  /** voted_at as PostgreSQL prints it: the keyset cursor, exact to the microsecond. */
  voted_key: string;
  external_id: string | null;
}

/**
 * The evaluation's votes as export records, page by page in vote order (keyset on the vote time,
 * kept as PostgreSQL's own text so no precision is lost between pages, then the vote id): the
 * item's external id, a stable evaluator pseudonym, tier, reward and times.
 */
export async function* voteExportPages(sql: SqlExecutor, evaluationId: string, pageRows?: number) {
  const pages = keysetPages(
    async (after: ExportVoteRow | undefined, limit) =>
      (
        await sql.query<ExportVoteRow>(
          `SELECT v.vote_id, v.item_id, v.evaluator_id, v.tier, v.value, v.comment, v.reward_credits,
             v.claimed_at, v.voted_at, v.voted_at::text AS voted_key, i.external_id
           FROM evaluation_votes v
           LEFT JOIN evaluation_items i ON i.evaluation_id = v.evaluation_id AND i.item_id = v.item_id
           WHERE v.evaluation_id = $1 AND ($2::timestamptz IS NULL OR (v.voted_at, v.vote_id) > ($2::timestamptz, $3))
           ORDER BY v.voted_at, v.vote_id LIMIT $4`,
          [evaluationId, after?.voted_key ?? null, after?.vote_id ?? '', limit],
        )
      ).rows,
    (vote) => vote,
    pageRows,
  );
  for await (const votes of pages) {
    yield votes.map((vote) => ({
      vote_id: vote.vote_id,
      item_id: vote.external_id ?? vote.item_id,
      evaluator: evaluatorPseudonym(evaluationId, vote.evaluator_id),
      tier: vote.tier,
      vote: vote.value,
      comment: vote.comment,
      reward_credits: Number(vote.reward_credits),
      claimed_at: iso(vote.claimed_at),
      voted_at: iso(vote.voted_at),
    }));
  }
}
