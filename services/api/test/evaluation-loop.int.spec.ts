import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { makeEvaluator } from './support/evaluators.js';
import { evaluationClient } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

for (const mode of runtimeModes()) {
  describe(`evaluation loop, SDK to metrics: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let stranger: SignedIn;
    let e1: SignedIn;
    let e2: SignedIn;
    let e3: SignedIn;
    let evaluationId: string;
    let projectId: string;
    let apiKey: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'owner@example.com');
      stranger = await signIn(runtime, 'stranger@example.com');
      e1 = await signIn(runtime, 'e1@example.com');
      e2 = await signIn(runtime, 'e2@example.com');
      e3 = await signIn(runtime, 'e3@example.com');
      await makeEvaluator(runtime, e1.userId, { tier: 'community' });
      await makeEvaluator(runtime, e2.userId, { status: 'pending' });
      await makeEvaluator(runtime, e3.userId, { tier: 'expert' });
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it('refuses creation signed out and with the spec messages', async () => {
      const signedOut = await api.createEvaluation({});
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.detail).toBe('You must be logged in to create an evaluation');
      const noTitle = await api.createEvaluation(owner.headers, { title: '   ' });
      expect(noTitle.status).toBe(422);
      expect(noTitle.body.detail[0]).toMatchObject({ loc: ['body', 'title'], msg: 'Title is required' });
      const manual = await api.createEvaluation(owner.headers, {
        input_configuration: { type: 'manual', items: [' '] },
      });
      expect(manual.body.detail[0].msg).toBe('At least one input item is required');
      const apiInput = await api.createEvaluation(owner.headers, { input_configuration: { type: 'api' } });
      expect(apiInput.body.detail[0].msg).toBe('API endpoint is required when using API input type');
      const system = await api.createEvaluation(owner.headers, { input_configuration: { type: 'system' } });
      expect(system.body.detail[0].msg).toBe('System source is required when using system input type');
      const tooMany = await api.createEvaluation(owner.headers, {
        input_configuration: { type: 'manual', items: ['1', '2', '3', '4', '5', '6'] },
      });
      expect(tooMany.status).toBe(422);
      const garbage = await api.call('POST', '/jobs', owner.headers, { title: 5, budget_amount: 'x' });
      expect(garbage.status).toBe(422);
    }, 30_000);

    it('grants the first-project bonus before the credit check and answers 402 with the shortfall', async () => {
      const poor = await signIn(runtime, 'poor@example.com');
      const refused = await api.createEvaluation(poor.headers, { budget_amount: 7_000 });
      expect(refused.status).toBe(402);
      expect(refused.body.detail).toMatchObject({
        message: "You don't have enough credits to activate this evaluation project.",
        credits_required: 7_000,
        credits_current: 5_000,
        credits_shortfall: 2_000,
      });
      expect(refused.body.code).toBe('insufficient_credits');
      // Save Draft needs nothing, and the bonus is not granted twice.
      const draft = await api.createEvaluation(poor.headers, { budget_amount: 7_000, status: 'draft' });
      expect(draft.status).toBe(201);
      expect(draft.body.status).toBe('draft');
      expect(await api.balance(poor.headers)).toBe(5_000);
      const activate = await api.call('POST', `/evaluations/${draft.body.id}/status`, poor.headers, {
        status: 'active',
      });
      expect(activate.status).toBe(402);
      const archived = await api.call('POST', `/evaluations/${draft.body.id}/status`, poor.headers, {
        status: 'archived',
      });
      expect(archived.body.status).toBe('archived');
      const back = await api.call('POST', `/evaluations/${draft.body.id}/status`, poor.headers, {
        status: 'active',
      });
      expect(back.status).toBe(409);
    }, 30_000);

    it('keeps status changes a valid chain when two race', async () => {
      const draft = await api.createEvaluation(owner.headers, { status: 'draft' });
      const url = `/evaluations/${draft.body.id}/status`;
      const replies = await Promise.all([
        api.call('POST', url, owner.headers, { status: 'active' }),
        api.call('POST', url, owner.headers, { status: 'archived' }),
        api.call('PATCH', `/evaluations/${draft.body.id}`, owner.headers, { description: 'edited' }),
      ]);
      expect(replies.every((reply) => reply.status === 200 || reply.status === 409)).toBe(true);
      expect(replies.some((reply) => reply.status === 200)).toBe(true);
      const versions = await api.call('GET', `/evaluations/${draft.body.id}/versions`, owner.headers);
      let status = 'draft';
      for (const version of versions.body.filter(
        (v: { event_type: string }) => v.event_type === 'EvaluationStatusChanged',
      )) {
        expect(version.changes.previous_status).toBe(status);
        status = version.changes.status;
      }
      expect((await api.call('GET', `/evaluations/${draft.body.id}`, owner.headers)).body.status).toBe(
        status,
      );
    }, 30_000);

    it('creates an active public evaluation, readable by anyone, editable by its owner only', async () => {
      const created = await api.createEvaluation(owner.headers, {
        model_configuration: { type: 'custom', endpoint: 'https://model.example.com', api_key: 'sk-secret' },
      });
      expect(created.status).toBe(201);
      evaluationId = created.body.id;
      projectId = created.body.sdk_project_id;
      expect(projectId).toBe(`proj_${evaluationId.replace(/-/g, '_')}`);
      expect(created.body).toMatchObject({
        status: 'active',
        is_public: true,
        creator_id: owner.userId,
        model_type: 'custom',
      });
      expect(JSON.stringify(created.body)).not.toContain('sk-secret');
      expect(await api.balance(owner.headers)).toBe(5_000);

      const anonymous = await api.call('GET', `/evaluations/${evaluationId}`);
      expect(anonymous.status).toBe(200);
      const list = await api.call('GET', '/evaluations?public_only=true&limit=10');
      expect(list.body.map((e: { id: string }) => e.id)).toContain(evaluationId);
      const missing = await api.call('GET', '/evaluations/00000000-0000-0000-0000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe('Evaluation not found');
      expect((await api.call('GET', '/evaluations/not-a-uuid')).status).toBe(404);

      const edit = await api.call('PATCH', `/evaluations/${evaluationId}`, stranger.headers, {
        title: 'Mine now',
      });
      expect(edit.status).toBe(403);
      const ownEdit = await api.call('PATCH', `/evaluations/${evaluationId}`, owner.headers, {
        title: 'Chatbot answers v2',
      });
      expect(ownEdit.body.title).toBe('Chatbot answers v2');
      const versions = await api.call('GET', `/evaluations/${evaluationId}/versions`);
      expect(versions.body.map((v: { event_type: string }) => v.event_type)).toEqual([
        'EvaluationCreated',
        'EvaluationUpdated',
      ]);
    }, 30_000);

    it('answers 401 signed out and 403 to non-owners on every owner route, 404 on private evaluations', async () => {
      const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown]> = [
        ['PATCH', `/evaluations/${evaluationId}`, { title: 'x' }],
        ['POST', `/evaluations/${evaluationId}/status`, { status: 'completed' }],
        ['GET', `/projects/${evaluationId}/evaluation-config`, undefined],
        ['POST', `/projects/${evaluationId}/evaluation-config`, {}],
        ['POST', `/projects/${evaluationId}/validate-app-url`, { url: 'https://example.com' }],
        [
          'POST',
          `/evaluations/${evaluationId}/langfuse/test`,
          { langfuse_public_key: 'a', langfuse_secret_key: 'b' },
        ],
        [
          'POST',
          `/evaluations/${evaluationId}/langfuse/connect`,
          { langfuse_public_key: 'a', langfuse_secret_key: 'b', langfuse_project_id: 'p' },
        ],
        ['GET', `/evaluations/${evaluationId}/langfuse`, undefined],
        ['PUT', `/evaluations/${evaluationId}/langfuse`, {}],
        ['DELETE', `/evaluations/${evaluationId}/langfuse`, undefined],
        ['POST', `/evaluations/${evaluationId}/api-keys`, {}],
        ['GET', `/evaluations/${evaluationId}/api-keys`, undefined],
        ['DELETE', `/evaluations/${evaluationId}/api-keys/00000000-0000-0000-0000-000000000000`, undefined],
        ['GET', `/evaluations/${evaluationId}/metrics`, undefined],
        ['GET', `/evaluations/${evaluationId}/budget`, undefined],
        ['GET', `/evaluations/${evaluationId}/freshness`, undefined],
        ['GET', `/evaluations/${evaluationId}/export`, undefined],
        ['POST', `/evaluations/${evaluationId}/alerts`, {}],
        ['GET', `/evaluations/${evaluationId}/alerts`, undefined],
      ];
      for (const [method, url, body] of routes) {
        expect((await api.call(method, url, {}, body)).status, `${method} ${url} signed out`).toBe(401);
        expect(
          (await api.call(method, url, stranger.headers, body)).status,
          `${method} ${url} stranger`,
        ).toBe(403);
      }
      const hidden = await api.createEvaluation(owner.headers, { visibility_settings: { is_public: false } });
      expect((await api.call('GET', `/evaluations/${hidden.body.id}`, owner.headers)).status).toBe(200);
      for (const who of [{}, stranger.headers]) {
        const reply = await api.call('GET', `/evaluations/${hidden.body.id}`, who);
        expect(reply.status).toBe(404);
        expect(reply.body.detail).toBe('Evaluation not found');
        expect((await api.call('GET', `/evaluations/${hidden.body.id}/versions`, who)).status).toBe(404);
      }
      expect(
        (await api.call('GET', `/projects/${hidden.body.id}/evaluation-config`, stranger.headers)).status,
      ).toBe(404);
      const mine = await api.call('GET', '/evaluations?public_only=false', owner.headers);
      const mineIds = mine.body.map((e: { id: string }) => e.id);
      // Newest first: the private one just created, and the public one among the others.
      expect(mineIds[0]).toBe(hidden.body.id);
      expect(mineIds).toContain(evaluationId);
      expect((await api.call('GET', '/evaluations?public_only=false')).status).toBe(401);
      const publicList = await api.call('GET', '/evaluations');
      expect(publicList.body.map((e: { id: string }) => e.id)).not.toContain(hidden.body.id);
    }, 30_000);

    it('guards the configuration: 401, 403, 400 until an item source exists, 404 until configured, the rules', async () => {
      const url = `/projects/${evaluationId}/evaluation-config`;
      expect((await api.call('GET', url)).status).toBe(401);
      const foreign = await api.call('GET', url, stranger.headers);
      expect(foreign.status).toBe(403);
      expect(foreign.body.detail).toBe(
        'Only the evaluation owner can access evaluation configuration settings.',
      );
      const noSource = await api.call('GET', url, owner.headers);
      expect(noSource.status).toBe(400);
      expect(noSource.body.detail).toMatch(/Langfuse/);

      const key = await api.createKey(owner.headers, evaluationId);
      expect(key.status).toBe(201);
      apiKey = key.body.api_key;
      expect(apiKey).toMatch(/^emk_/);
      const keys = await api.call('GET', `/evaluations/${evaluationId}/api-keys`, owner.headers);
      expect(keys.body).toHaveLength(1);
      expect(JSON.stringify(keys.body)).not.toContain(apiKey);
      expect((await api.call('GET', `/evaluations/${evaluationId}/api-keys`, stranger.headers)).status).toBe(
        403,
      );

      const notConfigured = await api.call('GET', url, owner.headers);
      expect(notConfigured.status).toBe(404);

      const sameRates = await api.configure(owner.headers, evaluationId, {
        credit_rates: { community_rate: 100, expert_rate: 100 },
      });
      expect(sameRates.status).toBe(422);
      expect(sameRates.body.detail[0].msg).toBe('Expert rate must be higher than community rate');
      const longText = await api.configure(owner.headers, evaluationId, {
        evaluation_instructions: { general_guidelines: 'x'.repeat(2001) },
      });
      expect(longText.status).toBe(422);
      expect(longText.body.detail[0].loc).toEqual(['body', 'evaluation_instructions', 'general_guidelines']);
      const noUrl = await api.configure(owner.headers, evaluationId, { app_detection: { primary_url: '' } });
      expect(noUrl.status).toBe(422);
      const noLimits = await api.configure(owner.headers, evaluationId, {
        budget_control: { budget_enabled: true },
      });
      expect(noLimits.status).toBe(422);
      const foreignSave = await api.configure(stranger.headers, evaluationId, {});
      expect(foreignSave.status).toBe(403);
      expect(foreignSave.body.detail).toBe('You do not have permission to modify this configuration.');

      const saved = await api.configure(owner.headers, evaluationId, {
        evaluation_instructions: {
          general_guidelines: 'Judge helpfulness',
          evaluation_criteria: 'Correct and kind',
        },
        budget_control: { budget_enabled: false, max_budget_amount: 5, max_evaluations: 9 },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.success).toBe(true);
      expect(saved.body.data).toMatchObject({
        permission_level: 'paid_only',
        credit_rates: { community_rate: 100, expert_rate: 150 },
        budget_control: { budget_enabled: false, max_budget_amount: null, max_evaluations: null },
        votes_per_item: 3,
        current_credit_balance: 5,
      });
      expect((await api.call('GET', url, owner.headers)).body.data.permission_level).toBe('paid_only');
    }, 30_000);

    it('ingests SDK items idempotently with the project id and key', async () => {
      const items = [
        { id: 'trace-a', input: { q: 'Capital of France?' }, output: 'Paris', metadata: { lang: 'en' } },
        { id: 'trace-b', input: { q: '2+2?' }, output: '5' },
      ];
      expect((await api.ingest('emk_wrong', projectId, items)).status).toBe(401);
      expect((await api.ingest(apiKey, 'proj_nope', items)).status).toBe(401);
      const first = await api.ingest(apiKey, projectId, items);
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ accepted: 2, duplicates: 0 });
      const retry = await api.ingest(apiKey, projectId, items);
      expect(retry.body).toMatchObject({ accepted: 0, duplicates: 2 });
      expect(retry.body.item_ids).toEqual(first.body.item_ids);
      const tooBig = await api.ingest(apiKey, projectId, [{ id: 'big', input: 'x'.repeat(30_000) }]);
      expect(tooBig.status).toBe(422);
      expect(tooBig.body.detail[0].loc).toEqual(['body', 'items', 0, 'input']);
      const tooMany = await api.ingest(
        apiKey,
        projectId,
        Array.from({ length: 1_001 }, (_, i) => ({ id: `n${i}` })),
      );
      expect(tooMany.status).toBe(422);
      // A batch larger than one event's 64 KiB is split over several events, never a 500.
      const bulkProject = await api.createEvaluation(owner.headers, {
        visibility_settings: { is_public: false },
      });
      const bulkKey = await api.createKey(owner.headers, bulkProject.body.id);
      const bulk = await api.ingest(
        bulkKey.body.api_key,
        bulkProject.body.sdk_project_id,
        Array.from({ length: 40 }, (_, i) => ({
          id: `bulk-${i}`,
          input: 'i'.repeat(20_000),
          output: 'o'.repeat(4_000),
        })),
      );
      expect(bulk.status).toBe(202);
      expect(bulk.body.accepted).toBe(40);
      const badId = await api.ingest(apiKey, projectId, [{ id: '../etc' }]);
      expect(badId.status).toBe(422);
    }, 30_000);

    it('lists the evaluation to eligible evaluators only', async () => {
      const forE1 = await api.call('GET', '/evaluator/projects', e1.headers);
      expect(forE1.body).toEqual([
        expect.objectContaining({ evaluation_id: evaluationId, reward_credits: 100, open_items: 2 }),
      ]);
      const forE3 = await api.call('GET', '/evaluator/projects', e3.headers);
      expect(forE3.body[0].reward_credits).toBe(150);
      // Not an evaluator: nothing to do on a paid-only evaluation; the owner never sees their own.
      expect((await api.call('GET', '/evaluator/projects', stranger.headers)).body).toEqual([]);
      expect((await api.call('GET', '/evaluator/projects', owner.headers)).body).toEqual([]);
      expect((await api.claim(stranger.headers, evaluationId)).status).toBe(403);
      expect((await api.call('GET', '/evaluator/projects')).status).toBe(401);
    }, 30_000);

    it('runs claim, blind vote and payment for three evaluators, then metrics computed by hand', async () => {
      const plan: Array<[SignedIn, 'good' | 'bad', 'good' | 'bad']> = [
        [e1, 'good', 'good'],
        [e2, 'good', 'bad'],
        [e3, 'bad', 'bad'],
      ];
      for (const [who, onA, onB] of plan) {
        const first = await api.claim(who.headers, evaluationId);
        expect(first.status).toBe(201);
        expect(first.body.external_id).toBe('trace-a');
        expect(first.body.instructions).toMatchObject({ general_guidelines: 'Judge helpfulness' });
        // A repeated claim returns the live one instead of a second item.
        expect((await api.claim(who.headers, evaluationId)).body.assignment_id).toBe(
          first.body.assignment_id,
        );
        // Nobody else may vote with this assignment.
        expect((await api.vote(owner.headers, first.body.assignment_id, 'good')).status).toBe(404);
        const voted = await api.vote(who.headers, first.body.assignment_id, onA, 'looks right');
        expect(voted.status).toBe(201);
        // A retried vote is answered again, not counted again.
        expect((await api.vote(who.headers, first.body.assignment_id, onA)).status).toBe(201);
        expect(
          (await api.vote(who.headers, first.body.assignment_id, onA === 'good' ? 'bad' : 'good')).status,
        ).toBe(409);
        const second = await api.claim(who.headers);
        expect(second.status).toBe(201);
        expect(second.body.external_id).toBe('trace-b');
        expect((await api.vote(who.headers, second.body.assignment_id, onB)).status).toBe(201);
        const none = await api.claim(who.headers, evaluationId);
        expect(none.status).toBe(404);
        expect(none.body.code).toBe('no_item_available');
      }
      // 4 community votes x 100 + 2 expert votes x 150 = 700 credits.
      expect(await api.balance(owner.headers)).toBe(5_000 - 700);
      expect(await api.balance(e1.headers, 'earning')).toBe(200);
      expect(await api.balance(e2.headers, 'earning')).toBe(200);
      expect(await api.balance(e3.headers, 'earning')).toBe(300);

      const metrics = await api.call(
        'GET',
        `/evaluations/${evaluationId}/metrics?decay_lambda=0`,
        owner.headers,
      );
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatchObject({
        time_weighted_score: 0.5, // 3 good of 6, every weight exp(0) = 1
        decay_lambda: 0,
        freshness: 1,
        vote_completeness: 1,
        unique_evaluators: 3,
        majority_good_votes: 1, // trace-a: 2 of 3 good; trace-b: 1 of 3
        majority_percentage: 50,
        total_traces_evaluated: 2,
        average_votes_per_trace: 3,
        total_evaluations: 6,
        items_ingested: 2,
        complete_items: 2,
      });
      // Wilson 95% (z = 1.959964) of 3/6: [0.187616, 0.812384], width 0.624767.
      expect(metrics.body.population_confidence).toBeCloseTo(0.375233, 5);
      // Krippendorff nominal: D_o = 4/6, D_e = 2*3*3/(6*5) = 0.6, alpha = 1 - (2/3)/0.6 = -1/9.
      expect(metrics.body.krippendorff_alpha).toBeCloseTo(-1 / 9, 10);

      const budget = await api.call('GET', `/evaluations/${evaluationId}/budget`, owner.headers);
      expect(budget.body).toMatchObject({
        total_budget_allocated: null,
        total_spent: 700,
        budget_remaining: null,
        budget_utilization_rate: 0,
        community_evaluations_count: 4,
        expert_evaluations_count: 2,
        alert_threshold_percentage: 80,
        alert_level: 'none',
      });
      expect(budget.body.average_cost_per_evaluation).toBeCloseTo(700 / 6, 10);

      const fresh = await api.call(
        'GET',
        `/evaluations/${evaluationId}/freshness?time_window_days=1`,
        owner.headers,
      );
      expect(fresh.body).toMatchObject({ freshness: 1, votes_in_window: 6, total_votes: 6 });

      const csv = await api.call('GET', `/evaluations/${evaluationId}/export?format=csv`, owner.headers);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = String(csv.body).trim().split('\r\n');
      expect(lines).toHaveLength(7);
      expect(String(csv.body)).not.toContain(e1.userId);
      const json = await api.call('GET', `/evaluations/${evaluationId}/export?format=json`, owner.headers);
      expect(json.body).toHaveLength(6);
      expect(new Set(json.body.map((r: { evaluator: string }) => r.evaluator)).size).toBe(3);

      for (const path of ['metrics', 'budget', 'freshness', 'export']) {
        expect((await api.call('GET', `/evaluations/${evaluationId}/${path}`, stranger.headers)).status).toBe(
          403,
        );
        expect((await api.call('GET', `/evaluations/${evaluationId}/${path}`)).status).toBe(401);
      }
      expect(
        (await api.call('GET', `/evaluations/${evaluationId}/metrics?decay_lambda=abc`, owner.headers))
          .status,
      ).toBe(422);
    }, 30_000);

    it('gives a skipped item back and voids its reservation', async () => {
      await api.ingest(apiKey, projectId, [{ id: 'trace-c', output: 'maybe' }]);
      const claimed = await api.claim(e1.headers, evaluationId);
      expect(claimed.body.external_id).toBe('trace-c');
      expect(await api.balance(owner.headers)).toBe(4_300 - 100);
      const skipped = await api.release(e1.headers, claimed.body.assignment_id);
      expect(skipped.body.status).toBe('released');
      expect(await api.balance(owner.headers)).toBe(4_300);
      expect((await api.vote(e1.headers, claimed.body.assignment_id, 'good')).status).toBe(409);
      // The skipper is not offered it again; others are.
      expect((await api.claim(e1.headers, evaluationId)).status).toBe(404);
      const other = await api.claim(e2.headers, evaluationId);
      expect(other.body.external_id).toBe('trace-c');
      await api.release(e2.headers, other.body.assignment_id);
    }, 30_000);

    it('stops claims at the budget limit of the period', async () => {
      const saved = await api.configure(owner.headers, evaluationId, {
        budget_control: {
          budget_enabled: true,
          max_budget_amount: 1,
          max_evaluations: 7,
          budget_period: 'monthly',
        },
      });
      expect(saved.status).toBe(200);
      // 6 votes this month already; 7 allowed: one more claim, then budget_exhausted.
      const claimed = await api.claim(e3.headers, evaluationId);
      expect(claimed.status).toBe(201);
      // e1 would have trace-d to claim; the budget (7 evaluations this month) stops it.
      await api.ingest(apiKey, projectId, [{ id: 'trace-d' }]);
      const budgetStop = await api.claim(e1.headers, evaluationId);
      expect(budgetStop.status).toBe(409);
      expect(budgetStop.body.code).toBe('budget_exhausted');
      await api.vote(e3.headers, claimed.body.assignment_id, 'good');
      const budget = await api.call('GET', `/evaluations/${evaluationId}/budget`, owner.headers);
      // 850 of 1,000 credits: alert level at 80%.
      expect(budget.body).toMatchObject({
        total_budget_allocated: 1_000,
        total_spent: 850,
        budget_remaining: 150,
        budget_utilization_rate: 85,
        alert_threshold_reached: true,
        alert_level: 'alert',
        alert_title: 'Budget Alert: 80% Threshold Reached',
        budget_period: 'monthly',
      });
    }, 30_000);

    it('records budget alerts once per threshold and period', async () => {
      const url = `/evaluations/${evaluationId}/alerts`;
      expect((await api.call('POST', url, stranger.headers, {})).status).toBe(403);
      expect((await api.call('POST', url, {}, {})).status).toBe(401);
      expect((await api.call('POST', url, owner.headers, { thresholds: [0] })).status).toBe(422);
      const saved = await api.call('POST', url, owner.headers, { thresholds: [100, 50, 80] });
      expect(saved.body).toMatchObject({ thresholds: [50, 80, 100], enabled: true });
      const deadline = Date.now() + 15_000;
      let raised: Array<{ threshold: number }> = [];
      while (raised.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        raised = (await api.call('GET', url, owner.headers)).body.raised;
      }
      expect(raised.map((alert) => alert.threshold).sort()).toEqual([50, 80]);
      // The owner is told by email, with a link to the dashboard (sent just after the alert is recorded).
      const budgetEmails = () =>
        runtime.context.mailer
          .mailbox('owner@example.com')
          .filter((email) => email.subject.startsWith('Budget alert:'));
      while (budgetEmails().length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const emails = budgetEmails();
      expect(emails.length).toBeGreaterThan(0);
      expect(emails[0]!.links[0]).toContain(`/evaluations/${evaluationId}/analytics`);
      // Further ticks raise nothing more (85% is below 100%).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await api.call('GET', url, owner.headers)).body.raised).toHaveLength(2);
    }, 30_000);
  });
}
