import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wilsonInterval } from '../src/evaluations/quality-metrics.js';
import { evaluationClient } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

/**
 * A seeded evaluation whose figures are computed by hand: votes_per_item 3, community rate 100,
 * expert rate 150 credits. Items x, y, z. Votes:
 *   x: E1 good, E2 good, E3 bad  -> majority good: E1 approved, E2 approved, E3 rejected
 *   y: E1 bad,  E2 good, E3 bad  -> majority bad:  E1 approved, E2 rejected, E3 approved
 *   z: E1 good (E2 holds a claim, not voted)  -> incomplete, nobody judged
 * E1 (community) 3 votes, 300 credits, approved 2 rejected 0. E2 (expert) 2 votes, 300 credits
 * (+150 reserved), approved 1 rejected 1. E3 (community) 2 votes, 200 credits, 1/1.
 * The owner paid 800 credits in 7 rewards, 150 reserved; a second evaluation (draft) has nothing.
 */
for (const mode of runtimeModes()) {
  describe(`evaluations in staff lists and analytics: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let admin: SignedIn;
    let owner: SignedIn;
    let e1: SignedIn;
    let e2: SignedIn;
    let e3: SignedIn;
    let evaluationId: string;
    let projectId: string;
    let draftId: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      admin = await signIn(runtime, 'staff@example.com', { admin: true });
      owner = await signIn(runtime, 'owner@example.com');
      e1 = await signIn(runtime, 'e1@example.com');
      e2 = await signIn(runtime, 'e2@example.com');
      e3 = await signIn(runtime, 'e3@example.com');
      await makeEvaluator(runtime, e1.userId, { tier: 'community' });
      await makeEvaluator(runtime, e2.userId, { tier: 'expert' });
      await makeEvaluator(runtime, e3.userId, { tier: 'community' });

      const created = await api.createEvaluation(owner.headers, { title: 'Support bot' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      evaluationId = created.body.id;
      projectId = created.body.sdk_project_id;
      const draft = await api.createEvaluation(owner.headers, { title: 'Draft thing', status: 'draft' });
      draftId = draft.body.id;
      const key = await api.createKey(owner.headers, evaluationId);
      const configured = await api.configure(owner.headers, evaluationId, { votes_per_item: 3 });
      expect(configured.status, JSON.stringify(configured.body)).toBe(200);
      const ingested = await api.ingest(key.body.api_key, projectId, [
        { id: 'x', input: 'q1', output: 'a1' },
        { id: 'y', input: 'q2', output: 'a2' },
        { id: 'z', input: 'q3', output: 'a3' },
      ]);
      expect(ingested.status).toBe(202);

      const plan: Array<[SignedIn, Record<string, 'good' | 'bad'>]> = [
        [e1, { x: 'good', y: 'bad', z: 'good' }],
        [e2, { x: 'good', y: 'good' }],
        [e3, { x: 'bad', y: 'bad' }],
      ];
      for (const [who, votes] of plan) {
        for (let round = 0; round < Object.keys(votes).length; round += 1) {
          const claim = await api.claim(who.headers, evaluationId);
          expect(claim.status, JSON.stringify(claim.body)).toBe(201);
          const value = votes[claim.body.external_id as string];
          expect(value, `unexpected item ${claim.body.external_id}`).toBeDefined();
          expect((await api.vote(who.headers, claim.body.assignment_id, value!)).status).toBe(201);
        }
      }
      // E2 claims z and does not vote: 150 credits reserved.
      const held = await api.claim(e2.headers, evaluationId);
      expect(held.body.external_id).toBe('z');
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    const http = injector(() => runtime.app);
    const get = async (who: SignedIn, url: string, status = 200) => {
      const reply = await http.call('GET', `/${url}`, who.headers);
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(status);
      return { body: reply.json(), headers: reply.headers };
    };
    const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

    describe('staff evaluations resource', () => {
      it('answers 401 signed out and 403 to non-admins', async () => {
        for (const url of ['admin/evaluations', `admin/evaluations/${evaluationId}`]) {
          const signedOut = await runtime.app.inject({ method: 'GET', url: `/api/v1/${url}` });
          expect(signedOut.statusCode).toBe(401);
          const refused = await get(owner, url, 403);
          expect(refused.body.detail).toBe('Access denied. Platform admin privileges required.');
        }
      });

      it('lists evaluations with owner, status, items, votes and credits spent', async () => {
        const { body, headers } = await get(admin, `admin/evaluations?sort=${q(['created_at', 'ASC'])}`);
        expect(headers['content-range']).toBe('evaluations 0-1/2');
        expect(body).toEqual([
          expect.objectContaining({
            id: evaluationId,
            title: 'Support bot',
            status: 'active',
            creator_id: owner.userId,
            owner_email: 'owner@example.com',
            items: 3,
            votes: 7,
            credits_spent: 800,
            credits_reserved: 150,
          }),
          expect.objectContaining({ id: draftId, status: 'draft', items: 0, votes: 0, credits_spent: 0 }),
        ]);
      });

      it('sorts, pages and filters by status, creator and q', async () => {
        const byVotes = await get(admin, `admin/evaluations?sort=${q(['votes', 'ASC'])}&range=${q([0, 0])}`);
        expect(byVotes.headers['content-range']).toBe('evaluations 0-0/2');
        expect(byVotes.body.map((e: { id: string }) => e.id)).toEqual([draftId]);
        const drafts = await get(admin, `admin/evaluations?filter=${q({ status: 'draft' })}`);
        expect(drafts.body.map((e: { id: string }) => e.id)).toEqual([draftId]);
        const byEmail = await get(admin, `admin/evaluations?filter=${q({ creator: 'OWNER@example.com' })}`);
        expect(byEmail.body).toHaveLength(2);
        const byId = await get(admin, `admin/evaluations?filter=${q({ creator: owner.userId })}`);
        expect(byId.body).toHaveLength(2);
        const nobody = await get(admin, `admin/evaluations?filter=${q({ creator: e1.userId })}`);
        expect(nobody.body).toEqual([]);
        expect(nobody.headers['content-range']).toBe('evaluations 0-0/0');
        const search = await get(admin, `admin/evaluations?filter=${q({ q: 'suppORT' })}`);
        expect(search.body.map((e: { id: string }) => e.id)).toEqual([evaluationId]);
      });

      it('gets one and many', async () => {
        const one = await get(admin, `admin/evaluations/${evaluationId}`);
        expect(one.body).toMatchObject({ id: evaluationId, votes: 7, credits_spent: 800 });
        const missing = await get(admin, 'admin/evaluations/00000000-0000-0000-0000-000000000000', 404);
        expect(missing.body.detail).toBe('Evaluation not found');
        const many = await get(admin, `admin/evaluations?filter=${q({ id: [draftId, evaluationId] })}`);
        expect(many.body.map((e: { id: string }) => e.id).sort()).toEqual([draftId, evaluationId].sort());
      });

      it('refuses bad list input with 422, never 500', async () => {
        for (const query of [
          `sort=${q(['owner_password', 'ASC'])}`,
          `sort=notjson`,
          `range=${q([5, 1])}`,
          `filter=${q({ secret: 1 })}`,
          `filter=${q([1])}`,
          `filter=${q({ created_from: 'not a date' })}`,
        ]) {
          const reply = await runtime.app.inject({
            method: 'GET',
            url: `/api/v1/admin/evaluations?${query}`,
            headers: admin.headers,
          });
          expect(reply.statusCode, query).toBe(422);
        }
        // Fastify refuses a path parameter over 100 characters itself (414), before any query.
        await get(admin, `admin/evaluations/${'x'.repeat(300)}`, 414);
        await get(admin, `admin/evaluations/${encodeURIComponent("'; DROP TABLE evaluations; --")}`, 404);
      });
    });

    describe('analytics from the evaluations read models', () => {
      it('breaks spending down by project and counts evaluations', async () => {
        const { body } = await get(owner, 'analytics/spending/?period=30d');
        expect(body).toMatchObject({
          total_spent: 0.8,
          total_spent_credits: 800,
          total_transactions: 7,
          votes_purchased: 7,
          evaluations_created: 2,
          // 7 paid of 8 bought (one reserved)
          completion_rate: 87.5,
          project_breakdown: [
            {
              project_id: evaluationId,
              project_name: 'Support bot',
              amount: 0.8,
              transaction_count: 7,
              percentage: 100,
            },
          ],
        });
        expect((await get(owner, 'analytics/spending/summary')).body.active_evaluations).toBe(1);
      });

      it('honours project_id and evaluation_id', async () => {
        for (const filter of [
          `project_id=${projectId}`,
          `project_id=${evaluationId}`,
          `evaluation_id=${evaluationId}`,
        ]) {
          const { body } = await get(owner, `analytics/spending/?period=30d&${filter}`);
          expect(body, filter).toMatchObject({ total_spent_credits: 800, evaluations_created: 1 });
          expect(body.project_breakdown).toHaveLength(1);
        }
        const draft = (await get(owner, `analytics/spending/?evaluation_id=${draftId}`)).body;
        expect(draft).toMatchObject({
          total_spent: 0,
          total_transactions: 0,
          spending_trends: [],
          project_breakdown: [],
          evaluations_created: 1,
        });
        const conflicting = (
          await get(owner, `analytics/spending/?project_id=${evaluationId}&evaluation_id=${draftId}`)
        ).body;
        expect(conflicting).toMatchObject({ total_spent: 0, evaluations_created: 0 });
        const unknown = (await get(owner, 'analytics/spending/?project_id=proj_nope')).body;
        expect(unknown.total_spent).toBe(0);
        const e2Draft = (await get(e2, `analytics/earnings/?evaluation_id=${draftId}`)).body;
        expect(e2Draft).toMatchObject({ total_earned: 0, votes_submitted: 0, quality_score: null });
        await get(owner, `analytics/spending/?project_id=${'p'.repeat(200)}`, 422);
      });

      it('judges votes against the majority for earnings (approved, rejected, quality)', async () => {
        const one = (await get(e1, 'analytics/earnings/?period=30d')).body;
        // E1: 2 judged, both approved; 5 x Wilson lower bound of 2/2 = 5 x 0.3424 = 1.71
        expect(one).toMatchObject({
          total_earned: 0.3,
          total_transactions: 3,
          votes_submitted: 3,
          votes_approved: 2,
          votes_rejected: 0,
          approval_rate: 100,
          quality_score: 1.71,
          // Over the whole history, which here is the window.
          reputation_score: 1.71,
          evaluation_breakdown: [
            {
              project_id: evaluationId,
              project_name: 'Support bot',
              amount: 0.3,
              transaction_count: 3,
              percentage: 100,
            },
          ],
        });
        const two = (await get(e2, `analytics/earnings/?period=30d&project_id=${projectId}`)).body;
        // E2: 1 of 2 approved; 5 x Wilson lower bound of 1/2 = 5 x 0.0945 = 0.47
        expect(two).toMatchObject({
          total_earned: 0.3,
          votes_submitted: 2,
          votes_approved: 1,
          votes_rejected: 1,
          approval_rate: 50,
          quality_score: 0.47,
          // Every evaluation, whatever the project asked for: they voted on this one only.
          reputation_score: 0.47,
        });
        expect(two.performance_metrics).toContainEqual({
          label: 'Approval Rate',
          unit: 'percent',
          value: 50,
          previous_value: 0,
          trend: 'up',
          change_percentage: null,
        });
        // The hand figures agree with the formula.
        expect(Math.round(5 * wilsonInterval(2, 2).lower * 100) / 100).toBe(1.71);
        expect(Math.round(5 * wilsonInterval(1, 2).lower * 100) / 100).toBe(0.47);
        const three = (await get(e3, 'analytics/earnings/')).body;
        expect(three).toMatchObject({ total_earned: 0.2, votes_approved: 1, votes_rejected: 1 });
        expect((await get(e2, 'analytics/earnings/summary')).body).toEqual({
          total_earned: 0.3,
          pending_earnings: 0.15,
          approval_rate: 50,
        });
        expect((await get(e1, 'analytics/earnings/summary')).body.approval_rate).toBe(100);
      });
    });
  });
}
