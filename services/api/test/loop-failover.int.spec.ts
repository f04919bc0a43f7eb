import { randomBytes, randomUUID } from 'node:crypto';
import { createNatsCommandTransport, type CommandTransport } from '@evalmarket/eventbus';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import type { ApiProcess } from '@evalmarket/testkit/e2e';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClaimCommand, VoteCommand } from '../src/evaluations/loop/loop-writer.js';
import { loopCommandSubject } from '../src/evaluations/loop/loop-transport.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';
import {
  deleteStream,
  holderName,
  startWithRoles,
  killWriterUntilSuccessor,
  startWriterPair,
  writerHolder,
} from './support/shared-log.js';

const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe.skipIf(!services)(
  'the evaluation loop across a writer fail-over (two processes, PostgreSQL, NATS)',
  () => {
    const suffix = randomBytes(4).toString('hex');
    const nats = { streamName: `LOOPTX_F_${suffix}`, subjectPrefix: `looptxf${suffix}` };
    let db: TestDatabase | undefined;
    let transport: CommandTransport | undefined;
    let front: Runtime | undefined;
    const processes: ApiProcess[] = [];

    afterAll(async () => {
      await front?.close().catch(() => undefined);
      for (const started of processes) await started.stop().catch(() => undefined);
      await transport?.close().catch(() => undefined);
      await deleteStream(nats.streamName);
      await db?.drop();
    });

    /** How many events of a type name the value at `field` (packed journal included). */
    const count = async (type: string, field: string, value: string) =>
      (
        await db!.client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM event_log WHERE type = $1 AND data->>$2 = $3`,
          [type, field, value],
        )
      ).rows[0]!.n;

    it('a claim and a vote resent after kill -9 of the writer are its successor’s duplicates', async () => {
      db = await createTestDatabase({ migrate: false });
      const { a, b } = await startWriterPair(db, nats, processes);
      expect(await writerHolder(db)).toBe(holderName(a));

      // An API-only process of the test's own sets the evaluation up; its loop commands go to A.
      front = await startWithRoles(db, nats, ['api', 'projector']);
      const { evaluators, evaluationId } = await paidEvaluationWithCrowd(front, {
        name: 'failover',
        evaluators: 3,
        items: 2,
        rate: 7,
      });
      const [ann, bob, cy] = evaluators;

      transport = await createNatsCommandTransport({
        natsUrl: process.env.NATS_URL!,
        subjectPrefix: nats.subjectPrefix,
        logger: silent,
      });
      const send = async (name: 'claim' | 'vote', command: ClaimCommand | VoteCommand) =>
        (
          (await transport!.request(loopCommandSubject(name), command, {
            deadlineMs: 10_000,
            idempotencyKey: command.metadata.idempotency_key,
          })) as { result: Record<string, unknown> }
        ).result;
      const claimOf = (evaluatorId: string, key: string): ClaimCommand => ({
        evaluation_id: evaluationId,
        evaluator_id: evaluatorId,
        assignment_id: randomUUID(),
        now: new Date().toISOString(),
        metadata: { idempotency_key: key },
      });
      const annClaim = claimOf(ann!.userId, 'ann-claim');
      const bobClaim = claimOf(bob!.userId, 'bob-claim');
      expect(await send('claim', annClaim)).toMatchObject({
        ok: true,
        assignment: { assignment_id: annClaim.assignment_id },
      });
      const bobFirst = await send('claim', bobClaim);
      expect(bobFirst).toMatchObject({ ok: true, assignment: { assignment_id: bobClaim.assignment_id } });
      const vote: VoteCommand = {
        assignment_id: annClaim.assignment_id,
        evaluator_id: ann!.userId,
        vote: 'good',
        comment: 'resent across a fail-over',
        next: null,
        now: new Date().toISOString(),
        metadata: { idempotency_key: 'ann-vote' },
      };
      const voted = await send('vote', vote);
      expect(voted).toMatchObject({
        ok: true,
        vote: { assignment_id: annClaim.assignment_id, vote: 'good' },
      });

      const failover = await killWriterUntilSuccessor(db, a, b);
      expect(failover.holder).toBe(holderName(b));
      expect(failover.elapsedMs).toBeLessThan(5_000);

      // Resent to B: the first answers again, one effect each.
      expect(await send('vote', vote)).toEqual(voted);
      expect(await send('claim', bobClaim)).toEqual(bobFirst);
      const voteId = (voted as { vote: { vote_id: string } }).vote.vote_id;
      expect(await count('VoteCast', 'vote_id', voteId)).toBe(1);
      expect(await count('VoteRecorded', 'vote_id', voteId)).toBe(1);
      expect(await count('ItemClaimed', 'assignment_id', bobClaim.assignment_id)).toBe(1);
      expect(await count('ItemClaimed', 'assignment_id', annClaim.assignment_id)).toBe(1);

      // The loop carries on through the API-only process, now served by B.
      const api = evaluationClient(front);
      // The vote went to the writer directly, past the read barrier an HTTP vote waits at: its
      // reward shows once the projections have it (after A's death, from the process that took
      // their leases over, with what A held back after the ack wait).
      expect(
        await eventually(
          () => api.balance(ann!.headers, 'earning'),
          (credits) => credits === 7,
          { timeoutMs: 15_000 },
        ),
      ).toBe(7);
      const bobVote = await api.vote(bob!.headers, bobClaim.assignment_id, 'bad');
      expect(bobVote.status, JSON.stringify(bobVote.body)).toBe(201);
      const cyClaim = await api.claim(cy!.headers, evaluationId);
      expect(cyClaim.status, JSON.stringify(cyClaim.body)).toBe(201);
      expect((await api.vote(cy!.headers, cyClaim.body.assignment_id, 'good')).status).toBe(201);
      expect(await api.balance(bob!.headers, 'earning')).toBe(7);
      expect(await api.balance(cy!.headers, 'earning')).toBe(7);
    }, 180_000);
  },
);
