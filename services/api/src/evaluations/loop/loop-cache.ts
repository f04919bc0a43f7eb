import type { TEvaluationConfig, TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { ApplyProjection } from '@evalmarket/projector';
import { BatchLoader } from '../../http/batch-loader.js';
import type { DomainContext } from '../../runtime/domain-context.js';
import { findEvaluation } from '../evaluation-access.js';
import { readConfig } from '../config-routes.js';

/*
 * What every claim would otherwise re-read (the evaluation's status and owner, its configuration,
 * the evaluator's status and tier, the item's payload), kept in memory.
 *
 * Freshness: the domain projection of this process notes the position of every event that changes
 * one of them (status changes, configurations, evaluator applications and reviews). An entry is
 * used only when it was read at a projection position at or after the last such event, i.e. after
 * that change was committed to the read models; a writer that waits for its projection (every
 * route that pauses an evaluation or reviews an evaluator does) is therefore seen by the very next
 * claim. A short TTL bounds the rest (a projection run by another process). Items change only
 * when their Langfuse trace does (ItemsUpdated, rare): their payloads are kept by count, and one
 * read before such an update of its own item is read again.
 */

const TTL_MS = 2_000;
const MAX_ENTRIES = 20_000;

const EVALUATION_EVENTS = new Set(['EvaluationCreated', 'EvaluationStatusChanged', 'EvaluationConfigured']);
const EVALUATOR_EVENTS = new Set(['EvaluatorApplied', 'EvaluatorVerified', 'EvaluatorRejected']);

/** The event types that change what the loop's caches hold. */
export const LOOP_CACHE_EVENT_TYPES: readonly string[] = [
  ...EVALUATION_EVENTS,
  ...EVALUATOR_EVENTS,
  'ItemsUpdated',
];

/**
 * Positions of the last events that changed what the caches hold: one per runtime, fed by its
 * domain projection (see `wrap`) and, where several processes share the log, by the loop's
 * change feed (loop-change-feed.ts), and given to its loop cache by the composition root.
 */
export class LoopInvalidations {
  evaluationsChangedAt = 0;
  evaluatorsChangedAt = 0;

  /** Position of the last ItemsUpdated of each item (kept for the newest MAX_ENTRIES items). */
  readonly itemsChangedAt = new Map<string, number>();

  note(events: readonly TStoredEvent[]): void {
    for (const event of events) {
      if (event.type === 'ItemsUpdated') this.noteItems(event);
      else if (EVALUATION_EVENTS.has(event.type))
        this.evaluationsChangedAt = Math.max(this.evaluationsChangedAt, event.global_position);
      else if (EVALUATOR_EVENTS.has(event.type))
        this.evaluatorsChangedAt = Math.max(this.evaluatorsChangedAt, event.global_position);
    }
  }

  private noteItems(event: TStoredEvent): void {
    const items = (event.data as { items?: Array<{ item_id?: unknown }> }).items ?? [];
    if (this.itemsChangedAt.size >= MAX_ENTRIES) this.itemsChangedAt.clear();
    for (const item of items) {
      if (typeof item.item_id === 'string') this.itemsChangedAt.set(item.item_id, event.global_position);
    }
  }

  /** The domain projection with the notes taken (before its batch commits). */
  wrap(apply: ApplyProjection): ApplyProjection {
    return async (tx, events) => {
      this.note(events);
      return apply(tx, events);
    };
  }
}

interface Entry<T> {
  value: T;
  /** The domain projection's position when the read started. */
  position: number;
  atMs: number;
}

export interface LoopEvaluation {
  id: string;
  status: string;
  creator_id: string;
  is_public: boolean;
  config: TEvaluationConfig | undefined;
}

export interface LoopEvaluator {
  status: string | null;
  tier: string | null;
}

export interface LoopItem {
  external_id: string;
  input: unknown;
  output: unknown;
  metadata: unknown;
}

class Cache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  get(key: string, changedAt: number, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.position < changedAt || nowMs - entry.atMs > TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, position: number, nowMs: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, position, atMs: nowMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

export class LoopCache {
  private readonly evaluations = new Cache<LoopEvaluation | undefined>();
  private readonly evaluators = new Cache<LoopEvaluator>();
  private readonly items = new Map<string, { value: LoopItem; position: number }>();
  private readonly itemLoader: BatchLoader<string, LoopItem>;
  private readonly evaluatorLoader: BatchLoader<string, { status: string; tier: string | null }>;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly domain: Pick<DomainContext['domain'], 'position'>,
    /** Undefined: nothing tells this cache about changes, so it keeps nothing. */
    private readonly notes: LoopInvalidations | undefined,
  ) {
    this.itemLoader = new BatchLoader(async (ids) => {
      const { rows } = await sql.query<LoopItem & { item_id: string } & Record<string, unknown>>(
        `SELECT item_id, external_id, input, output, metadata FROM evaluation_items WHERE item_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(
        rows.map((row) => [
          row.item_id,
          { external_id: row.external_id, input: row.input, output: row.output, metadata: row.metadata },
        ]),
      );
    });
    this.evaluatorLoader = new BatchLoader(async (ids) => {
      const { rows } = await sql.query<{
        user_id: string;
        evaluator_status: string;
        qualification_tier: string | null;
      }>(
        `SELECT user_id, evaluator_status, qualification_tier FROM evaluator_applications WHERE user_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(
        rows.map((row) => [row.user_id, { status: row.evaluator_status, tier: row.qualification_tier }]),
      );
    });
  }

  async evaluation(evaluationId: string): Promise<LoopEvaluation | undefined> {
    const notes = this.notes;
    const nowMs = Date.now();
    if (notes) {
      const hit = this.evaluations.get(evaluationId, notes.evaluationsChangedAt, nowMs);
      if (hit) return hit;
    }
    const position = this.domain.position;
    const row = await findEvaluation(this.sql, evaluationId);
    if (!row) return undefined;
    const value: LoopEvaluation = {
      id: row.id,
      status: row.status,
      creator_id: row.creator_id,
      is_public: row.is_public,
      config: await readConfig(this.sql, evaluationId),
    };
    if (notes) this.evaluations.set(evaluationId, value, position, nowMs);
    return value;
  }

  async evaluator(userId: string): Promise<LoopEvaluator> {
    const notes = this.notes;
    const nowMs = Date.now();
    if (notes) {
      const hit = this.evaluators.get(userId, notes.evaluatorsChangedAt, nowMs);
      if (hit) return hit;
    }
    const position = this.domain.position;
    const value = (await this.evaluatorLoader.load(userId)) ?? { status: null, tier: null };
    if (notes) this.evaluators.set(userId, value, position, nowMs);
    return value;
  }

  async item(itemId: string): Promise<LoopItem | undefined> {
    const hit = this.items.get(itemId);
    if (hit && hit.position >= (this.notes?.itemsChangedAt.get(itemId) ?? 0)) return hit.value;
    const position = this.domain.position;
    const value = await this.itemLoader.load(itemId);
    if (!value) return undefined;
    if (this.items.size >= MAX_ENTRIES) this.items.clear();
    this.items.set(itemId, { value, position });
    return value;
  }

  /** This process changed the evaluation (status, configuration): the next claim reads it again. */
  forgetEvaluation(evaluationId: string): void {
    this.evaluations.delete(evaluationId);
  }
}
