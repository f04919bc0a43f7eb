import { randomBytes, randomUUID } from 'node:crypto';
import { sdkProjectId } from '@evalmarket/contracts';
import { createNatsCommandTransport } from '@evalmarket/eventbus';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessRole } from '../src/config/config.js';
import { spendableCredits } from '../src/evaluations/evaluation-access.js';
import { LOOP_WRITER_UNAVAILABLE, routedLoopWriter } from '../src/evaluations/loop/loop-transport.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';
import { deleteStream, startWithRoles } from './support/shared-log.js';

const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Votes recorded per item of an evaluation, from the log (what the books could not exceed). */
async function votesPerItem(db: TestDatabase, evaluationId: string): Promise<Map<string, number>> {
  const { rows } = await db.client.query<{ item_id: string; n: number }>(
    `SELECT data->>'item_id' AS item_id, count(*)::int AS n FROM event_log
      WHERE type = 'VoteCast' AND data->>'evaluation_id' = $1 GROUP BY 1`,
    [evaluationId],
  );
  return new Map(rows.map((row) => [row.item_id, row.n]));
}

describe.skipIf(!services)('the evaluation loop through an API-only process (PostgreSQL, NATS)', () => {
  const suffix = randomBytes(4).toString('hex');
  const nats = { streamName: `LOOPTX_R_${suffix}`, subjectPrefix: `looptxr${suffix}` };
  let db: TestDatabase;
  let back: Runtime;
  let front: Runtime;
  const runtimes: Runtime[] = [];
  const start = async (roles: ProcessRole[]) => {
    const runtime = await startWithRoles(db, nats, roles);
    runtimes.push(runtime);
    return runtime;
  };
  /** An evaluation paying 5 credits a vote, set up through the API-only process. */
  const crowd = (name: string, evaluators: number, items: number) =>
    paidEvaluationWithCrowd(front, { name, evaluators, items, rate: 5 });

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    back = await start(['api', 'writer', 'projector', 'worker']);
    front = await start(['api', 'projector']);
  }, 60_000);
  afterAll(async () => {
    for (const runtime of runtimes.reverse()) await runtime.close().catch(() => undefined);
    await deleteStream(nats.streamName);
    await db?.drop();
  });

  it('claims and votes through the writer in the other process, and reads its own writes at once', async () => {
    expect(front.ledger.local).toBeUndefined();
    const { owner, evaluators, evaluationId } = await paidEvaluationWithCrowd(front, {
      name: 'through',
      evaluators: 1,
      items: 2,
      rate: 30,
    });
    const api = evaluationClient(front);
    const [ann] = evaluators;
    const claimed = await api.claim(ann!.headers, evaluationId);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(claimed.body).toMatchObject({ evaluation_id: evaluationId, reward_credits: 30 });
    expect(claimed.body.output).toMatch(/^answer /);
    const assignmentId = claimed.body.assignment_id as string;
    // The claim lives in the writer's book, not in the process that took the request.
    expect(back.context.loop.books.find(assignmentId)).toBeDefined();
    expect(front.context.loop.books.find(assignmentId)).toBeUndefined();

    // The owner's spendable credits in the API-only process count the pending reservation, the
    // same as the writer's books say.
    expect(() => front.ledger.state).toThrow(/in another process/);
    const config = await api.call('GET', `/projects/${evaluationId}/evaluation-config`, owner.headers);
    expect(config.status).toBe(200);
    const exact = await spendableCredits(back.context, owner.userId);
    expect(config.body.data.current_credit_balance).toBe(exact / 1000);
    expect(await spendableCredits(front.context, owner.userId)).toBe(exact);

    const voted = await api.vote(ann!.headers, assignmentId, 'good');
    expect(voted.status, JSON.stringify(voted.body)).toBe(201);
    expect(voted.body).toMatchObject({ assignment_id: assignmentId, vote: 'good', reward_credits: 30 });
    // Read-your-writes across processes: the very next read includes the posted reward.
    expect(await api.balance(ann!.headers, 'earning')).toBe(30);
    const again = await api.vote(ann!.headers, assignmentId, 'good');
    expect(again.status).toBe(201);
    expect(again.body.vote_id).toBe(voted.body.vote_id);
    expect(await api.balance(ann!.headers, 'earning')).toBe(30);
  }, 60_000);

  it('never gives an item more than votes_per_item votes under claims through both processes', async () => {
    const { evaluators, evaluationId } = await crowd('crowd', 6, 3);
    const clients = [evaluationClient(front), evaluationClient(back)];
    const work = async (person: (typeof evaluators)[number], index: number) => {
      let votes = 0;
      for (let round = 0; round < 6; round += 1) {
        const api = clients[(index + round) % 2]!;
        const claimed = await api.claim(person.headers, evaluationId);
        if (claimed.status === 404) break;
        expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
        const voted = await clients[(index + round + 1) % 2]!.vote(
          person.headers,
          claimed.body.assignment_id,
          'good',
        );
        expect(voted.status, JSON.stringify(voted.body)).toBe(201);
        votes += 1;
      }
      return votes;
    };
    const counts = await Promise.all(evaluators.map((person, index) => work(person, index)));
    // votes_per_item 2 over 3 items: six votes in all, at most one per evaluator and item.
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(6);
    const perItem = await votesPerItem(db, evaluationId);
    expect([...perItem.values()]).toEqual([2, 2, 2]);
  }, 120_000);

  it('gives items ingested through another process to the writer’s loaded book', async () => {
    const { owner, evaluators, evaluationId } = await crowd('later', 3, 1);
    const api = evaluationClient(front);
    for (const person of evaluators.slice(0, 2)) {
      const claimed = await api.claim(person.headers, evaluationId);
      expect(claimed.status).toBe(201);
      expect((await api.vote(person.headers, claimed.body.assignment_id, 'bad')).status).toBe(201);
    }
    // The book is loaded and its one item is done.
    expect((await api.claim(evaluators[2]!.headers, evaluationId)).status).toBe(404);
    const key = await api.createKey(owner.headers, evaluationId);
    const ingested = await api.ingest(key.body.api_key, sdkProjectId(evaluationId), [
      { id: 'later-item-new', output: 'new' },
    ]);
    expect(ingested.status, JSON.stringify(ingested.body)).toBeLessThan(300);
    const claimed = await eventually(
      () => api.claim(evaluators[2]!.headers, evaluationId),
      (reply) => reply.status === 201,
      { timeoutMs: 3_000, intervalMs: 100 },
    );
    expect(claimed.status).toBe(201);
    expect(claimed.body.external_id).toBe('later-item-new');
  }, 60_000);

  it('refuses claims through the API-only process soon after the owner completes it there', async () => {
    const { owner, evaluators, evaluationId } = await crowd('paused', 2, 4);
    const api = evaluationClient(front);
    expect((await api.claim(evaluators[0]!.headers, evaluationId)).status).toBe(201);
    // The writer's cache has the evaluation fresh (a repeated claim returns the live one).
    expect((await api.claim(evaluators[0]!.headers, evaluationId)).status).toBe(201);
    const paused = await api.call('POST', `/evaluations/${evaluationId}/status`, owner.headers, {
      status: 'completed',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const startedAt = Date.now();
    const refused = await eventually(
      () => api.claim(evaluators[1]!.headers, evaluationId),
      (reply) => reply.status !== 201,
      { timeoutMs: 3_000, intervalMs: 50 },
    );
    expect(refused.status).toBe(404);
    // The writer's cache heard of the change from the log, well before its 2 s time to live.
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  }, 60_000);

  it('answers 503 ledger_unavailable after the deadline while nobody serves the loop', async () => {
    const transport = await createNatsCommandTransport({
      natsUrl: process.env.NATS_URL!,
      subjectPrefix: `${nats.subjectPrefix}nobody`,
      logger: silent,
    });
    try {
      const writer = routedLoopWriter({
        local: back.context.loop.writer,
        isActive: () => false,
        transport,
        deadlineMs: 300,
        barrier: front.context.readBarrier,
      });
      const startedAt = Date.now();
      const claimed = await writer.claim({
        evaluation_id: randomUUID(),
        evaluator_id: randomUUID(),
        assignment_id: randomUUID(),
        now: new Date().toISOString(),
        metadata: { idempotency_key: 'nobody-1' },
      });
      expect(claimed).toEqual({ ok: false, problem: LOOP_WRITER_UNAVAILABLE });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
      expect(LOOP_WRITER_UNAVAILABLE).toMatchObject({
        status: 503,
        code: 'ledger_unavailable',
        headers: { 'retry-after': '1' },
      });
    } finally {
      await transport.close();
    }
  }, 30_000);
});
