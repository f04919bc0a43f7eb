import { randomUUID } from 'node:crypto';
import type { TStoredEvent } from '@evalmarket/contracts';
import { createDomainProjection } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsAnalytics } from '../src/analytics/compute-analytics.js';
import { ExpertLeaderboards } from '../src/analytics/expert-leaderboard.js';
import { spendingByEvaluation } from '../src/analytics/reward-windows.js';
import { evaluationProjection } from '../src/evaluations/evaluation-projection.js';
import { evaluatorProjection } from '../src/evaluator/evaluator-projection.js';
import { identityProjection } from '../src/identity/identity-projection.js';
import { sealPersonalData } from '../src/identity/personal-data.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

/** An event as the store hands it to a projection; the fields a projection reads are given. */
const storedEvent = (
  fields: Pick<
    TStoredEvent,
    'global_position' | 'stream_id' | 'stream_version' | 'type' | 'data' | 'recorded_at'
  >,
): TStoredEvent => ({
  event_id: randomUUID(),
  schema_version: 1,
  metadata: {},
  prev_hash: '',
  hash: '',
  ...fields,
});

/** An active public evaluation's creation, as the projection reads it. */
const evaluationCreated = (creatorId: string, title: string) => ({
  creator_id: creatorId,
  title,
  description: null,
  status: 'active',
  is_public: true,
  model_type: 'llm',
  parameters: {},
  input_data: null,
  budget_amount: 0,
  reward_per_vote: 0,
});

/** Items ingested by the SDK, each with an answer and nothing else. */
const itemsIngested = (itemIds: string[]) => ({
  source: 'sdk',
  items: itemIds.map((item_id, index) => ({
    item_id,
    external_id: `ext-${index}`,
    input: null,
    output: 'answer',
    metadata: null,
  })),
});

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
      const signUp = async (userId: string, email: string, offset: number): Promise<TStoredEvent> =>
        storedEvent({
          global_position: position + offset,
          stream_id: `user-${userId}`,
          stream_version: 1,
          type: 'UserRegistered',
          data: { user_id: userId, personal: await sealPersonalData(runtime.sql, userId, { email }) },
          recorded_at: new Date(Date.UTC(2026, 0, 1 + offset)).toISOString(),
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

    it('projects a run of evaluator events as one by one: applications, reviews, interest, a retry, an erased person', async () => {
      // The same story for two sets of people: one applied an event at a time, one as a single run.
      const story = async (base: number) => {
        const [ann, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
        let offset = 0;
        const event = (stream: string, type: string, data: Record<string, unknown>): TStoredEvent => {
          offset += 1;
          return storedEvent({
            global_position: base + offset,
            stream_id: stream,
            stream_version: offset,
            type,
            data,
            recorded_at: new Date(Date.UTC(2026, 1, 1, 0, offset)).toISOString(),
          });
        };
        const signUps: TStoredEvent[] = [];
        for (const id of [ann, bob, cy]) {
          const personal = await sealPersonalData(runtime.sql, id, { email: `${id}@example.com` });
          signUps.push(event(`user-${id}`, 'UserRegistered', { user_id: id, personal }));
        }
        const apply = async (id: string, answers: string) =>
          event(`evaluator-${id}`, 'EvaluatorApplied', {
            user_id: id,
            application_method: 'indeed',
            application_data: await sealPersonalData(runtime.sql, id, { answers }),
          });
        const review = (id: string) => ({ user_id: id, reviewed_by: 'admin-1' });
        const run = [
          await apply(ann, 'first'),
          await apply(bob, 'first'),
          event(`evaluator-${ann}`, 'EvaluatorVerified', { ...review(ann), qualification_tier: 'expert' }),
          event(`evaluator-${bob}`, 'EvaluatorRejected', { ...review(bob), rejection_reason: 'Too short' }),
          event(`evaluator-${ann}`, 'ExpertInterestExpressed', { user_id: ann }),
          event(`evaluator-${ann}`, 'ExpertInterestExpressed', { user_id: ann }),
          await apply(cy, 'first'),
          // A retry of Bob's application: pending again, the verdict cleared.
          await apply(bob, 'again'),
          event(`evaluator-${cy}`, 'EvaluatorVerified', { ...review(cy), qualification_tier: 'community' }),
        ];
        return { people: [ann, bob, cy] as const, signUps, run };
      };
      const apply = createDomainProjection([identityProjection, evaluatorProjection]);
      const position = 5_000_000 + Math.floor(Math.random() * 1_000_000);
      const oneByOne = await story(position);
      const asRun = await story(position + 100);
      for (const each of [oneByOne, asRun]) {
        await runtime.sql.transaction((tx) => apply(tx, each.signUps));
        // Cy erased before the projection reached the application: it is kept without its data.
        await runtime.sql.query('DELETE FROM user_keys WHERE user_id = $1', [each.people[2]]);
      }
      for (const event of oneByOne.run) await runtime.sql.transaction((tx) => apply(tx, [event]));
      expect(await runtime.sql.transaction((tx) => apply(tx, asRun.run))).toEqual({ handled: 9 });

      const outcome = async ({ people }: { people: readonly string[] }, base: number) => {
        const { rows } = await runtime.sql.query<Record<string, unknown> & { user_id: string }>(
          `SELECT a.*, a.updated_position::int - $2 AS updated_position, u.roles, u.updated_at AS user_updated_at,
             u.updated_position::int - $2 AS user_updated_position
           FROM evaluator_applications a JOIN users u ON u.id = a.user_id WHERE a.user_id = ANY($1::text[])`,
          [people, base],
        );
        return people.map((id) => {
          const { user_id: _id, ...row } = rows.find((each) => each.user_id === id)!;
          return row;
        });
      };
      const expected = await outcome(oneByOne, position);
      expect(await outcome(asRun, position + 100)).toEqual(expected);
      // And what one by one gives is the story: a retry resets the verdict, interest counts once,
      // an erased person's application has no data.
      expect(expected).toMatchObject([
        {
          evaluator_status: 'verified',
          qualification_tier: 'expert',
          expert_tier_interest_expressed: true,
          application_data: { answers: 'first' },
          roles: ['requester', 'expert'],
          updated_position: 8,
        },
        {
          evaluator_status: 'pending',
          qualification_tier: null,
          rejection_reason: null,
          reviewed_by: null,
          application_data: { answers: 'again' },
          updated_position: 11,
        },
        { evaluator_status: 'verified', qualification_tier: 'community', application_data: null },
      ]);
    });

    it("projects an ingested batch's items in one go, in its order: of two that collide the first stays", async () => {
      const evaluationId = randomUUID();
      const [first, clash, other] = [randomUUID(), randomUUID(), randomUUID()];
      const position = 3_000_000 + Math.floor(Math.random() * 1_000_000);
      const ingested = storedEvent({
        global_position: position,
        stream_id: `evaluation-${evaluationId}`,
        stream_version: 2,
        type: 'ItemsIngested',
        data: {
          evaluation_id: evaluationId,
          source: 'sdk',
          items: [
            { item_id: first, external_id: 'ext-1', input: { prompt: 'a' }, output: 'one', metadata: null },
            { item_id: clash, external_id: 'ext-1', input: { prompt: 'b' }, output: 'two', metadata: null },
            { item_id: other, external_id: 'ext-2', input: null, output: ['x'], metadata: { k: 1 } },
          ],
        },
        recorded_at: '2026-02-03T04:05:06.000Z',
      });
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
      const event = (type: string, data: Record<string, unknown>): TStoredEvent =>
        storedEvent({
          global_position: (position += 1),
          stream_id: `evaluation-${evaluationId}`,
          stream_version: position,
          type,
          data: { evaluation_id: evaluationId, ...data },
          // A whole UTC day inside the window read below.
          recorded_at: '2026-02-03T04:05:06.000Z',
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
        event('EvaluationCreated', evaluationCreated(creatorId, 'Paid and volunteered')),
        event('ItemsIngested', itemsIngested([paidItem, freeItem])),
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

    it("totals an evaluator's earnings per evaluation by their claims' times, paid votes only", async () => {
      const [evaluationId, evaluatorId] = [randomUUID(), randomUUID()];
      let position = 5_000_000 + Math.floor(Math.random() * 1_000_000);
      const event = (type: string, at: string, data: Record<string, unknown>): TStoredEvent =>
        storedEvent({
          global_position: (position += 1),
          stream_id: `evaluation-${evaluationId}`,
          stream_version: position,
          type,
          data: { evaluation_id: evaluationId, ...data },
          recorded_at: at,
        });
      // Each item: claimed at one time, voted at another, for a reward (0: a volunteer's vote).
      const plan = [
        { claimed: '2026-03-01T23:00:00.000Z', voted: '2026-03-02T01:00:00.000Z', reward: 10 },
        { claimed: '2026-03-04T10:00:00.000Z', voted: '2026-03-04T10:05:00.000Z', reward: 40 },
        { claimed: '2026-03-05T10:00:00.000Z', voted: '2026-03-05T10:05:00.000Z', reward: 0 },
        { claimed: '2026-03-09T23:00:00.000Z', voted: '2026-03-10T01:00:00.000Z', reward: 70 },
        { claimed: '2026-03-01T22:00:00.000Z', voted: '2026-03-02T02:00:00.000Z', reward: 0 },
      ].map((step) => ({ ...step, item: randomUUID(), assignment: randomUUID() }));
      const events = [
        event(
          'EvaluationCreated',
          '2026-02-01T00:00:00.000Z',
          evaluationCreated(randomUUID(), 'Claimed and voted'),
        ),
        event('ItemsIngested', '2026-02-01T00:00:00.000Z', itemsIngested(plan.map((step) => step.item))),
        ...plan.flatMap((step) => [
          event('ItemClaimed', step.claimed, {
            assignment_id: step.assignment,
            item_id: step.item,
            evaluator_id: evaluatorId,
            tier: 'community',
            reward_credits: step.reward,
            transfer_id: step.reward > 0 ? step.assignment : null,
            expires_at: step.voted,
          }),
          event('VoteCast', step.voted, {
            vote_id: randomUUID(),
            assignment_id: step.assignment,
            item_id: step.item,
            evaluator_id: evaluatorId,
            value: 'good',
            comment: null,
          }),
        ]),
      ];
      const apply = createDomainProjection([evaluationProjection]);
      await runtime.sql.transaction((tx) => apply(tx, events));
      // March 2 to March 9 whole: the first claim was made before it (its reward row is timed at
      // the claim), the fourth within it though its vote came after it; volunteers earn nothing.
      const window = {
        period: 'custom' as const,
        start: new Date('2026-03-02T00:00:00.000Z'),
        end: new Date('2026-03-10T00:00:00.000Z'),
        previousStart: new Date('2026-02-22T00:00:00.000Z'),
      };
      const leaderboards = new ExpertLeaderboards(runtime.sql, 0);
      const line = {
        project_id: evaluationId,
        project_name: 'Claimed and voted',
        amount: 0.11,
        transaction_count: 2,
      };
      for (const scope of [undefined, [evaluationId]]) {
        const earned = await earningsAnalytics(runtime.sql, leaderboards, evaluatorId, window, scope);
        expect(earned.evaluation_breakdown, JSON.stringify(scope)).toEqual([expect.objectContaining(line)]);
        // Votes count by when they were cast: four of the five, one of them claimed before.
        expect(earned.votes_submitted).toBe(4);
      }
    });
  });
}
