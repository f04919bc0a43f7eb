import { startLangfuseFake, type LangfuseFake } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { makeEvaluator } from './support/evaluators.js';
import { evaluationClient } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const mode of runtimeModes()) {
  describe(`Langfuse integration: ${mode.name}`, () => {
    let fake: LangfuseFake;
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let stranger: SignedIn;
    let evaluator: SignedIn;
    let evaluationId: string;

    beforeAll(async () => {
      fake = await startLangfuseFake();
      runtime = await startTestRuntime(mode, {
        outboundAllowedOrigins: [fake.url],
        evaluationWorkerIntervalMs: 100,
      });
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'lf-owner@example.com');
      stranger = await signIn(runtime, 'lf-stranger@example.com');
      evaluator = await signIn(runtime, 'lf-evaluator@example.com');
      await makeEvaluator(runtime, evaluator.userId, { tier: 'expert' });
      evaluationId = (await api.createEvaluation(owner.headers, { visibility_settings: { is_public: true } }))
        .body.id;
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
      await fake?.close();
    });

    const keys = () => ({
      langfuse_public_key: fake.publicKey,
      langfuse_secret_key: fake.secretKey,
      langfuse_host: fake.url,
    });

    it('tests the keys and lists the projects, for the owner only', async () => {
      const url = `/evaluations/${evaluationId}/langfuse/test`;
      expect((await api.call('POST', url, {}, keys())).status).toBe(401);
      const foreign = await api.call('POST', url, stranger.headers, keys());
      expect(foreign.status).toBe(403);
      expect(foreign.body.detail).toBe('Only the evaluation owner can access integration settings.');
      const empty = await api.call('POST', url, owner.headers, { ...keys(), langfuse_secret_key: '' });
      expect(empty.status).toBe(422);
      expect(empty.body.detail[0].msg).toBe('Please fill in all required fields');
      const wrong = await api.call('POST', url, owner.headers, {
        ...keys(),
        langfuse_secret_key: 'sk-wrong',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toMatch(/^Connection test failed/);
      const metadata = await api.call('POST', url, owner.headers, {
        ...keys(),
        langfuse_host: 'http://169.254.169.254',
      });
      expect(metadata.status).toBe(400);
      expect(metadata.body.detail).toMatch(/not allowed/);
      // An organization-level key is not a wrong key: Langfuse answers 403, said as such.
      fake.switches.keyScope = 'organization';
      const orgKey = await api.call('POST', url, owner.headers, keys());
      fake.switches.keyScope = 'project';
      expect(orgKey.status).toBe(400);
      expect(orgKey.body.detail).toMatch(/^Connection test failed: Langfuse denied access/);
      expect(orgKey.body.detail).toMatch(/organization key/);
      expect(orgKey.body.detail).not.toMatch(/invalid public or secret key/);
      // Keys that list projects but cannot read traces the way the sync does fail the test too.
      fake.switches.observationsV2 = false;
      const noV2 = await api.call('POST', url, owner.headers, keys());
      fake.switches.observationsV2 = true;
      expect(noV2.status).toBe(400);
      expect(noV2.body.detail).toMatch(/no observations v2 API/);
      const ok = await api.call('POST', url, owner.headers, keys());
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        success: true,
        projects: [{ id: fake.project.id, name: fake.project.name }],
      });
    }, 30_000);

    it('connects with the secret encrypted at rest and never returned', async () => {
      const base = `/evaluations/${evaluationId}/langfuse`;
      const none = await api.call('GET', base, owner.headers);
      expect(none.status).toBe(404);
      const noProject = await api.call('POST', `${base}/connect`, owner.headers, {
        ...keys(),
        langfuse_project_id: '',
      });
      expect(noProject.body.detail[0].msg).toBe('Please select a Langfuse project');
      const connected = await api.call('POST', `${base}/connect`, owner.headers, {
        ...keys(),
        langfuse_project_id: fake.project.id,
        langfuse_project_name: fake.project.name,
      });
      expect(connected.status).toBe(200);
      expect(connected.body).toMatchObject({
        langfuse_public_key: fake.publicKey,
        langfuse_host: fake.url,
        langfuse_project_id: fake.project.id,
        connection_status: 'connected',
        last_error: null,
      });
      expect(JSON.stringify(connected.body)).not.toContain(fake.secretKey);
      const read = await api.call('GET', base, owner.headers);
      expect(JSON.stringify(read.body)).not.toContain(fake.secretKey);
      expect((await api.call('GET', base, stranger.headers)).status).toBe(403);
      const { rows } = await runtime.sql.query<{ secret_key_sealed: string }>(
        `SELECT secret_key_sealed FROM langfuse_connections WHERE evaluation_id = $1`,
        [evaluationId],
      );
      expect(rows[0]!.secret_key_sealed).not.toContain(fake.secretKey);
      const events = await runtime.store.readAll({ after: 0, limit: 10_000 });
      expect(JSON.stringify(events)).not.toContain(fake.secretKey);
      const renamed = await api.call('PUT', base, owner.headers, { langfuse_project_name: 'Renamed' });
      expect(renamed.body.langfuse_project_name).toBe('Renamed');
    }, 30_000);

    it('pulls traces into items and pushes each vote back as one score', async () => {
      const saved = await api.configure(owner.headers, evaluationId, {});
      expect(saved.status).toBe(200);
      fake.addTraces([
        { id: 'lf-trace-1', input: 'Hi', output: 'Hello!' },
        { id: 'lf-trace-2', input: 'Bye', output: 'Goodbye' },
      ]);
      await eventually(async () => {
        const { rows } = await runtime.sql.query<{ n: string | number }>(
          `SELECT COUNT(*) AS n FROM evaluation_items WHERE evaluation_id = $1 AND source = 'langfuse'`,
          [evaluationId],
        );
        return Number(rows[0]!.n) === 2 ? true : undefined;
      });
      const claim = await api.claim(evaluator.headers, evaluationId);
      expect(claim.body).toMatchObject({ external_id: 'lf-trace-1', output: 'Hello!', reward_credits: 150 });
      const vote = await api.vote(evaluator.headers, claim.body.assignment_id, 'good', 'friendly');
      const score = await eventually(async () => fake.scores().find((s) => s.id === vote.body.vote_id));
      expect(score).toMatchObject({ traceId: 'lf-trace-1', value: 1, comment: 'friendly' });
      // Read through observations v2 only: the legacy traces list is gone on Langfuse v4.
      const paths = new Set(fake.requests().map((request) => request.path));
      expect(paths.has('/api/public/v2/observations')).toBe(true);
      expect(paths.has('/api/public/traces')).toBe(false);
      // A push repeated after a crash (before it was recorded) does not add a second score. The
      // record of the first push is awaited before it is taken away, or it could land after.
      await eventually(async () => {
        const { rows } = await runtime.sql.query<{ pushed: unknown }>(
          `SELECT langfuse_score_pushed_at AS pushed FROM evaluation_votes WHERE vote_id = $1`,
          [vote.body.vote_id],
        );
        return rows[0]?.pushed ? true : undefined;
      });
      const posts = fake.scorePosts();
      await runtime.sql.query(
        `UPDATE evaluation_votes SET langfuse_score_pushed_at = NULL WHERE vote_id = $1`,
        [vote.body.vote_id],
      );
      await eventually(async () => (fake.scorePosts() > posts ? true : undefined));
      expect(fake.scores()).toHaveLength(1);
    }, 30_000);

    it('disconnects', async () => {
      const base = `/evaluations/${evaluationId}/langfuse`;
      expect((await api.call('DELETE', base, stranger.headers)).status).toBe(403);
      expect((await api.call('DELETE', base, owner.headers)).body).toEqual({ success: true });
      expect((await api.call('GET', base, owner.headers)).status).toBe(404);
      expect((await api.call('DELETE', base, owner.headers)).status).toBe(404);
    }, 30_000);
  });
}
