import { ZEvaluationEventData } from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';
import { z } from 'zod';

const ZRewardReleased = z.object({ transfer_id: z.string(), reason: z.string() });

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
         updated_at = EXCLUDED.updated_at, updated_position = EXCLUDED.updated_position`,
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
      `UPDATE langfuse_connections SET public_key = $2, secret_key_sealed = $3, host = $4, project_id = $5,
         project_name = $6, updated_at = $7, updated_position = $8
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
    for (const [index, item] of data.items.entries()) {
      await tx.query(
        `INSERT INTO evaluation_items (item_id, evaluation_id, external_id, source, input, output, metadata,
           ingested_at, ingested_position, batch_index)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT DO NOTHING`,
        [
          item.item_id,
          data.evaluation_id,
          item.external_id,
          data.source,
          jsonOrNull(item.input),
          jsonOrNull(item.output),
          jsonOrNull(item.metadata),
          event.recorded_at,
          event.global_position,
          index,
        ],
      );
    }
  },
  async ItemClaimed(tx, event) {
    const data = ZEvaluationEventData.ItemClaimed.parse(event.data);
    await tx.query(
      `INSERT INTO evaluation_assignments (assignment_id, evaluation_id, item_id, evaluator_id, tier, reward_credits,
         transfer_id, status, claimed_at, expires_at, updated_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'claimed', $8, $9, $10)
       ON CONFLICT (assignment_id) DO NOTHING`,
      [
        data.assignment_id,
        data.evaluation_id,
        data.item_id,
        data.evaluator_id,
        data.tier,
        data.reward_credits,
        data.transfer_id,
        event.recorded_at,
        data.expires_at,
        event.global_position,
      ],
    );
  },
  async VoteCast(tx, event) {
    const data = ZEvaluationEventData.VoteCast.parse(event.data);
    // One statement (one round trip on the hot path): the vote once, and only a new vote settles
    // its assignment and counts on its item.
    await tx.query(
      `WITH vote AS (
         INSERT INTO evaluation_votes (vote_id, assignment_id, evaluation_id, item_id, evaluator_id, tier, value, comment,
           reward_credits, claimed_at, voted_at, recorded_position)
         SELECT $1, a.assignment_id, a.evaluation_id, a.item_id, a.evaluator_id, a.tier, $3, $4, a.reward_credits,
           a.claimed_at, $5, $6
         FROM evaluation_assignments a WHERE a.assignment_id = $2
         ON CONFLICT DO NOTHING
         RETURNING vote_id),
       settled AS (
         UPDATE evaluation_assignments SET status = 'voted', settled_at = $5, updated_position = $6
         WHERE assignment_id = $2 AND EXISTS (SELECT 1 FROM vote))
       UPDATE evaluation_items SET vote_count = vote_count + 1, good_count = good_count + $8
       WHERE item_id = $7 AND EXISTS (SELECT 1 FROM vote)`,
      [
        data.vote_id,
        data.assignment_id,
        data.value,
        data.comment,
        event.recorded_at,
        event.global_position,
        data.item_id,
        data.value === 'good' ? 1 : 0,
      ],
    );
  },
  async ItemReleased(tx, event) {
    const data = ZEvaluationEventData.ItemReleased.parse(event.data);
    await tx.query(
      `UPDATE evaluation_assignments SET status = $2, settled_at = $3, updated_position = $4
       WHERE assignment_id = $1 AND status = 'claimed'`,
      [
        data.assignment_id,
        data.reason === 'expired' ? 'expired' : 'released',
        event.recorded_at,
        event.global_position,
      ],
    );
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
    await tx.query(
      `UPDATE evaluation_assignments SET status = $2, settled_at = $3, updated_position = $4
       WHERE transfer_id = $1 AND status = 'claimed'`,
      [
        data.transfer_id,
        data.reason === 'expired' ? 'expired' : 'released',
        event.recorded_at,
        event.global_position,
      ],
    );
  },
};

function jsonOrNull(value: unknown): string | null {
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
