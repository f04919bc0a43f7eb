import { evaluationWorkStreamId } from '@evalmarket/contracts';
import { recordEvents } from '../events/record-events.js';
import { pushLangfuseScore } from './langfuse-client.js';
import type { LangfuseJobContext } from './langfuse-jobs.js';

/** Most scores sent per connection and tick (Langfuse's rate limit usually stops it sooner). */
const MAX_SCORES_PER_TICK = 200;

/**
 * Each vote on a Langfuse item becomes one score with id = vote id, oldest first. Every score is
 * recorded as pushed (LangfuseScoresPushed) as soon as Langfuse accepted it, so an error or a
 * 429 midway keeps what went through and the next tick goes on from the first score not sent. A
 * crash between the push and its record sends that one score again, which only updates it (same
 * id). The first error ends the tick (a 429 pauses the connection for its Retry-After).
 */
export async function pushLangfuseScores(job: LangfuseJobContext): Promise<void> {
  const { context, connection } = job;
  const { rows: votes } = await context.sql.query<{
    vote_id: string;
    value: string;
    comment: string | null;
    external_id: string;
  }>(
    `SELECT v.vote_id, v.value, v.comment, i.external_id FROM evaluation_votes v
     JOIN evaluation_items i ON i.item_id = v.item_id
     WHERE v.evaluation_id = $1 AND i.source = 'langfuse' AND v.langfuse_score_pushed_at IS NULL
     ORDER BY v.recorded_position LIMIT ${MAX_SCORES_PER_TICK}`,
    [connection.evaluation_id],
  );
  for (const vote of votes) {
    await pushLangfuseScore(job.credentials, job.outbound, {
      id: vote.vote_id,
      traceId: vote.external_id,
      name: 'human_evaluation',
      value: vote.value === 'good' ? 1 : 0,
      comment: vote.comment,
    });
    await recordEvents(
      context,
      evaluationWorkStreamId(connection.evaluation_id),
      [
        {
          type: 'LangfuseScoresPushed',
          data: { evaluation_id: connection.evaluation_id, vote_ids: [vote.vote_id] },
        },
      ],
      { metadata: { actor: 'worker:langfuse-scores' } },
    );
  }
}
