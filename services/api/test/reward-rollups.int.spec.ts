import type { LedgerCommand } from '@evalmarket/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardDays, rewardTotals, type Side } from '../src/analytics/reward-windows.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient, paidEvaluationWithCrowd, voteUntilNoItemLeft } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { injector } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

const DAY_MS = 86_400_000;
const SIDES: Side[] = [
  { context: 'spending', type: 'debit' },
  { context: 'earning', type: 'credit' },
];

for (const mode of runtimeModes()) {
  describe(`reward and vote roll-ups equal the rows they summarise: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let requester: SignedIn;
    let e1: SignedIn;
    let e2: SignedIn;
    const api = injector(() => runtime.app);

    const submit = async (commands: LedgerCommand[]) => {
      const results = await runtime.ledger.submitMany(commands, {});
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      if (last.ok) await runtime.projector.waitFor(last.events.at(-1)!.global_position);
    };
    const reserve = (id: string, evaluator: string, credits: number): LedgerCommand => ({
      type: 'ReserveReward',
      data: {
        transfer_id: id,
        requester_id: requester.userId,
        evaluator_id: evaluator,
        credits,
        timeout_ms: 3_600_000,
      },
    });
    const post = (id: string): LedgerCommand => ({
      type: 'PostReward',
      data: { transfer_id: id, vote_id: `v-${id}` },
    });

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      requester = await signIn(runtime, 'rollup-requester@example.com');
      e1 = await signIn(runtime, 'rollup-e1@example.com');
      e2 = await signIn(runtime, 'rollup-e2@example.com');
      await makeEvaluator(runtime, e1.userId);
      await makeEvaluator(runtime, e2.userId);
      await submit([
        { type: 'OpenUserAccounts', data: { user_id: requester.userId } },
        { type: 'OpenUserAccounts', data: { user_id: e1.userId } },
        { type: 'OpenUserAccounts', data: { user_id: e2.userId } },
        {
          type: 'PurchaseCredits',
          data: { purchase_id: 'pi_r', user_id: requester.userId, amount_usd: 100 },
        },
        // Reserved and paid in one batch: one row, counted once as completed.
        reserve('r1', e1.userId, 1000),
        post('r1'),
        reserve('r2', e2.userId, 700),
        reserve('r3', e1.userId, 300),
        reserve('r4', e1.userId, 200),
        reserve('r5', e2.userId, 50),
      ]);
      // Later batches move existing rows: paid, cancelled, skipped; one stays pending.
      await submit([post('r2')]);
      await submit([{ type: 'ReleaseReward', data: { transfer_id: 'r3', reason: 'cancelled' } }]);
      await submit([{ type: 'ReleaseReward', data: { transfer_id: 'r4', reason: 'skipped' } }, post('r5')]);
      await submit([reserve('r6', e2.userId, 400)]);
    }, 180_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    it('keeps wallet_reward_days equal to the reward rows grouped by person, side, UTC day and status', async () => {
      const grouped = await runtime.sql.query(
        `SELECT user_id, context, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, status,
           sum(abs(amount))::bigint AS credits, count(*)::bigint AS rewards
         FROM wallet_transactions
         WHERE code = 'reward' AND ((context = 'spending' AND type = 'debit') OR (context = 'earning' AND type = 'credit'))
         GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      );
      const rolled = await runtime.sql.query(
        `SELECT user_id, context, to_char(day, 'YYYY-MM-DD') AS day, status, credits, rewards
         FROM wallet_reward_days ORDER BY 1, 2, 3, 4`,
      );
      const plain = (rows: Record<string, unknown>[]) =>
        rows.map((row) => ({ ...row, credits: Number(row.credits), rewards: Number(row.rewards) }));
      expect(plain(rolled.rows)).toEqual(plain(grouped.rows));
      const statuses = new Set(rolled.rows.map((row) => `${row.context}:${row.status}`));
      expect(statuses).toEqual(
        new Set([
          'spending:completed',
          'spending:pending',
          'spending:cancelled',
          'earning:completed',
          'earning:pending',
          'earning:cancelled',
        ]),
      );
      // No empty bucket is left behind by a row that changed status.
      expect(rolled.rows.every((row) => Number(row.rewards) > 0)).toBe(true);
    });

    it('sums any window, cut at midnights or not, the same as the rows', async () => {
      const now = new Date();
      const midnight = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
      const starts = [
        new Date(0),
        new Date(midnight.getTime() - DAY_MS),
        midnight,
        new Date(now.getTime() - 3_600_000),
        new Date(now.getTime() - 30 * DAY_MS),
      ];
      const ends = [
        now,
        new Date(now.getTime() + 3_600_000),
        new Date(midnight.getTime() + DAY_MS),
        new Date('9999-12-31T00:00:00Z'),
      ];
      for (const side of SIDES) {
        for (const who of [requester, e1, e2]) {
          for (const status of ['completed', 'pending', 'cancelled']) {
            for (const from of starts) {
              for (const to of ends) {
                const { rows } = await runtime.sql.query<{ credits: string | number; n: string | number }>(
                  `SELECT COALESCE(sum(abs(amount)), 0) AS credits, count(*) AS n FROM wallet_transactions
                   WHERE user_id = $1 AND context = $2 AND type = $3 AND code = 'reward' AND status = $4
                     AND created_at >= $5 AND created_at < $6`,
                  [who.userId, side.context, side.type, status, from, to],
                );
                const expected = { credits: Number(rows[0]!.credits), count: Number(rows[0]!.n) };
                const label = `${side.context} ${status} ${from.toISOString()}..${to.toISOString()}`;
                expect(await rewardTotals(runtime.sql, who.userId, side, status, from, to), label).toEqual(
                  expected,
                );
              }
            }
          }
          const days = await rewardDays(runtime.sql, who.userId, side, starts[1]!, ends[2]!);
          const { rows } = await runtime.sql.query<{
            day: string;
            credits: string | number;
            n: string | number;
          }>(
            `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(abs(amount)) AS credits, count(*) AS n
             FROM wallet_transactions WHERE user_id = $1 AND context = $2 AND type = $3 AND code = 'reward'
               AND status = 'completed' AND created_at >= $4 AND created_at < $5 GROUP BY 1 ORDER BY 1`,
            [who.userId, side.context, side.type, starts[1], ends[2]],
          );
          expect(days).toEqual(
            rows.map((row) => ({ day: row.day, credits: Number(row.credits), count: Number(row.n) })),
          );
        }
      }
    });

    it('answers the billing summaries from the roll-up with the figures of the rows', async () => {
      const spending = await api.send({
        method: 'GET',
        url: '/api/v1/billing/summary/spending',
        headers: requester.headers,
      });
      expect(spending.statusCode).toBe(200);
      // Paid: r1 1,000 + r2 700 + r5 50.
      expect(spending.json()).toMatchObject({ total_spent: 1.75, this_month: 1.75, avg_cost: 0.58 });
      const earning = await api.send({
        method: 'GET',
        url: '/api/v1/billing/summary/earning',
        headers: e2.headers,
      });
      expect(earning.statusCode).toBe(200);
      const month = new Date().toISOString().slice(0, 7);
      expect(earning.json()).toMatchObject({
        total_earnings: 0.75,
        pending: 0.4,
        evaluations: 2,
        earnings_history: [{ month, amount: 0.75 }],
      });
    });

    it("keeps evaluation_vote_days equal to the votes and the budget's figures to theirs", async () => {
      const world = await paidEvaluationWithCrowd(runtime, {
        name: 'rollup-votes',
        evaluators: 3,
        items: 3,
        rate: 7,
      });
      await voteUntilNoItemLeft(runtime, world.evaluationId, world.evaluators);
      const loop = evaluationClient(runtime);
      const votes = await runtime.sql.query<{ votes: string | number; credits: string | number }>(
        `SELECT count(*) AS votes, sum(reward_credits) AS credits FROM evaluation_votes WHERE evaluation_id = $1`,
        [world.evaluationId],
      );
      const days = await runtime.sql.query<{ votes: string | number; credits: string | number }>(
        `SELECT sum(votes) AS votes, sum(credits) AS credits FROM evaluation_vote_days WHERE evaluation_id = $1`,
        [world.evaluationId],
      );
      expect(Number(votes.rows[0]!.votes)).toBe(6);
      expect(days.rows.map((row) => [Number(row.votes), Number(row.credits)])).toEqual([
        [6, Number(votes.rows[0]!.credits)],
      ]);
      const budget = await loop.call('GET', `/evaluations/${world.evaluationId}/budget`, world.owner.headers);
      expect(budget.status).toBe(200);
      expect(budget.body).toMatchObject({
        total_spent: Number(votes.rows[0]!.credits),
        community_evaluations_count: 6,
        expert_evaluations_count: 0,
      });
    }, 60_000);
  });
}
