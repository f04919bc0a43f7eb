import { randomUUID } from 'node:crypto';
import type { TStoredEvent } from '@evalmarket/contracts';
import { createDomainProjection } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendingByEvaluation } from '../src/analytics/reward-windows.js';
import { evaluationProjection } from '../src/evaluations/evaluation-projection.js';
import { identityProjection } from '../src/identity/identity-projection.js';
import { sealPersonalData } from '../src/identity/personal-data.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

for (const mode of runtimeModes()) {
  describe(`domain projection: ${mode.name}`, () => {
    let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(async () => {
      await runtime?.stop();
    });

    it('projects an application and its review, opening the sealed personal data', async () => {
      const person = await signIn(runtime, 'ada@example.com');
      await makeEvaluator(runtime, person.userId, { tier: 'expert' });
      const { rows } = await runtime.sql.query<{
        evaluator_status: string;
        qualification_tier: string;
        application_data: { indeed_url: string };
      }>('SELECT * FROM evaluator_applications WHERE user_id = $1', [person.userId]);
      expect(rows[0]).toMatchObject({
        evaluator_status: 'verified',
        qualification_tier: 'expert',
        application_data: { indeed_url: 'https://www.indeed.com/r/test' },
      });
      const roles = await runtime.sql.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [
        person.userId,
      ]);
      expect(roles.rows[0]!.roles).toEqual(['requester', 'expert']);
      const events = await runtime.store.readStream(`evaluator-${person.userId}`);
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain('indeed.com');
    });

    it('projects a run of sign-ups as one by one: an erased person left out, the first of two kept', async () => {
      const [ann, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
      const position = 1_000_000 + Math.floor(Math.random() * 1_000_000);
      const signUp = async (userId: string, email: string, offset: number): Promise<TStoredEvent> => ({
        event_id: randomUUID(),
        global_position: position + offset,
        stream_id: `user-${userId}`,
        stream_version: 1,
        type: 'UserRegistered',
        schema_version: 1,
        data: { user_id: userId, personal: await sealPersonalData(runtime.sql, userId, { email }) },
        metadata: {},
        recorded_at: new Date(Date.UTC(2026, 0, 1 + offset)).toISOString(),
        prev_hash: '',
        hash: '',
      });
      const run = [
        await signUp(ann, `${ann}@example.com`, 0),
        await signUp(bob, `${bob}@example.com`, 1),
        await signUp(ann, `second-${ann}@example.com`, 2),
        await signUp(cy, `${cy}@example.com`, 3),
      ];
      // Bob erased before the projection reached his sign-up: his key is gone.
      await runtime.sql.query('DELETE FROM user_keys WHERE user_id = $1', [bob]);
      const apply = createDomainProjection([identityProjection]);
      const result = await runtime.sql.transaction((tx) => apply(tx, run));
      expect(result).toEqual({ handled: 4 });
      const { rows } = await runtime.sql.query<{
        id: string;
        email: string;
        created_at: Date;
        updated_position: number;
      }>(
        'SELECT id, email, created_at, updated_position::int AS updated_position FROM users WHERE id = ANY($1::text[])',
        [[ann, bob, cy]],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.has(bob)).toBe(false);
      expect(byId.get(ann)).toMatchObject({ email: `${ann}@example.com`, updated_position: position });
      expect(new Date(byId.get(ann)!.created_at).toISOString()).toBe(run[0]!.recorded_at);
      expect(byId.get(cy)).toMatchObject({ email: `${cy}@example.com`, updated_position: position + 3 });
      expect(rows).toHaveLength(2);
    });

    it("projects an ingested batch's items in one go, in its order: of two that collide the first stays", async () => {
      const evaluationId = randomUUID();
      const [first, clash, other] = [randomUUID(), randomUUID(), randomUUID()];
      const position = 3_000_000 + Math.floor(Math.random() * 1_000_000);
      const ingested: TStoredEvent = {
        event_id: randomUUID(),
        global_position: position,
        stream_id: `evaluation-${evaluationId}`,
        stream_version: 2,
        type: 'ItemsIngested',
        schema_version: 1,
        data: {
          evaluation_id: evaluationId,
          source: 'sdk',
          items: [
            { item_id: first, external_id: 'ext-1', input: { prompt: 'a' }, output: 'one', metadata: null },
            { item_id: clash, external_id: 'ext-1', input: { prompt: 'b' }, output: 'two', metadata: null },
            { item_id: other, external_id: 'ext-2', input: null, output: ['x'], metadata: { k: 1 } },
          ],
        },
        metadata: {},
        recorded_at: '2026-02-03T04:05:06.000Z',
        prev_hash: '',
        hash: '',
      };
      const apply = createDomainProjection([evaluationProjection]);
      await runtime.sql.transaction((tx) => apply(tx, [ingested]));
      const { rows } = await runtime.sql.query<Record<string, unknown>>(
        `SELECT item_id, external_id, source, input, output, metadata, batch_index, ingested_position::int AS at
           FROM evaluation_items WHERE evaluation_id = $1 ORDER BY batch_index`,
        [evaluationId],
      );
      expect(rows).toEqual([
        {
          item_id: first,
          external_id: 'ext-1',
          source: 'sdk',
          input: { prompt: 'a' },
          output: 'one',
          metadata: null,
          batch_index: 0,
          at: position,
        },
        {
          item_id: other,
          external_id: 'ext-2',
          source: 'sdk',
          input: null,
          output: ['x'],
          metadata: { k: 1 },
          batch_index: 2,
          at: position,
        },
      ]);
    });

    it("counts a volunteer's vote in the day's votes, not its paid votes, and not as spending", async () => {
      const [evaluationId, creatorId] = [randomUUID(), randomUUID()];
      const [paidItem, freeItem, paidClaim, freeClaim] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      let position = 4_000_000 + Math.floor(Math.random() * 1_000_000);
      const event = (type: string, data: Record<string, unknown>): TStoredEvent => ({
        event_id: randomUUID(),
        global_position: (position += 1),
        stream_id: `evaluation-${evaluationId}`,
        stream_version: position,
        type,
        schema_version: 1,
        data: { evaluation_id: evaluationId, ...data },
        metadata: {},
        // A whole UTC day inside the window read below.
        recorded_at: '2026-02-03T04:05:06.000Z',
        prev_hash: '',
        hash: '',
      });
      const claim = (assignmentId: string, itemId: string, reward: number) =>
        event('ItemClaimed', {
          assignment_id: assignmentId,
          item_id: itemId,
          evaluator_id: randomUUID(),
          tier: 'community',
          reward_credits: reward,
          transfer_id: reward > 0 ? assignmentId : null,
          expires_at: '2026-02-03T05:05:06.000Z',
        });
      const vote = (assignmentId: string, itemId: string) =>
        event('VoteCast', {
          vote_id: randomUUID(),
          assignment_id: assignmentId,
          item_id: itemId,
          evaluator_id: randomUUID(),
          value: 'good',
          comment: null,
        });
      const events = [
        event('EvaluationCreated', {
          creator_id: creatorId,
          title: 'Paid and volunteered',
          description: null,
          status: 'active',
          is_public: true,
          model_type: 'llm',
          parameters: {},
          input_data: null,
          budget_amount: 0,
          reward_per_vote: 0,
        }),
        event('ItemsIngested', {
          source: 'sdk',
          items: [paidItem, freeItem].map((item_id, index) => ({
            item_id,
            external_id: `ext-${index}`,
            input: null,
            output: 'answer',
            metadata: null,
          })),
        }),
        claim(paidClaim, paidItem, 40),
        claim(freeClaim, freeItem, 0),
        vote(paidClaim, paidItem),
        vote(freeClaim, freeItem),
      ];
      const apply = createDomainProjection([evaluationProjection]);
      await runtime.sql.transaction((tx) => apply(tx, events));
      const { rows } = await runtime.sql.query<Record<string, unknown>>(
        `SELECT votes::int, paid_votes::int, credits::int FROM evaluation_vote_days WHERE evaluation_id = $1`,
        [evaluationId],
      );
      expect(rows).toEqual([{ votes: 2, paid_votes: 1, credits: 40 }]);
      // The day is whole in this window: the breakdown reads it from the roll-up alone.
      const spent = await spendingByEvaluation(
        runtime.sql,
        creatorId,
        new Date('2026-02-01T12:00:00Z'),
        new Date('2026-02-10T12:00:00Z'),
      );
      expect(spent).toEqual([{ evaluationId, title: 'Paid and volunteered', credits: 40, count: 1 }]);
    });
  });
}
