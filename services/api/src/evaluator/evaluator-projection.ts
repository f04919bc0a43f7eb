import { ZEvaluatorEventData, type TEvaluatorEventData, type TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { handlerOfRuns, segmentsInTypeOrder, type DomainEventHandlers } from '@evalmarket/projector';
import { openPersonalDataOfMany } from '../identity/personal-data.js';

/**
 * A person's evaluator events in the order one person's come in: they apply, are reviewed, may
 * then express interest in the expert tier. A run is written in segments where each person's
 * events keep this order (segmentsInTypeOrder), each type of a segment in one statement.
 */
const RUN_ORDER = [
  'EvaluatorApplied',
  'EvaluatorVerified',
  'EvaluatorRejected',
  'ExpertInterestExpressed',
] as const;
type EvaluatorEventType = (typeof RUN_ORDER)[number];

interface Parsed<T extends EvaluatorEventType> {
  event: TStoredEvent;
  data: TEvaluatorEventData<T>;
}

/**
 * Keeps evaluator_applications (and the expert role on users) from the evaluator streams. A
 * rebuild replays the applications and their reviews thousands in a row, each person's review
 * right after their application, so one handler takes the four types as one run.
 */
const evaluatorEvents = handlerOfRuns(async (tx, events) => {
  const parsed = events.map((event) => ({
    event,
    type: event.type,
    data: ZEvaluatorEventData[event.type as EvaluatorEventType].parse(event.data),
  }));
  for (const segment of segmentsInTypeOrder(parsed, (each) => each.data.user_id, RUN_ORDER)) {
    const ofType = <T extends EvaluatorEventType>(type: T) =>
      segment.filter((each) => each.type === type) as unknown as Parsed<T>[];
    await applied(tx, ofType('EvaluatorApplied'));
    await reviewed(tx, 'verified', ofType('EvaluatorVerified'), (data) => ({
      tier: data.qualification_tier,
    }));
    await reviewed(tx, 'rejected', ofType('EvaluatorRejected'), (data) => ({
      reason: data.rejection_reason,
    }));
    await interestExpressed(tx, ofType('ExpertInterestExpressed'));
  }
});

export const evaluatorProjection: DomainEventHandlers = Object.fromEntries(
  RUN_ORDER.map((type) => [type, evaluatorEvents]),
);

/** Applications (each person once), with the expert role on their user. */
async function applied(tx: SqlExecutor, applications: Parsed<'EvaluatorApplied'>[]): Promise<void> {
  if (applications.length === 0) return;
  const opened = await openPersonalDataOfMany<Record<string, unknown>>(
    tx,
    applications.map(({ data }) => ({ userId: data.user_id, data: data.application_data })),
  );
  // A rejected applicant registers a new account to apply again, so a row here is only ever
  // replaced by a retry of the same application.
  await tx.query(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::bigint[])
         AS i(user_id, method, data, applied_at, position)),
     application AS (
       INSERT INTO evaluator_applications AS a (user_id, evaluator_status, application_method, application_data,
         applied_at, updated_position)
       SELECT user_id, 'pending', method, data::jsonb, applied_at, position FROM input
       ON CONFLICT (user_id) DO UPDATE SET evaluator_status = 'pending', application_method = EXCLUDED.application_method,
         application_data = EXCLUDED.application_data, applied_at = EXCLUDED.applied_at,
         qualification_tier = NULL, reviewed_at = NULL, reviewed_by = NULL, rejection_reason = NULL,
         updated_position = EXCLUDED.updated_position)
     UPDATE users u SET roles = array_append(u.roles, 'expert'), updated_at = i.applied_at, updated_position = i.position
     FROM input i WHERE u.id = i.user_id AND NOT ('expert' = ANY(u.roles))`,
    [
      applications.map(({ data }) => data.user_id),
      applications.map(({ data }) => data.application_method),
      opened.map((data) => (data === undefined ? null : JSON.stringify(data))),
      applications.map(({ event }) => event.recorded_at),
      applications.map(({ event }) => event.global_position),
    ],
  );
}

/** Verdicts on applications (each person once). */
async function reviewed<T extends 'EvaluatorVerified' | 'EvaluatorRejected'>(
  tx: SqlExecutor,
  status: 'verified' | 'rejected',
  reviews: Parsed<T>[],
  outcome: (data: TEvaluatorEventData<T>) => { tier?: string; reason?: string },
): Promise<void> {
  if (reviews.length === 0) return;
  const outcomes = reviews.map(({ data }) => outcome(data));
  await tx.query(
    `UPDATE evaluator_applications a SET evaluator_status = $1, qualification_tier = r.tier,
       rejection_reason = r.reason, reviewed_by = r.reviewed_by, reviewed_at = r.reviewed_at,
       updated_position = r.position
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::bigint[])
       AS r(user_id, tier, reason, reviewed_by, reviewed_at, position)
     WHERE a.user_id = r.user_id`,
    [
      status,
      reviews.map(({ data }) => data.user_id),
      outcomes.map((each) => each.tier ?? null),
      outcomes.map((each) => each.reason ?? null),
      reviews.map(({ data }) => data.reviewed_by),
      reviews.map(({ event }) => event.recorded_at),
      reviews.map(({ event }) => event.global_position),
    ],
  );
}

/** The first interest in the expert tier of each person. */
async function interestExpressed(
  tx: SqlExecutor,
  interests: Parsed<'ExpertInterestExpressed'>[],
): Promise<void> {
  if (interests.length === 0) return;
  await tx.query(
    `UPDATE evaluator_applications a SET expert_tier_interest_expressed = true,
       expert_interest_expressed_at = r.expressed_at, updated_position = r.position
     FROM unnest($1::text[], $2::timestamptz[], $3::bigint[]) AS r(user_id, expressed_at, position)
     WHERE a.user_id = r.user_id AND NOT a.expert_tier_interest_expressed`,
    [
      interests.map(({ data }) => data.user_id),
      interests.map(({ event }) => event.recorded_at),
      interests.map(({ event }) => event.global_position),
    ],
  );
}
