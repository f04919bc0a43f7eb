import { evaluatorStreamId } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../src/events/record-events.js';
import { qualityScore } from '../src/evaluations/quality-metrics.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

const RATE = 100;

/* GET /evaluator/votes: an evaluator's own votes, newest first, with each vote's outcome. */
for (const mode of runtimeModes()) {
  describe(`evaluator vote history: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let evaluators: SignedIn[];
    let evaluationId: string;
    let items: string[];

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      let owner: SignedIn;
      ({ owner, evaluators, evaluationId } = await paidEvaluationWithCrowd(runtime, {
        name: 'hist',
        evaluators: 3,
        items: 2,
        rate: RATE,
      }));
      // Three votes complete an item, so one item gets a majority and the other waits.
      expect((await api.configure(owner.headers, evaluationId, { votes_per_item: 3 })).status).toBe(200);
      const [ann, bob, cid] = evaluators as [SignedIn, SignedIn, SignedIn];
      items = [];
      for (const [person, value, comment] of [
        [ann, 'bad', 'Off topic.'],
        [bob, 'good', undefined],
        [cid, 'good', undefined],
        [ann, 'good', undefined],
      ] as const) {
        const claim = await api.claim(person.headers, evaluationId);
        expect(claim.status).toBe(201);
        items.push(claim.body.item_id as string);
        expect((await api.vote(person.headers, claim.body.assignment_id, value, comment)).status).toBe(201);
      }
      // Bob and Cid voted on Ann's first item, which is then complete; her second is another item.
      expect(new Set(items.slice(0, 3)).size).toBe(1);
      expect(items[3]).not.toBe(items[0]);
    }, 180_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it("lists only the caller's votes, newest first, with evaluation, item, comment, reward and outcome", async () => {
      const [ann, bob] = evaluators as [SignedIn, SignedIn];
      const reply = await api.call('GET', '/evaluator/votes', ann.headers);
      expect(reply.status).toBe(200);
      expect(reply.body.next_before).toBeNull();
      expect(reply.body.votes).toEqual([
        expect.objectContaining({
          evaluation_id: evaluationId,
          evaluation_title: 'Chatbot answers',
          item_external_id: 'hist-item-1',
          vote: 'good',
          comment: null,
          reward_credits: RATE,
          outcome: 'awaiting',
        }),
        expect.objectContaining({
          item_external_id: 'hist-item-0',
          vote: 'bad',
          comment: 'Off topic.',
          outcome: 'rejected',
        }),
      ]);
      const bobs = await api.call('GET', '/evaluator/votes', bob.headers);
      expect(bobs.body.votes).toEqual([
        expect.objectContaining({ item_external_id: 'hist-item-0', vote: 'good', outcome: 'approved' }),
      ]);
      const nobody = await signIn(runtime, 'hist-nobody@example.com');
      expect((await api.call('GET', '/evaluator/votes', nobody.headers)).body).toEqual({
        votes: [],
        next_before: null,
      });
    }, 60_000);

    it('pages by keyset: each page continues where the last stopped, the last says so', async () => {
      const ann = evaluators[0]!;
      const first = await api.call('GET', '/evaluator/votes?limit=1', ann.headers);
      expect(first.body.votes.map((vote: { item_external_id: string }) => vote.item_external_id)).toEqual([
        'hist-item-1',
      ]);
      expect(first.body.next_before).toEqual(expect.any(String));
      const second = await api.call(
        'GET',
        `/evaluator/votes?limit=1&before=${encodeURIComponent(first.body.next_before)}`,
        ann.headers,
      );
      expect(second.body.votes.map((vote: { item_external_id: string }) => vote.item_external_id)).toEqual([
        'hist-item-0',
      ]);
      expect(second.body.next_before).toBeNull();
    }, 60_000);

    it('rates evaluators by their judged votes: Reputation and the Billing Rating', async () => {
      const [ann, bob, ,] = evaluators as [SignedIn, SignedIn, SignedIn];
      // Earnings analytics needs the expert role, which verification gives.
      await recordEvents(runtime.context, evaluatorStreamId(bob.userId), [
        {
          type: 'EvaluatorVerified',
          data: { user_id: bob.userId, qualification_tier: 'expert', reviewed_by: 'test-admin' },
        },
      ]);
      const expected = Math.round(qualityScore(1, 1) * 100) / 100;
      expect(expected).toBeGreaterThan(0);
      const earnings = await api.call('GET', '/analytics/earnings/?period=all', bob.headers);
      expect(earnings.status).toBe(200);
      expect(earnings.body.reputation_score).toBe(expected);
      const billing = await api.call('GET', '/billing/summary/earning', bob.headers);
      expect(billing.body.rating).toBe(expected);
      // Ann's only judged vote disagreed with the majority: rated, at 0.
      expect((await api.call('GET', '/billing/summary/earning', ann.headers)).body.rating).toBe(0);
      // Nobody judged yet: no number.
      const nobody = await signIn(runtime, 'hist-unrated@example.com');
      expect((await api.call('GET', '/billing/summary/earning', nobody.headers)).body.rating).toBeNull();
    }, 60_000);

    it('refuses strangers and hostile queries with a 4xx', async () => {
      const ann = evaluators[0]!;
      expect((await api.call('GET', '/evaluator/votes')).status).toBe(401);
      for (const query of [
        'before=x',
        'before=1.a%20b',
        'limit=0',
        'limit=101',
        'limit=abc',
        'before=1%00',
      ]) {
        const reply = await api.call('GET', `/evaluator/votes?${query}`, ann.headers);
        expect(reply.status, query).toBe(422);
      }
    }, 60_000);
  });
}
