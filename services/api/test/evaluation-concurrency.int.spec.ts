import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_EXPIRY_GRACE_MS } from '../src/evaluations/loop/claim-book.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import type { SignedIn } from './support/sign-in.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';
import { eventually } from './support/payments.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

const EVALUATORS = 200;
// The bonus of 5,000 credits pays for exactly 5 votes at 1,000.
const RATE = 1_000;
const PAYABLE_VOTES = 5;

for (const mode of runtimeModes()) {
  describe(`evaluation loop under contention: ${mode.name}`, () => {
    let runtime: Runtime;
    let api: ReturnType<typeof evaluationClient>;
    let owner: SignedIn;
    let evaluators: SignedIn[];
    let evaluationId: string;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { claimLeaseSeconds: 3, evaluationWorkerIntervalMs: 100 });
      api = evaluationClient(runtime);
      ({ owner, evaluators, evaluationId } = await paidEvaluationWithCrowd(runtime, {
        name: 'crowd',
        evaluators: EVALUATORS,
        items: 10,
        rate: RATE,
      }));
    }, 300_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it(`${EVALUATORS} evaluators claiming at once on a wallet for ${PAYABLE_VOTES} votes get exactly ${PAYABLE_VOTES} paid votes`, async () => {
      // Each evaluator claims and, when it got an item, votes at once.
      const outcomes = await Promise.all(
        evaluators.map(async (person) => {
          const claim = await api.claim(person.headers, evaluationId);
          const vote =
            claim.status === 201
              ? await api.vote(person.headers, claim.body.assignment_id, 'good')
              : undefined;
          return { person, claim, vote };
        }),
      );
      const won = outcomes.filter(({ claim }) => claim.status === 201);
      expect(won).toHaveLength(PAYABLE_VOTES);
      expect(won.every(({ vote }) => vote?.status === 201)).toBe(true);
      // The others learn that the requester cannot pay, or (while every slot is held by claims
      // the ledger has not decided yet) that no item is free right now.
      for (const { claim } of outcomes.filter(({ claim }) => claim.status !== 201)) {
        expect([409, 404]).toContain(claim.status);
        expect(['requester_credits_exhausted', 'no_item_available']).toContain(claim.body.code);
      }
      expect(await api.balance(owner.headers)).toBe(0);
      let earned = 0;
      for (const { person } of won) earned += await api.balance(person.headers, 'earning');
      expect(earned).toBe(PAYABLE_VOTES * RATE);

      const { rows } = await runtime.sql.query<{ item_id: string; votes: string | number }>(
        `SELECT item_id, COUNT(*) AS votes FROM evaluation_votes WHERE evaluation_id = $1 GROUP BY item_id`,
        [evaluationId],
      );
      expect(rows.reduce((sum, row) => sum + Number(row.votes), 0)).toBe(PAYABLE_VOTES);
      expect(rows.every((row) => Number(row.votes) <= 2)).toBe(true);
      // The ledger agrees: no user account is negative.
      for (const [, accounts] of runtime.ledger.state.users) {
        expect(
          accounts.spending.credits_posted -
            accounts.spending.debits_posted -
            accounts.spending.debits_pending,
        ).toBeGreaterThanOrEqual(0);
      }
    }, 300_000);

    it('expires a lease: the reservation is voided, the vote refused, the item offered again', async () => {
      await api.call('POST', '/dev/grant-credits', owner.headers, { amount_credits: RATE });
      const [late, next] = [evaluators[150]!, evaluators[151]!];
      const claim = await api.claim(late.headers, evaluationId);
      expect(claim.status).toBe(201);
      expect(await api.balance(owner.headers)).toBe(0);
      // Nobody else can take the last payable slot while the lease runs.
      expect((await api.claim(next.headers, evaluationId)).status).toBe(409);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await runtime.sql.query<{ status: string }>(
          `SELECT status FROM evaluation_assignments WHERE assignment_id = $1`,
          [claim.body.assignment_id],
        );
        if (rows[0]?.status === 'expired') break;
        if (Date.now() > deadline) throw new Error(`lease did not expire (status ${rows[0]?.status})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The wallet projection voids the reservation on its own; behind NATS it may land after
      // the assignment's expiry, and the balance waits for nobody's write here (the worker's).
      const balance = await eventually(
        () => api.balance(owner.headers),
        (credits) => credits === RATE,
      );
      expect(balance).toBe(RATE);
      const vote = await api.vote(late.headers, claim.body.assignment_id, 'bad');
      expect(vote.status).toBe(409);
      expect(vote.body.code).toBe('assignment_expired');
      // The claim book frees the slot a grace period after the ledger's lease (never before it).
      await new Promise((resolve) => setTimeout(resolve, BOOK_EXPIRY_GRACE_MS));
      const again = await api.claim(next.headers, evaluationId);
      expect(again.status).toBe(201);
      expect(again.body.item_id).toBe(claim.body.item_id);
    }, 60_000);
  });
}
