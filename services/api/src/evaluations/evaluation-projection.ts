import { ZEvaluationEventData } from '@evalmarket/contracts';
import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { handlerOfRuns, type DomainEventHandlers } from '@evalmarket/projector';
import { z } from 'zod';
import { addEvaluationCredits, statusMoves } from './evaluation-credits.js';

/** The ledger's RewardReleased, as far as an evaluation's assignments read it. */
export const ZRewardReleased = z.object({ transfer_id: z.string(), reason: z.string() });

/**
 * Claims as assignments, in one statement with their reserved credits (evaluation_credits); a
 * claim already projected is left as it is.
 */
async function itemsClaimed(tx: SqlExecutor, events: TStoredEvent[]): Promise<void> {
  const claims = events.map((event) => ({ event, data: ZEvaluationEventData.ItemClaimed.parse(event.data) }));
  await tx.query(
    `WITH claimed AS (INSERT INTO evaluation_assignments (assignment_id, evaluation_id, item_id, evaluator_id, tier, reward_credits,
       transfer_id, status, claimed_at, expires_at, updated_position)
     SELECT c.assignment_id, c.evaluation_id, c.item_id, c.evaluator_id, c.tier, c.reward_credits, c.transfer_id,
       'claimed', c.claimed_at, c.expires_at, c.position
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[],
                 $8::timestamptz[], $9::timestamptz[], $10::bigint[])
       AS c(assignment_id, evaluation_id, item_id, evaluator_id, tier, reward_credits, transfer_id, claimed_at,
            expires_at, position)
     ON CONFLICT (assignment_id) DO NOTHING
     RETURNING evaluation_id, reward_credits, transfer_id, status)
     ${addEvaluationCredits(statusMoves('claimed', 'NULL', 'status'))}`,
    [
      claims.map((c) => c.data.assignment_id),
      claims.map((c) => c.data.evaluation_id),
      claims.map((c) => c.data.item_id),
      claims.map((c) => c.data.evaluator_id),
      claims.map((c) => c.data.tier),
      claims.map((c) => c.data.reward_credits),
      claims.map((c) => c.data.transfer_id),
      claims.map((c) => c.event.recorded_at),
      claims.map((c) => c.data.expires_at),
      claims.map((c) => c.event.global_position),
    ],
  );
}

/**
 * Votes in one statement: each vote once (from its assignment), and only new votes settle their
 * assignment (moving its credits from reserved to spent, evaluation_credits), count on their item
 * and on the evaluation's day of the claim (evaluation_vote_days, what a budget period spent; of
 * those, the paid votes the spending breakdown counts). A vote is counted from the event that
 * inserted it: the first of its id whose assignment exists, as one event at a time would. The items are also named by `ANY($7)`, so the planner
 * looks them up by key instead of hashing the counts and scanning every item.
 */
async function votesCast(tx: SqlExecutor, events: TStoredEvent[]): Promise<void> {
  const votes = events.map((event) => ({ event, data: ZEvaluationEventData.VoteCast.parse(event.data) }));
  await tx.query(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[], $7::text[])
         WITH ORDINALITY AS i(vote_id, assignment_id, value, comment, voted_at, position, item_id, ord)),
     vote AS (
       INSERT INTO evaluation_votes (vote_id, assignment_id, evaluation_id, item_id, evaluator_id, tier, value, comment,
         reward_credits, claimed_at, voted_at, recorded_position)
       SELECT i.vote_id, a.assignment_id, a.evaluation_id, a.item_id, a.evaluator_id, a.tier, i.value, i.comment,
         a.reward_credits, a.claimed_at, i.voted_at, i.position
       FROM input i JOIN evaluation_assignments a ON a.assignment_id = i.assignment_id
       ORDER BY i.ord
       ON CONFLICT DO NOTHING
       RETURNING vote_id, assignment_id, evaluation_id, tier, reward_credits, claimed_at),
     rolled_up AS (
       INSERT INTO evaluation_vote_days AS d (evaluation_id, day, tier, votes, paid_votes, credits)
       SELECT evaluation_id, (claimed_at AT TIME ZONE 'UTC')::date, tier, count(*),
         count(*) FILTER (WHERE reward_credits > 0), sum(reward_credits)
       FROM vote GROUP BY 1, 2, 3
       ON CONFLICT (evaluation_id, day, tier) DO UPDATE SET votes = d.votes + EXCLUDED.votes,
         paid_votes = d.paid_votes + EXCLUDED.paid_votes, credits = d.credits + EXCLUDED.credits),
     counted AS (
       SELECT DISTINCT ON (i.vote_id) i.vote_id, i.assignment_id, i.voted_at, i.position, i.item_id, i.value
       FROM input i JOIN vote v ON v.vote_id = i.vote_id AND v.assignment_id = i.assignment_id
       ORDER BY i.vote_id, i.ord),
     settled AS (
       UPDATE evaluation_assignments a SET status = 'voted', settled_at = c.voted_at, updated_position = c.position
       FROM counted c JOIN evaluation_assignments was ON was.assignment_id = c.assignment_id
       WHERE a.assignment_id = c.assignment_id
       RETURNING a.evaluation_id, a.reward_credits, a.transfer_id, was.status AS was, a.status),
     credited AS (${addEvaluationCredits(statusMoves('settled', 'was', 'status'))})
     UPDATE evaluation_items it SET vote_count = it.vote_count + c.votes, good_count = it.good_count + c.good
     FROM (SELECT item_id, count(*) AS votes, count(*) FILTER (WHERE value = 'good') AS good
           FROM counted GROUP BY item_id) c
     WHERE it.item_id = c.item_id AND it.item_id = ANY($7::text[])`,
    [
      votes.map((v) => v.data.vote_id),
      votes.map((v) => v.data.assignment_id),
      votes.map((v) => v.data.value),
      votes.map((v) => v.data.comment),
      votes.map((v) => v.event.recorded_at),
      votes.map((v) => v.event.global_position),
      votes.map((v) => v.data.item_id),
    ],
  );
}

/**
 * A run of claims and votes (they interleave when a vote and the next claim share a commit): the
 * claims first, then the votes, the same as in log order, because a claim only inserts its own new
 * assignment, which no earlier vote touches. The writer always records a vote after its claim; a
 * log that does not (a vote that names an assignment claimed later in the run) is cut before that
 * claim, so the vote finds no assignment, as it would one event at a time.
 */
const claimsAndVotes = handlerOfRuns(async (tx, events) => {
  for (const segment of segmentsClaimingFirst(events)) {
    const claims = segment.filter((event) => event.type === 'ItemClaimed');
    const votes = segment.filter((event) => event.type === 'VoteCast');
    if (claims.length > 0) await itemsClaimed(tx, claims);
    if (votes.length > 0) await votesCast(tx, votes);
  }
});

/** Cuts a run before each claim of an assignment that an earlier vote of the same segment named. */
function segmentsClaimingFirst(events: TStoredEvent[]): TStoredEvent[][] {
  let segment: TStoredEvent[] = [];
  const segments = [segment];
  let voted = new Set<unknown>();
  for (const event of events) {
    const assignment = (event.data as { assignment_id?: unknown }).assignment_id;
    if (event.type === 'ItemClaimed' && voted.has(assignment)) {
      segment = [];
      segments.push(segment);
      voted = new Set();
    }
    if (event.type === 'VoteCast') voted.add(assignment);
    segment.push(event);
  }
  return segments;
}

const UPDATABLE_COLUMNS = new Set(['title', 'description', 'model_type', 'is_public', 'parameters']);

/**
 * Keeps the evaluation read models from the evaluation-{id} streams, and voids assignments whose
 * reserved reward the ledger released (lease expiry).
 */
export const evaluationProjection: DomainEventHandlers = {
  async EvaluationCreated(tx, event) {
    const data = ZEvaluationEventData.EvaluationCreated.parse(event.data);
    await tx.query(
      `INSERT INTO evaluations (id, creator_id, title, description, status, is_public, model_type, parameters,
         input_data, budget_amount, reward_per_vote, version, created_at, updated_at, updated_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)
       ON CONFLICT (id) DO NOTHING`,
      [
        data.evaluation_id,
        data.creator_id,
        data.title,
        data.description,
        data.status,
        data.is_public,
        data.model_type,
        JSON.stringify(data.parameters),
        data.input_data === null || data.input_data === undefined ? null : JSON.stringify(data.input_data),
        data.budget_amount,
        data.reward_per_vote,
        event.stream_version,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async EvaluationUpdated(tx, event) {
    const data = ZEvaluationEventData.EvaluationUpdated.parse(event.data);
    const sets: string[] = [];
    const params: unknown[] = [
      data.evaluation_id,
      event.recorded_at,
      event.global_position,
      event.stream_version,
    ];
    for (const [column, value] of Object.entries(data.changes)) {
      if (!UPDATABLE_COLUMNS.has(column)) continue;
      params.push(column === 'parameters' ? JSON.stringify(value) : value);
      sets.push(`${column} = $${params.length}`);
    }
    await tx.query(
      `UPDATE evaluations SET ${[...sets, 'updated_at = $2', 'updated_position = $3', 'version = $4'].join(', ')}
       WHERE id = $1`,
      params,
    );
  },
  async EvaluationStatusChanged(tx, event) {
    const data = ZEvaluationEventData.EvaluationStatusChanged.parse(event.data);
    await tx.query(
      `UPDATE evaluations SET status = $2, updated_at = $3, updated_position = $4, version = $5 WHERE id = $1`,
      [data.evaluation_id, data.to, event.recorded_at, event.global_position, event.stream_version],
    );
  },
  async EvaluationConfigured(tx, event) {
    const data = ZEvaluationEventData.EvaluationConfigured.parse(event.data);
    await tx.query(
      `INSERT INTO evaluation_configs (evaluation_id, config, created_at, updated_at, updated_position)
       VALUES ($1, $2, $3, $3, $4)
       ON CONFLICT (evaluation_id) DO UPDATE SET config = EXCLUDED.config, updated_at = EXCLUDED.updated_at,
         updated_position = EXCLUDED.updated_position`,
      [data.evaluation_id, JSON.stringify(data.config), event.recorded_at, event.global_position],
    );
    await touch(tx, data.evaluation_id, event);
  },
  async LangfuseConnected(tx, event) {
    const data = ZEvaluationEventData.LangfuseConnected.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      `INSERT INTO langfuse_connections (evaluation_id, public_key, secret_key_sealed, host, project_id, project_name,
         connection_status, created_at, updated_at, updated_position)
       VALUES ($1, $2, $3, $4, $5, $6, 'connected', $7, $7, $8)
       ON CONFLICT (evaluation_id) DO UPDATE SET public_key = EXCLUDED.public_key,
         secret_key_sealed = EXCLUDED.secret_key_sealed, host = EXCLUDED.host, project_id = EXCLUDED.project_id,
         project_name = EXCLUDED.project_name, connection_status = 'connected', created_at = EXCLUDED.created_at,
         updated_at = EXCLUDED.updated_at, updated_position = EXCLUDED.updated_position, synced_until = NULL,
         sync_window_from = NULL, sync_window_to = NULL, sync_cursor = NULL, sync_status = 'connected',
         sync_error = NULL, score_status = 'connected', score_error = NULL`,
      [
        data.evaluation_id,
        data.public_key,
        data.secret_key_sealed,
        data.host,
        data.project_id,
        data.project_name,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async LangfuseUpdated(tx, event) {
    const data = ZEvaluationEventData.LangfuseUpdated.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      // New keys are tried afresh (statuses cleared); another host or project starts the sync over.
      `UPDATE langfuse_connections SET public_key = $2, secret_key_sealed = $3, host = $4, project_id = $5,
         project_name = $6, updated_at = $7, updated_position = $8, connection_status = 'connected',
         sync_status = 'connected', sync_error = NULL, score_status = 'connected', score_error = NULL,
         synced_until = CASE WHEN host = $4 AND project_id = $5 THEN synced_until END,
         sync_window_from = CASE WHEN host = $4 AND project_id = $5 THEN sync_window_from END,
         sync_window_to = CASE WHEN host = $4 AND project_id = $5 THEN sync_window_to END,
         sync_cursor = CASE WHEN host = $4 AND project_id = $5 THEN sync_cursor END
       WHERE evaluation_id = $1`,
      [
        data.evaluation_id,
        data.public_key,
        data.secret_key_sealed,
        data.host,
        data.project_id,
        data.project_name,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async LangfuseDisconnected(tx, event) {
    const data = ZEvaluationEventData.LangfuseDisconnected.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(`DELETE FROM langfuse_connections WHERE evaluation_id = $1`, [data.evaluation_id]);
  },
  async ProjectApiKeyCreated(tx, event) {
    const data = ZEvaluationEventData.ProjectApiKeyCreated.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      `INSERT INTO project_api_keys (key_id, evaluation_id, key_hash, key_prefix, name, created_by, created_at,
         last_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (key_id) DO NOTHING`,
      [
        data.key_id,
        data.evaluation_id,
        data.key_hash,
        data.key_prefix,
        data.name,
        data.created_by,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async ProjectApiKeyRevoked(tx, event) {
    const data = ZEvaluationEventData.ProjectApiKeyRevoked.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      `UPDATE project_api_keys SET revoked_at = $2, last_position = $3 WHERE key_id = $1 AND revoked_at IS NULL`,
      [data.key_id, event.recorded_at, event.global_position],
    );
  },
  async ItemsIngested(tx, event) {
    const data = ZEvaluationEventData.ItemsIngested.parse(event.data);
    if (data.items.length === 0) return;
    // One statement for the batch, in its order: of two items that collide (an id, or an external
    // id in the evaluation), the first stays, as one insert after another.
    await tx.query(
      `INSERT INTO evaluation_items (item_id, evaluation_id, external_id, source, input, output, metadata,
         ingested_at, ingested_position, batch_index)
       SELECT i.item_id, $2, i.external_id, $3, i.input::jsonb, i.output::jsonb, i.metadata::jsonb, $4, $5, i.n - 1
         FROM unnest($1::text[], $6::text[], $7::text[], $8::text[], $9::text[])
              WITH ORDINALITY AS i(item_id, external_id, input, output, metadata, n)
        ORDER BY i.n
       ON CONFLICT DO NOTHING`,
      [
        data.items.map((item) => item.item_id),
        data.evaluation_id,
        data.source,
        event.recorded_at,
        event.global_position,
        data.items.map((item) => item.external_id),
        data.items.map((item) => jsonOrNull(item.input)),
        data.items.map((item) => jsonOrNull(item.output)),
        data.items.map((item) => jsonOrNull(item.metadata)),
      ],
    );
  },
  ItemClaimed: claimsAndVotes,
  VoteCast: claimsAndVotes,
  async ItemReleased(tx, event) {
    const data = ZEvaluationEventData.ItemReleased.parse(event.data);
    await releaseClaim(tx, 'assignment_id', data.assignment_id, data.reason, event);
  },
  async BudgetAlertsConfigured(tx, event) {
    const data = ZEvaluationEventData.BudgetAlertsConfigured.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      `INSERT INTO evaluation_alert_settings (evaluation_id, thresholds, enabled, updated_at, updated_position)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (evaluation_id) DO UPDATE SET thresholds = EXCLUDED.thresholds, enabled = EXCLUDED.enabled,
         updated_at = EXCLUDED.updated_at, updated_position = EXCLUDED.updated_position`,
      [
        data.evaluation_id,
        JSON.stringify(data.thresholds),
        data.enabled,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async BudgetAlertRaised(tx, event) {
    const data = ZEvaluationEventData.BudgetAlertRaised.parse(event.data);
    await bumpVersion(tx, data.evaluation_id, event);
    await tx.query(
      `INSERT INTO evaluation_alerts_raised (evaluation_id, threshold, period_start, utilization_rate, raised_at,
         raised_position)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        data.evaluation_id,
        data.threshold,
        data.period_start,
        data.utilization_rate,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async LangfuseSyncProgressed(tx, event) {
    const data = ZEvaluationEventData.LangfuseSyncProgressed.parse(event.data);
    // Only for the connection it was read from (a record landing after a change of project moves
    // nothing); a finished sweep (no cursor) clears the window.
    await tx.query(
      `UPDATE langfuse_connections SET synced_until = $4,
         sync_window_from = CASE WHEN $7::text IS NULL THEN NULL ELSE $5::timestamptz END,
         sync_window_to = CASE WHEN $7::text IS NULL THEN NULL ELSE $6::timestamptz END,
         sync_cursor = $7
       WHERE evaluation_id = $1 AND host = $2 AND project_id = $3`,
      [
        data.evaluation_id,
        data.host,
        data.project_id,
        data.synced_until,
        data.window_from,
        data.window_to,
        data.cursor,
      ],
    );
  },
  async LangfuseStatusChanged(tx, event) {
    const data = ZEvaluationEventData.LangfuseStatusChanged.parse(event.data);
    const [status, error] =
      data.part === 'sync' ? ['sync_status', 'sync_error'] : ['score_status', 'score_error'];
    await tx.query(`UPDATE langfuse_connections SET ${status} = $2, ${error} = $3 WHERE evaluation_id = $1`, [
      data.evaluation_id,
      data.status,
      data.error,
    ]);
    await tx.query(
      `UPDATE langfuse_connections SET connection_status =
         CASE WHEN sync_status <> 'connected' THEN sync_status ELSE score_status END
       WHERE evaluation_id = $1`,
      [data.evaluation_id],
    );
  },
  async ItemsUpdated(tx, event) {
    const data = ZEvaluationEventData.ItemsUpdated.parse(event.data);
    for (const item of data.items) {
      await tx.query(
        `UPDATE evaluation_items SET input = $3, output = $4, metadata = $5
         WHERE item_id = $1 AND evaluation_id = $2`,
        [
          item.item_id,
          data.evaluation_id,
          jsonOrNull(item.input),
          jsonOrNull(item.output),
          jsonOrNull(item.metadata),
        ],
      );
    }
  },
  async LangfuseScoresPushed(tx, event) {
    const data = ZEvaluationEventData.LangfuseScoresPushed.parse(event.data);
    await tx.query(
      `UPDATE evaluation_votes SET langfuse_score_pushed_at = $2 WHERE vote_id = ANY($1::text[])`,
      [data.vote_ids, event.recorded_at],
    );
  },
  // The ledger voided a reserved reward (lease expiry): the claim is over.
  async RewardReleased(tx, event) {
    const data = ZRewardReleased.parse(event.data);
    await releaseClaim(tx, 'transfer_id', data.transfer_id, data.reason, event);
  },
};

/**
 * Ends a claim still open (by its assignment or its reward transfer): expired or released, and
 * its credits no longer reserved (evaluation_credits).
 */
async function releaseClaim(
  tx: SqlExecutor,
  key: 'assignment_id' | 'transfer_id',
  value: string,
  reason: string,
  event: { recorded_at: string; global_position: number },
): Promise<void> {
  await tx.query(
    `WITH released AS (
       UPDATE evaluation_assignments SET status = $2, settled_at = $3, updated_position = $4
       WHERE ${key} = $1 AND status = 'claimed'
       RETURNING evaluation_id, reward_credits, transfer_id, status)
     ${addEvaluationCredits(statusMoves('released', "'claimed'", 'status'))}`,
    [value, reason === 'expired' ? 'expired' : 'released', event.recorded_at, event.global_position],
  );
}

/** A payload as the jsonb columns take it: JSON text, or NULL for none. */
export function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

async function touch(
  tx: Parameters<DomainEventHandlers[string]>[0],
  evaluationId: string,
  event: { recorded_at: string; global_position: number; stream_version: number },
): Promise<void> {
  await tx.query(
    `UPDATE evaluations SET updated_at = $2, updated_position = $3, version = $4 WHERE id = $1`,
    [evaluationId, event.recorded_at, event.global_position, event.stream_version],
  );
}

/** Every event of evaluation-{id} moves the version used for optimistic concurrency. */
async function bumpVersion(
  tx: Parameters<DomainEventHandlers[string]>[0],
  evaluationId: string,
  event: { stream_version: number },
): Promise<void> {
  await tx.query(`UPDATE evaluations SET version = GREATEST(version, $2) WHERE id = $1`, [
    evaluationId,
    event.stream_version,
  ]);
}
