import { ZEvaluatorEventData, type TStoredEvent } from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';
import { openPersonalData } from '../identity/personal-data.js';

/** Keeps evaluator_applications (and the expert role on users) from the evaluator streams. */
export const evaluatorProjection: DomainEventHandlers = {
  async EvaluatorApplied(tx, event) {
    const data = ZEvaluatorEventData.EvaluatorApplied.parse(event.data);
    const opened = await openPersonalData<Record<string, unknown>>(tx, data.user_id, data.application_data);
    // A rejected applicant registers a new account to apply again, so a row here is only ever
    // replaced by a retry of the same application.
    await tx.query(
      `INSERT INTO evaluator_applications (user_id, evaluator_status, application_method, application_data,
         applied_at, updated_position)
       VALUES ($1, 'pending', $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET evaluator_status = 'pending', application_method = EXCLUDED.application_method,
         application_data = EXCLUDED.application_data, applied_at = EXCLUDED.applied_at,
         qualification_tier = NULL, reviewed_at = NULL, reviewed_by = NULL, rejection_reason = NULL,
         updated_position = EXCLUDED.updated_position`,
      [data.user_id, data.application_method, opened ?? null, event.recorded_at, event.global_position],
    );
    await tx.query(
      `UPDATE users SET roles = array_append(roles, 'expert'), updated_at = $2, updated_position = $3
       WHERE id = $1 AND NOT ('expert' = ANY(roles))`,
      [data.user_id, event.recorded_at, event.global_position],
    );
  },
  async EvaluatorVerified(tx, event) {
    const data = ZEvaluatorEventData.EvaluatorVerified.parse(event.data);
    await review(tx, event, data.user_id, 'verified', {
      tier: data.qualification_tier,
      by: data.reviewed_by,
    });
  },
  async EvaluatorRejected(tx, event) {
    const data = ZEvaluatorEventData.EvaluatorRejected.parse(event.data);
    await review(tx, event, data.user_id, 'rejected', {
      reason: data.rejection_reason,
      by: data.reviewed_by,
    });
  },
  async ExpertInterestExpressed(tx, event) {
    const data = ZEvaluatorEventData.ExpertInterestExpressed.parse(event.data);
    await tx.query(
      `UPDATE evaluator_applications SET expert_tier_interest_expressed = true,
         expert_interest_expressed_at = $2, updated_position = $3
       WHERE user_id = $1 AND NOT expert_tier_interest_expressed`,
      [data.user_id, event.recorded_at, event.global_position],
    );
  },
};

async function review(
  tx: Parameters<DomainEventHandlers[string]>[0],
  event: TStoredEvent,
  userId: string,
  status: 'verified' | 'rejected',
  outcome: { tier?: string; reason?: string; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE evaluator_applications SET evaluator_status = $2, qualification_tier = $3, rejection_reason = $4,
       reviewed_by = $5, reviewed_at = $6, updated_position = $7
     WHERE user_id = $1`,
    [
      userId,
      status,
      outcome.tier ?? null,
      outcome.reason ?? null,
      outcome.by,
      event.recorded_at,
      event.global_position,
    ],
  );
}
