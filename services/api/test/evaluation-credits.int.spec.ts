import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';
import { injector } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

/*
 * The staff evaluations list reads credits spent and reserved from the roll-up the evaluation
 * projection keeps (evaluation_credits). It must say what the owner's reward transactions of the
 * evaluation's claims say, which the list summed before: a vote spends, an open claim reserves,
 * a released claim does neither.
 */
const RATE = 10;

/** The list's former figures: the owner's reward debits joined with the evaluation's claims. */
const FROM_WALLET = `SELECT e.id,
    (SELECT COALESCE(sum(abs(w.amount)), 0) FROM wallet_transactions w
       JOIN evaluation_assignments a ON a.transfer_id = w.transfer_id
     WHERE a.evaluation_id = e.id AND w.user_id = e.creator_id AND w.context = 'spending' AND w.type = 'debit'
       AND w.code = 'reward' AND w.status = 'completed') AS spent,
    (SELECT COALESCE(sum(abs(w.amount)), 0) FROM wallet_transactions w
       JOIN evaluation_assignments a ON a.transfer_id = w.transfer_id
     WHERE a.evaluation_id = e.id AND w.user_id = e.creator_id AND w.context = 'spending' AND w.type = 'debit'
       AND w.code = 'reward' AND w.status = 'pending') AS reserved
  FROM evaluations e WHERE e.id = $1`;

for (const mode of runtimeModes()) {
  describe(`staff evaluations: credits from the per-evaluation roll-up: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    async function caughtUp(): Promise<void> {
      const head = await runtime.store.headPosition();
      await runtime.projector.waitFor(head, 20_000);
      await runtime.domainProjector.waitFor(head, 20_000);
    }

    it('spends on a vote, reserves on an open claim and gives back a released one', async () => {
      const api = evaluationClient(runtime);
      const admin = await signIn(runtime, 'credits-boss@example.com', { admin: true });
      const world = await paidEvaluationWithCrowd(runtime, {
        name: 'credits',
        evaluators: 3,
        items: 2,
        rate: RATE,
      });
      const [voter, releaser, holder] = world.evaluators;
      const figures = async () => {
        await caughtUp();
        const reply = await injector(() => runtime.app).send({
          method: 'GET',
          url: `/api/v1/admin/evaluations/${world.evaluationId}`,
          headers: admin.headers,
        });
        expect(reply.statusCode, reply.body).toBe(200);
        const row = reply.json<{ credits_spent: number; credits_reserved: number }>();
        const { rows } = await runtime.sql.query<{ spent: string | number; reserved: string | number }>(
          FROM_WALLET,
          [world.evaluationId],
        );
        expect({ spent: Number(rows[0]!.spent), reserved: Number(rows[0]!.reserved) }).toEqual({
          spent: row.credits_spent,
          reserved: row.credits_reserved,
        });
        return { spent: row.credits_spent, reserved: row.credits_reserved };
      };
      expect(await figures()).toEqual({ spent: 0, reserved: 0 });

      const voted = await api.claim(voter!.headers, world.evaluationId);
      expect(voted.status, JSON.stringify(voted.body)).toBe(201);
      expect(await figures()).toEqual({ spent: 0, reserved: RATE });
      expect((await api.vote(voter!.headers, voted.body.assignment_id, 'good')).status).toBe(201);
      expect(await figures()).toEqual({ spent: RATE, reserved: 0 });

      const released = await api.claim(releaser!.headers, world.evaluationId);
      expect(released.status, JSON.stringify(released.body)).toBe(201);
      const held = await api.claim(holder!.headers, world.evaluationId);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      expect(await figures()).toEqual({ spent: RATE, reserved: 2 * RATE });
      const release = await api.release(releaser!.headers, released.body.assignment_id);
      expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
      expect(await figures()).toEqual({ spent: RATE, reserved: RATE });
    }, 120_000);
  });
}
