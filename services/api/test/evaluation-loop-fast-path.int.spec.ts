import { evaluationAssignmentStreamId } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { makeEvaluator } from './support/evaluators.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

const RATE = 100;

/*
 * The loop's fast path: claims and votes reply once their events are committed, without waiting
 * for the projections; the claim book answers the vote; other requests still read their writes.
 */
for (const mode of runtimeModes()) {
  describe(`evaluation loop fast path: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let evaluators: SignedIn[];
    let evaluationId: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      ({ owner, evaluators, evaluationId } = await paidEvaluationWithCrowd(runtime, {
        name: 'fast',
        evaluators: 4,
        items: 6,
        rate: RATE,
      }));
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    /** A paid evaluation of its own (two items) whose one evaluator has claimed an item. */
    async function loneClaim(name: string) {
      const crowd = await paidEvaluationWithCrowd(runtime, { name, evaluators: 1, items: 2, rate: RATE });
      const person = crowd.evaluators[0]!;
      const claim = await api.claim(person.headers, crowd.evaluationId);
      expect(claim.status).toBe(201);
      return { crowd, person, claim };
    }

    it('votes right after the claim, before any projection ran, and reads see both at once', async () => {
      const person = evaluators[0]!;
      const before = await api.balance(owner.headers);
      const claim = await api.claim(person.headers, evaluationId);
      expect(claim.status).toBe(201);
      expect(claim.body).toMatchObject({
        evaluation_id: evaluationId,
        reward_credits: RATE,
        output: expect.any(String),
      });
      const vote = await api.vote(person.headers, claim.body.assignment_id, 'good', 'fine');
      expect(vote.status).toBe(201);
      expect(vote.body).toMatchObject({
        assignment_id: claim.body.assignment_id,
        vote: 'good',
        reward_credits: RATE,
      });
      // The same vote again is answered from the book; another value is refused.
      expect((await api.vote(person.headers, claim.body.assignment_id, 'good')).status).toBe(201);
      const other = await api.vote(person.headers, claim.body.assignment_id, 'bad');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('already_voted');
      // Someone else's assignment is not found, from the book as from the read model.
      expect((await api.vote(evaluators[1]!.headers, claim.body.assignment_id, 'good')).status).toBe(404);
      // Reads wait at the read barrier: balances and read models include the vote.
      expect(await api.balance(person.headers, 'earning')).toBe(RATE);
      expect(await api.balance(owner.headers)).toBe(before - RATE);
      const { rows } = await runtime.sql.query<{ value: string; comment: string | null }>(
        `SELECT value, comment FROM evaluation_votes WHERE assignment_id = $1`,
        [claim.body.assignment_id],
      );
      expect(rows).toEqual([{ value: 'good', comment: 'fine' }]);
    }, 60_000);

    it('two votes on one assignment at once pay once', async () => {
      const person = evaluators[1]!;
      const claim = await api.claim(person.headers, evaluationId);
      expect(claim.status).toBe(201);
      const [a, b] = await Promise.all([
        api.vote(person.headers, claim.body.assignment_id, 'bad'),
        api.vote(person.headers, claim.body.assignment_id, 'bad'),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(await api.balance(person.headers, 'earning')).toBe(RATE);
    }, 60_000);

    it('votes on an assignment the book does not know (claimed before a restart) from the read model', async () => {
      const person = evaluators[2]!;
      const claim = await api.claim(person.headers, evaluationId);
      expect(claim.status).toBe(201);
      // What a restart leaves: no book in memory; the read model may not have the claim yet.
      runtime.context.loop.books.clear();
      const vote = await api.vote(person.headers, claim.body.assignment_id, 'good');
      expect(vote.status).toBe(201);
      expect(vote.body).toMatchObject({ assignment_id: claim.body.assignment_id, reward_credits: RATE });
      expect(await api.balance(person.headers, 'earning')).toBe(RATE);
      // The book loaded again from the read models counts that vote: the item is not offered to
      // this evaluator again, and a repeated vote is still recognised.
      expect((await api.vote(person.headers, claim.body.assignment_id, 'good')).status).toBe(201);
      const next = await api.claim(person.headers, evaluationId);
      expect(next.status).toBe(201);
      expect(next.body.item_id).not.toBe(claim.body.item_id);
    }, 60_000);

    it('answers a vote on a claim the book let go of (settled, lease over) from the read model', async () => {
      const { person, claim } = await loneClaim('let-go');
      const first = await api.vote(person.headers, claim.body.assignment_id, 'good');
      expect(first.status).toBe(201);
      // A day on, the book forgets its settled claims (any claim or lookup of the book prunes it).
      const found = runtime.context.loop.books.find(claim.body.assignment_id);
      expect(found?.claim.state).toBe('voted');
      found!.book.liveClaimOf(person.userId, Date.now() + 86_400_000);
      expect(runtime.context.loop.books.find(claim.body.assignment_id)).toBeUndefined();
      const again = await api.vote(person.headers, claim.body.assignment_id, 'good');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      const other = await api.vote(person.headers, claim.body.assignment_id, 'bad');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('already_voted');
      expect(await api.balance(person.headers, 'earning')).toBe(RATE);
    }, 60_000);

    it("lands a paid claim's and vote's events in the ledger's commits, and knows a vote whose first attempt landed unanswered", async () => {
      const { crowd, person, claim } = await loneClaim('ride');
      const assignmentId = claim.body.assignment_id as string;
      // What a lost reply leaves: the reward posted with its VoteCast, the claim book not told.
      const posted = await runtime.context.ledger.submit(
        { type: 'PostReward', data: { transfer_id: assignmentId, vote_id: `vote-${assignmentId}` } },
        undefined,
        () => [
          {
            stream_id: evaluationAssignmentStreamId(assignmentId),
            expected_version: 1,
            events: [
              {
                type: 'VoteCast',
                data: {
                  evaluation_id: crowd.evaluationId,
                  vote_id: `vote-${assignmentId}`,
                  assignment_id: assignmentId,
                  item_id: claim.body.item_id,
                  evaluator_id: person.userId,
                  value: 'bad',
                  comment: null,
                },
              },
            ],
          },
        ],
      );
      expect(posted).toMatchObject({ ok: true, duplicate: false });
      // The retry finds the reward posted: another value is refused, the same one answered.
      const other = await api.vote(person.headers, assignmentId, 'good');
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('already_voted');
      expect((await api.vote(person.headers, assignmentId, 'bad')).status).toBe(201);
      expect(await api.balance(person.headers, 'earning')).toBe(RATE);
      const { rows } = await runtime.sql.query<{ value: string }>(
        `SELECT value FROM evaluation_votes WHERE assignment_id = $1`,
        [assignmentId],
      );
      expect(rows).toEqual([{ value: 'bad' }]);
      // Each money event and the loop's event land in one commit, next to each other.
      const mine = (await runtime.context.store.readAll({ after: 0, limit: 100_000 })).filter(
        (event) =>
          (event.data as { transfer_id?: string; assignment_id?: string }).transfer_id === assignmentId ||
          (event.data as { assignment_id?: string }).assignment_id === assignmentId,
      );
      expect(mine.map((event) => event.type)).toEqual([
        'RewardReserved',
        'ItemClaimed',
        'VoteRecorded',
        'VoteCast',
      ]);
      expect(mine[1]!.global_position).toBe(mine[0]!.global_position + 1);
      expect(mine[3]!.global_position).toBe(mine[2]!.global_position + 1);
      expect(mine[1]!.stream_id).toBe(evaluationAssignmentStreamId(assignmentId));
      // The claim's lease end is the ledger's, in the log as in the reply.
      const leaseEnd = (mine[0]!.data as { expires_at: string }).expires_at;
      expect(new Date((mine[1]!.data as { expires_at: string }).expires_at).getTime()).toBe(
        new Date(leaseEnd).getTime(),
      );
      expect(new Date(claim.body.expires_at as string).getTime()).toBe(new Date(leaseEnd).getTime());
    }, 60_000);

    it('stops claims at once when the owner completes the evaluation (pauses it), and again on reactivation', async () => {
      const person = evaluators[3]!;
      // Warm the caches with a claim.
      const first = await api.claim(person.headers, evaluationId);
      expect(first.status).toBe(201);
      expect((await api.vote(person.headers, first.body.assignment_id, 'good')).status).toBe(201);
      const paused = await api.call('POST', `/evaluations/${evaluationId}/status`, owner.headers, {
        status: 'completed',
      });
      expect(paused.status).toBe(200);
      const refused = await api.claim(person.headers, evaluationId);
      expect(refused.status).toBe(404);
      const resumed = await api.call('POST', `/evaluations/${evaluationId}/status`, owner.headers, {
        status: 'active',
      });
      expect(resumed.status).toBe(200);
      expect((await api.claim(person.headers, evaluationId)).status).toBe(201);
    }, 60_000);

    it('votes and claims the next item in one request (next: true) until none is left', async () => {
      const created = await api.createEvaluation(owner.headers);
      const second = created.body.id as string;
      const key = await api.createKey(owner.headers, second);
      await api.configure(owner.headers, second, {
        credit_rates: { community_rate: RATE, expert_rate: RATE + 1 },
        votes_per_item: 1,
      });
      await api.ingest(key.body.api_key, created.body.sdk_project_id, [
        { id: 'next-a', output: 'a' },
        { id: 'next-b', output: 'b' },
      ]);
      const person = evaluators[0]!;
      const earned = await api.balance(person.headers, 'earning');
      const claim = await api.claim(person.headers, second);
      expect(claim.status).toBe(201);
      const first = await api.call(
        'POST',
        `/evaluator/assignments/${claim.body.assignment_id}/vote`,
        person.headers,
        {
          vote: 'good',
          next: true,
        },
      );
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ assignment_id: claim.body.assignment_id, vote: 'good' });
      expect(first.body.next).toMatchObject({ evaluation_id: second, reward_credits: RATE });
      expect(first.body.next.item_id).not.toBe(claim.body.item_id);
      const last = await api.call(
        'POST',
        `/evaluator/assignments/${first.body.next.assignment_id}/vote`,
        person.headers,
        {
          vote: 'bad',
          next: true,
        },
      );
      expect(last.status).toBe(201);
      expect(last.body.next).toBeNull();
      expect(last.body.next_problem).toMatchObject({ status: 404, code: 'no_item_available' });
      expect(await api.balance(person.headers, 'earning')).toBe(earned + 2 * RATE);
      const { rows } = await runtime.sql.query<{ value: string }>(
        `SELECT value FROM evaluation_votes WHERE evaluation_id = $1 ORDER BY value DESC`,
        [second],
      );
      expect(rows.map((row) => row.value)).toEqual(['good', 'bad']);
    }, 60_000);

    it('claims the next item alongside the vote: a repeated vote + next shares it, a refused vote leaves it live', async () => {
      const person = evaluators[2]!;
      const earned = await api.balance(person.headers, 'earning');
      const claim = await api.claim(person.headers, evaluationId);
      expect(claim.status).toBe(201);
      const voteNext = (vote: 'good' | 'bad') =>
        api.call('POST', `/evaluator/assignments/${claim.body.assignment_id}/vote`, person.headers, {
          vote,
          next: true,
        });
      // The same vote + next twice at once (a client retry): one vote, one next claim.
      const [a, b] = await Promise.all([voteNext('good'), voteNext('good')]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.next.assignment_id).toBe(b.body.next.assignment_id);
      expect(a.body.next.item_id).not.toBe(claim.body.item_id);
      expect(await api.balance(person.headers, 'earning')).toBe(earned + RATE);
      // The next claim is this evaluator's live claim: claiming again returns it.
      const again = await api.claim(person.headers, evaluationId);
      expect(again.body.assignment_id).toBe(a.body.next.assignment_id);

      // A vote + next whose vote is refused (another value was recorded first): the claim made
      // alongside it is not lost, it is the evaluator's live claim.
      const next = a.body.next.assignment_id as string;
      const [good, bad] = await Promise.all([
        api.call('POST', `/evaluator/assignments/${next}/vote`, person.headers, { vote: 'good', next: true }),
        api.call('POST', `/evaluator/assignments/${next}/vote`, person.headers, { vote: 'bad', next: true }),
      ]);
      expect([good.status, bad.status]).toEqual([201, 409]);
      expect(bad.body.code).toBe('already_voted');
      const live = await api.claim(person.headers, evaluationId);
      expect(live.body.assignment_id).toBe(good.body.next.assignment_id);
      expect(await api.balance(person.headers, 'earning')).toBe(earned + 2 * RATE);
    }, 60_000);

    it('refuses a claim at once after the evaluator is rejected', async () => {
      const late = await signIn(runtime, 'fast-late@example.com');
      await makeEvaluator(runtime, late.userId, { status: 'pending' });
      expect((await api.claim(late.headers, evaluationId)).status).toBe(201);
      await makeEvaluator(runtime, late.userId, { status: 'rejected' });
      // Eligibility is checked before the live claim is looked up.
      expect((await api.claim(late.headers, evaluationId)).status).toBe(403);
    }, 60_000);
  });
}
