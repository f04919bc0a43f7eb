import { randomUUID } from 'node:crypto';
import type { TStoredEvent } from '@evalmarket/contracts';
import type { TransactionExecutor } from '@evalmarket/db';
import { createDomainProjection, type BulkFold } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVALUATION_FOLDED_EVENTS,
  EVALUATION_FOLDED_TABLES,
  evaluationBulkFold,
} from '../src/evaluations/evaluation-bulk-fold.js';
import { evaluationProjection } from '../src/evaluations/evaluation-projection.js';
import { DOMAIN_READ_MODELS } from '../src/runtime/domains.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';

/** A small deterministic generator (mulberry32), so a failing world can be made again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A log of the folded event types over small pools of ids, so that everything the handlers
 * guard against happens: items colliding by id or external id, updates naming another
 * evaluation, claims and votes given twice, votes without a claim or naming another item, a
 * second vote of an evaluator on an item, releases of settled claims, volunteers (no transfer),
 * votes after expiry, scores pushed for unknown votes, claims around midnight UTC.
 */
function hostileLog(seed: number, length: number): TStoredEvent[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const run = randomUUID().slice(0, 8);
  const evaluations = [`e1-${run}`, `e2-${run}`];
  const items = Array.from({ length: 8 }, (_, i) => `i${i}-${run}`);
  const evaluators = ['u1', 'u2', 'u3'].map((u) => `${u}-${run}`);
  const assignments = Array.from({ length: 12 }, (_, i) => `a${i}-${run}`);
  const votes = Array.from({ length: 14 }, (_, i) => `v${i}-${run}`);
  const times = [
    '2026-02-03T23:59:59.999Z',
    '2026-02-04T00:00:00.000Z',
    '2026-02-04T11:30:00.250Z',
    '2026-02-05T08:00:00.000Z',
  ];
  const payload = () =>
    pick([undefined, null, 'answer', { prompt: `p${Math.floor(next() * 3)}` }, [1, 'two']]);
  const events: TStoredEvent[] = [];
  const data = (): [string, Record<string, unknown>] => {
    const evaluation_id = pick(evaluations);
    const assignment_id = pick(assignments);
    const kind = pick([
      'ingest',
      'ingest',
      'update',
      'claim',
      'claim',
      'claim',
      'vote',
      'vote',
      'vote',
      'skip',
      'reward',
      'scores',
    ]);
    switch (kind) {
      case 'ingest':
      case 'update':
        return [
          kind === 'ingest' ? 'ItemsIngested' : 'ItemsUpdated',
          {
            evaluation_id,
            source: pick(['sdk', 'manual', 'upload']),
            items: Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
              item_id: pick(items),
              external_id: `x${Math.floor(next() * 5)}`,
              input: payload(),
              output: payload(),
              metadata: payload(),
            })),
          },
        ];
      case 'claim': {
        const reward = pick([0, 40, 75]);
        return [
          'ItemClaimed',
          {
            evaluation_id,
            assignment_id,
            item_id: pick(items),
            evaluator_id: pick(evaluators),
            tier: pick(['community', 'expert']),
            reward_credits: reward,
            // One transfer per assignment, as the ledger reserves it.
            transfer_id: reward > 0 ? `t-${assignment_id}` : null,
            expires_at: '2026-02-06T00:00:00.000Z',
          },
        ];
      }
      case 'vote':
        return [
          'VoteCast',
          {
            evaluation_id,
            vote_id: pick(votes),
            assignment_id,
            item_id: pick(items),
            evaluator_id: pick(evaluators),
            value: pick(['good', 'bad']),
            comment: pick([null, 'fine', 'wrong answer']),
          },
        ];
      case 'skip':
        return ['ItemReleased', { evaluation_id, assignment_id, reason: pick(['skipped', 'expired']) }];
      case 'reward':
        return [
          'RewardReleased',
          { transfer_id: `t-${assignment_id}`, reason: pick(['expired', 'released']) },
        ];
      default:
        return ['LangfuseScoresPushed', { evaluation_id, vote_ids: [pick(votes), pick(votes)] }];
    }
  };
  for (let position = 1; position <= length; position += 1) {
    const [type, body] = data();
    events.push({
      event_id: randomUUID(),
      global_position: position,
      stream_id: `evaluation-work-${run}`,
      stream_version: position,
      type,
      data: body,
      metadata: {},
      schema_version: 1,
      prev_hash: '',
      hash: '',
      recorded_at: pick(times),
    });
  }
  return events;
}

/** Runs `write` with `schema` first on the search path, in one transaction. */
async function inSchema(
  sql: Awaited<ReturnType<typeof startTestRuntime>>['sql'],
  schema: string,
  write: (tx: TransactionExecutor) => Promise<unknown>,
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query(`SELECT set_config('search_path', $1, true)`, [`${schema}, public`]);
    await write(tx);
  });
}

for (const mode of runtimeModes()) {
  describe(`the evaluation domain's bulk fold (${mode.name})`, () => {
    let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(async () => {
      await runtime?.stop();
    });

    /** Two empty copies of the folded tables (keys included), one for each way of writing. */
    async function copies(): Promise<[string, string]> {
      const names: [string, string] = [
        `fold_applied_${randomUUID().slice(0, 8)}`,
        `fold_folded_${randomUUID().slice(0, 8)}`,
      ];
      for (const schema of names) {
        await runtime.sql.query(`CREATE SCHEMA ${schema}`);
        for (const table of EVALUATION_FOLDED_TABLES) {
          await runtime.sql.query(`CREATE TABLE ${schema}.${table} (LIKE public.${table} INCLUDING ALL)`);
        }
      }
      return names;
    }

    /** Rows of `table` in one schema and not the other (a few of them, each way). */
    async function difference(
      table: string,
      [a, b]: [string, string],
    ): Promise<{ applied: unknown[]; folded: unknown[] }> {
      const only = async (x: string, y: string) =>
        (
          await runtime.sql.query(
            `SELECT * FROM (TABLE ${x}.${table} EXCEPT ALL TABLE ${y}.${table}) d LIMIT 3`,
          )
        ).rows;
      return { applied: await only(a, b), folded: await only(b, a) };
    }

    it('writes exactly what the handlers write, in batches of any size, over hostile logs', async () => {
      const apply = createDomainProjection([evaluationProjection]);
      const seen = { votes: 0, released: 0, expired: 0, voted: 0, pushed: 0, counted: 0, credits: 0 };
      for (let seed = 1; seed <= 12; seed += 1) {
        const log = hostileLog(seed, 160);
        const schemas = await copies();
        // The live path: batches of 1 to 30 events, each in its own transaction.
        const size = random(seed * 7919);
        for (let at = 0; at < log.length;) {
          const batch = log.slice(at, at + 1 + Math.floor(size() * 30));
          at += batch.length;
          await inSchema(runtime.sql, schemas[0], (tx) => apply(tx, batch));
        }
        const fold: BulkFold = evaluationBulkFold();
        fold.add(log.slice(0, 70));
        fold.add(log.slice(70));
        await inSchema(runtime.sql, schemas[1], (tx) => fold.write(tx));
        for (const table of EVALUATION_FOLDED_TABLES) {
          expect({ seed, table, ...(await difference(table, schemas)) }).toEqual({
            seed,
            table,
            applied: [],
            folded: [],
          });
        }
        const { rows } = await runtime.sql.query<Record<keyof typeof seen, number>>(
          `SELECT (SELECT count(*) FROM ${schemas[0]}.evaluation_votes)::int AS votes,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_votes WHERE langfuse_score_pushed_at IS NOT NULL)::int AS pushed,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_assignments WHERE status = 'released')::int AS released,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_assignments WHERE status = 'expired')::int AS expired,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_assignments WHERE status = 'voted')::int AS voted,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_items WHERE vote_count > 0)::int AS counted,
             (SELECT count(*) FROM ${schemas[0]}.evaluation_credits)::int AS credits`,
        );
        for (const key of Object.keys(seen) as (keyof typeof seen)[]) seen[key] += rows[0]![key];
        for (const schema of schemas) await runtime.sql.query(`DROP SCHEMA ${schema} CASCADE`);
      }
      // The logs reached every case the comparison above is about.
      for (const [key, count] of Object.entries(seen))
        expect({ key, reached: count > 0 }).toEqual({ key, reached: true });
    });

    it('folds only the events that write its tables, and no other domain handles those', () => {
      const writers = DOMAIN_READ_MODELS.filter((model) =>
        model.tables.some((table) => (EVALUATION_FOLDED_TABLES as readonly string[]).includes(table)),
      );
      expect(writers.map((model) => model.handlers)).toEqual([evaluationProjection]);
      const others = DOMAIN_READ_MODELS.filter((model) => model.handlers !== evaluationProjection);
      for (const model of others) {
        expect(Object.keys(model.handlers).filter((type) => EVALUATION_FOLDED_EVENTS.has(type))).toEqual([]);
      }
      for (const type of EVALUATION_FOLDED_EVENTS) expect(evaluationProjection[type]).toBeDefined();
    });
  });
}
