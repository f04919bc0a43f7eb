import { z } from 'zod';
import { ZEvaluationStatus, ZItemSource, ZLangfuseJobStatus } from './evaluations.js';

/*
 * The events of an evaluation (its evaluation-{id} stream, its work stream and its paid
 * assignments' streams) and the ids of those streams; the request and reply shapes are in
 * evaluations.ts.
 */

/** Items of one evaluation from one source, with their payloads (ingested or updated). */
const ZItemsOfSource = z.object({
  evaluation_id: z.string(),
  source: ZItemSource,
  items: z.array(
    z.object({
      item_id: z.string(),
      external_id: z.string(),
      input: z.unknown().optional(),
      output: z.unknown().optional(),
      metadata: z.unknown().optional(),
    }),
  ),
});

/** A Langfuse connection as its events record it (the secret key sealed). */
const ZLangfuseKeys = z.object({
  evaluation_id: z.string(),
  public_key: z.string(),
  secret_key_sealed: z.string(),
  host: z.string(),
  project_id: z.string(),
  project_name: z.string(),
});

export const ZEvaluationEventData = {
  EvaluationCreated: z.object({
    evaluation_id: z.string(),
    creator_id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: ZEvaluationStatus,
    is_public: z.boolean(),
    model_type: z.string(),
    parameters: z.record(z.string(), z.unknown()),
    input_data: z.unknown().nullable(),
    budget_amount: z.number(),
    reward_per_vote: z.number(),
  }),
  EvaluationUpdated: z.object({
    evaluation_id: z.string(),
    changes: z.record(z.string(), z.unknown()),
  }),
  EvaluationStatusChanged: z.object({
    evaluation_id: z.string(),
    from: ZEvaluationStatus,
    to: ZEvaluationStatus,
  }),
  EvaluationConfigured: z.object({ evaluation_id: z.string(), config: z.record(z.string(), z.unknown()) }),
  LangfuseConnected: ZLangfuseKeys,
  LangfuseUpdated: ZLangfuseKeys,
  LangfuseDisconnected: z.object({ evaluation_id: z.string() }),
  ProjectApiKeyCreated: z.object({
    evaluation_id: z.string(),
    key_id: z.string(),
    key_hash: z.string(),
    key_prefix: z.string(),
    name: z.string(),
    created_by: z.string(),
  }),
  ProjectApiKeyRevoked: z.object({ evaluation_id: z.string(), key_id: z.string() }),
  ItemsIngested: ZItemsOfSource,
  ItemClaimed: z.object({
    evaluation_id: z.string(),
    assignment_id: z.string(),
    item_id: z.string(),
    evaluator_id: z.string(),
    tier: z.string(),
    reward_credits: z.number(),
    transfer_id: z.string().nullable(),
    expires_at: z.string(),
  }),
  VoteCast: z.object({
    evaluation_id: z.string(),
    vote_id: z.string(),
    assignment_id: z.string(),
    item_id: z.string(),
    evaluator_id: z.string(),
    value: z.enum(['good', 'bad']),
    comment: z.string().nullable(),
  }),
  ItemReleased: z.object({
    evaluation_id: z.string(),
    assignment_id: z.string(),
    reason: z.enum(['skipped', 'expired']),
  }),
  BudgetAlertsConfigured: z.object({
    evaluation_id: z.string(),
    thresholds: z.array(z.number()),
    enabled: z.boolean(),
  }),
  /** The spend of the budget period reached a threshold (once per threshold and period). */
  BudgetAlertRaised: z.object({
    evaluation_id: z.string(),
    threshold: z.number(),
    period_start: z.string(),
    utilization_rate: z.number(),
  }),
  /** The worker pushed these votes to Langfuse as scores (score id = vote id). */
  LangfuseScoresPushed: z.object({ evaluation_id: z.string(), vote_ids: z.array(z.string()) }),
  /**
   * Items whose source changed after they were read (a Langfuse trace whose output arrived later):
   * their payload is replaced; votes already cast stay.
   */
  ItemsUpdated: ZItemsOfSource,
  /**
   * The Langfuse sync read a page: `cursor` is where the sweep of [window_from, window_to) goes on
   * (null: the sweep is done and everything before `synced_until` has been read). Host and project
   * name the connection it belongs to, so a late record never moves another connection's sync.
   */
  LangfuseSyncProgressed: z.object({
    evaluation_id: z.string(),
    host: z.string(),
    project_id: z.string(),
    window_from: z.string().nullable(),
    window_to: z.string(),
    cursor: z.string().nullable(),
    synced_until: z.string().nullable(),
  }),
  /** The trace sync or the score push started failing for good, changed its reason, or recovered. */
  LangfuseStatusChanged: z.object({
    evaluation_id: z.string(),
    part: z.enum(['sync', 'scores']),
    status: ZLangfuseJobStatus,
    error: z.string().nullable(),
  }),
} as const;
export type TEvaluationEventType = keyof typeof ZEvaluationEventData;
export type TEvaluationEventData<T extends TEvaluationEventType> = z.infer<(typeof ZEvaluationEventData)[T]>;

/** The evaluation's own stream: what it is, its configuration, its connections and keys. */
export const evaluationStreamId = (evaluationId: string) => `evaluation-${evaluationId}`;

/** Items, claims and votes of an evaluation: a stream of their own, so its history stays short. */
export const evaluationWorkStreamId = (evaluationId: string) => `evaluation-work-${evaluationId}`;

/**
 * A paid assignment's ItemClaimed (version 1) and VoteCast (version 2): they ride in the ledger's
 * commits of the reward they reserve and post (the packed journal, read back by readAll only).
 * Unpaid claims and votes, skips and expiries stay on the work stream.
 */
export const evaluationAssignmentStreamId = (assignmentId: string) => `evaluation-assignment-${assignmentId}`;
