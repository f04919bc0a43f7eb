import { startLangfuseFake, type LangfuseFake } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvaluationWork } from '../src/evaluations/evaluation-worker.js';
import type { LangfuseMemory } from '../src/evaluations/langfuse-jobs.js';
import { loadSecretBox, type SecretBox } from '../src/http/outbound/secret-box.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { makeEvaluator } from './support/evaluators.js';
import { evaluationClient } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

/*
 * The Langfuse jobs tick by tick (the worker's timer is out of the way), against the double in
 * its strict v4 shape: observations v2 pages, 429 with Retry-After, 403 for suspended ingestion.
 */
for (const mode of runtimeModes()) {
  describe(`Langfuse sync and score push, tick by tick: ${mode.name}`, () => {
    // One Langfuse project per test (the connections of earlier tests keep syncing theirs).
    let fakes: LangfuseFake[] = [];
    let fake: LangfuseFake;
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let box: SecretBox;
    let owner: SignedIn;
    const evaluators: SignedIn[] = [];

    beforeAll(async () => {
      fakes = await Promise.all(Array.from({ length: 5 }, () => startLangfuseFake()));
      runtime = await startTestRuntime(mode, {
        outboundAllowedOrigins: fakes.map((one) => one.url),
        evaluationWorkerIntervalMs: 3_600_000,
      });
      api = evaluationClient(runtime);
      box = await loadSecretBox(runtime.context.sql, runtime.context.config.secretsKey);
      owner = await signIn(runtime, 'lfs-owner@example.com');
      for (let index = 0; index < 4; index += 1) {
        const evaluator = await signIn(runtime, `lfs-evaluator-${index}@example.com`);
        await makeEvaluator(runtime, evaluator.userId, { tier: 'expert' });
        evaluators.push(evaluator);
      }
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
      await Promise.all(fakes.map((one) => one.close()));
    });

    /** A fresh Langfuse project (`fake`) connected to a new configured evaluation. */
    const connectedEvaluation = async (): Promise<string> => {
      fake = fakes.shift()!;
      const id = (await api.createEvaluation(owner.headers, { visibility_settings: { is_public: true } }))
        .body.id as string;
      const connected = await api.call('POST', `/evaluations/${id}/langfuse/connect`, owner.headers, {
        langfuse_public_key: fake.publicKey,
        langfuse_secret_key: fake.secretKey,
        langfuse_host: fake.url,
        langfuse_project_id: fake.project.id,
      });
      expect(connected.status).toBe(200);
      expect((await api.configure(owner.headers, id, {})).status).toBe(200);
      return id;
    };
    const tick = (memory: LangfuseMemory) => runEvaluationWork(runtime.context, box, memory);
    const items = async (evaluationId: string) =>
      (
        await runtime.sql.query<{ external_id: string; output: unknown }>(
          `SELECT external_id, output FROM evaluation_items WHERE evaluation_id = $1 ORDER BY external_id`,
          [evaluationId],
        )
      ).rows;
    const connection = async (evaluationId: string) =>
      (await api.call('GET', `/evaluations/${evaluationId}/langfuse`, owner.headers)).body;
    const observationReads = () => fake.requests().filter((r) => r.path === '/api/public/v2/observations');
    const minutesAgo = (minutes: number, plusMs = 0) =>
      new Date(Date.now() - minutes * 60_000 + plusMs).toISOString();

    it('reads pages of observations v2 and, after a restart, goes on from the recorded cursor', async () => {
      const evaluationId = await connectedEvaluation();
      fake.addTraces(
        Array.from({ length: 180 }, (_, index) => ({
          id: `page-${String(index).padStart(3, '0')}`,
          input: `question ${index}`,
          output: { answer: index },
          timestamp: minutesAgo(120, index * 1000),
        })),
      );
      const before = observationReads().length;
      await tick(new Map());
      // Three pages of 50 in one tick; where the fourth starts is recorded, not only remembered.
      expect(observationReads().length - before).toBe(3);
      expect(await items(evaluationId)).toHaveLength(150);
      const { rows } = await runtime.sql.query<{ sync_cursor: string | null }>(
        `SELECT sync_cursor FROM langfuse_connections WHERE evaluation_id = $1`,
        [evaluationId],
      );
      expect(rows[0]!.sync_cursor).toBeTruthy();

      // A restart (nothing kept in memory) asks for the next page, not for all history again.
      const restarted = observationReads().length;
      await tick(new Map());
      const reads = observationReads().slice(restarted);
      expect(reads[0]!.query.get('cursor')).toBe(rows[0]!.sync_cursor);
      expect(reads[0]!.query.get('isRootObservation')).toBe('true');
      expect(Number(reads[0]!.query.get('limit'))).toBeLessThanOrEqual(1000);
      const all = await items(evaluationId);
      expect(all).toHaveLength(180);
      expect(all[0]).toMatchObject({ external_id: 'page-000', output: { answer: 0 } });
    }, 60_000);

    it('finds late traces with older start times and updates items whose output came later', async () => {
      const evaluationId = await connectedEvaluation();
      fake.addTraces([{ id: 'late-running', input: 'still thinking', timestamp: minutesAgo(2) }]);
      const memory: LangfuseMemory = new Map();
      await tick(memory);
      expect((await items(evaluationId)).map((item) => item.external_id)).toContain('late-running');
      // Langfuse ingests asynchronously: a trace that began before the last sweep ended shows up
      // after it, and the running trace gets its output.
      fake.addTraces([{ id: 'late-arrival', input: 'hi', output: 'hello', timestamp: minutesAgo(5) }]);
      fake.updateTrace('late-running', { output: 'done at last' });
      await tick(memory);
      const after = new Map((await items(evaluationId)).map((item) => [item.external_id, item.output]));
      expect(after.get('late-arrival')).toBe('hello');
      expect(after.get('late-running')).toBe('done at last');
      // Reading the same traces again changes nothing and records nothing.
      const stream = `evaluation-work-${evaluationId}`;
      const recorded = (await runtime.store.readStream(stream)).length;
      await tick(memory);
      expect((await runtime.store.readStream(stream)).length).toBe(recorded);
    }, 60_000);

    it('steps down the page size when pages exceed the response limit, and skips a trace that never fits', async () => {
      const evaluationId = await connectedEvaluation();
      const big = 'x'.repeat(300 * 1024);
      fake.addTraces([
        ...Array.from({ length: 40 }, (_, index) => ({
          id: `big-${String(index).padStart(2, '0')}`,
          input: 'q',
          output: big,
          timestamp: minutesAgo(60, index * 1000),
        })),
        { id: 'huge', input: 'q', output: 'y'.repeat(6 * 1024 * 1024), timestamp: minutesAgo(59) },
      ]);
      const memory: LangfuseMemory = new Map();
      for (let round = 0; round < 6 && (await items(evaluationId)).length < 40; round += 1)
        await tick(memory);
      const stored = await items(evaluationId);
      expect(stored.map((item) => item.external_id)).not.toContain('huge');
      expect(stored).toHaveLength(40);
      expect(stored[0]!.output).toMatchObject({ truncated: true });
      expect((await connection(evaluationId)).connection_status).toBe('connected');
    }, 120_000);

    /** Claims and votes on `count` items of the evaluation, one evaluator each. */
    const vote = async (evaluationId: string, count: number) => {
      const votes: string[] = [];
      for (const evaluator of evaluators.slice(0, count)) {
        const claim = await api.claim(evaluator.headers, evaluationId);
        expect(claim.status).toBe(201);
        votes.push((await api.vote(evaluator.headers, claim.body.assignment_id, 'good')).body.vote_id);
      }
      // Votes reach the read model the worker reads through the domain projection, a moment later.
      for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
        const { rows } = await runtime.sql.query<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM evaluation_votes WHERE vote_id = ANY($1::text[])`,
          [votes],
        );
        if (Number(rows[0]!.n) === votes.length) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return votes;
    };
    const pushed = async (voteIds: string[]) =>
      (
        await runtime.sql.query<{ vote_id: string }>(
          `SELECT vote_id FROM evaluation_votes WHERE vote_id = ANY($1::text[]) AND langfuse_score_pushed_at IS NOT NULL`,
          [voteIds],
        )
      ).rows.length;

    it('records each score as it lands and waits out Retry-After, so a rate limit never repeats the first scores', async () => {
      const evaluationId = await connectedEvaluation();
      fake.addTraces(
        Array.from({ length: 4 }, (_, index) => ({
          id: `rl-${index}`,
          input: 'q',
          output: 'a',
          timestamp: minutesAgo(30),
        })),
      );
      const memory: LangfuseMemory = new Map();
      await tick(memory);
      const votes = await vote(evaluationId, 4);
      const postsBefore = fake.scorePosts();
      // Two requests a window: the sync's page and one score, then 429 for the second score.
      Object.assign(fake.switches, { rateLimitPoints: 2, rateLimitWindowMs: 2_000 });
      try {
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        await tick(memory);
        expect(await pushed(votes)).toBe(1);
        const requests = fake.requests().length;
        await tick(memory); // inside Retry-After: Langfuse is not asked at all
        expect(fake.requests().length).toBe(requests);
        for (let round = 0; round < 8 && (await pushed(votes)) < 4; round += 1) {
          await new Promise((resolve) => setTimeout(resolve, 2_100));
          await tick(memory);
        }
      } finally {
        fake.switches.rateLimitPoints = 0;
      }
      expect(await pushed(votes)).toBe(4);
      expect(fake.scores().filter((score) => votes.includes(score.id))).toHaveLength(4);
      // Each score was accepted once; the only repeats are the ones the rate limit refused.
      const refused = fake
        .requests()
        .filter((r) => r.path === '/api/public/scores' && r.status === 429).length;
      expect(fake.scorePosts() - postsBefore - refused).toBe(4);
    }, 60_000);

    it('keeps pushing scores while the sync fails, and says why each job stops (403 apart from 401)', async () => {
      const evaluationId = await connectedEvaluation();
      fake.addTraces([{ id: 'apart-1', input: 'q', output: 'a', timestamp: minutesAgo(20) }]);
      const memory: LangfuseMemory = new Map();
      await tick(memory);
      const votes = await vote(evaluationId, 1);
      fake.switches.observationsV2 = false;
      try {
        await tick(memory);
        expect(await pushed(votes)).toBe(1);
        const failing = await connection(evaluationId);
        expect(failing.connection_status).toBe('unsupported');
        expect(failing.last_error).toMatch(/^Trace sync failed: .*observations v2/);
      } finally {
        fake.switches.observationsV2 = true;
      }
      await tick(memory);
      expect(await connection(evaluationId)).toMatchObject({
        connection_status: 'connected',
        last_error: null,
      });

      fake.addTraces([{ id: 'apart-2', input: 'q', output: 'a', timestamp: minutesAgo(1) }]);
      await tick(memory);
      const more = await vote(evaluationId, 1);
      fake.switches.ingestionSuspended = true;
      try {
        await tick(memory);
        const denied = await connection(evaluationId);
        expect(denied.connection_status).toBe('access_denied');
        expect(denied.last_error).toMatch(/^Score push failed: Langfuse denied access.*Ingestion suspended/);
        expect(await pushed(more)).toBe(0);
      } finally {
        fake.switches.ingestionSuspended = false;
      }
      await tick(memory);
      expect(await pushed(more)).toBe(1);
      expect((await connection(evaluationId)).connection_status).toBe('connected');
    }, 60_000);
  });
}
