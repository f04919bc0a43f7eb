import type { TWalletTransaction } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoRechargeOnce } from '../src/payments/payments-worker.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { evaluationClient, paidEvaluationWithCrowd } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { eventually, fundPlatform, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

/*
 * Wallet rows say what they are (issue 23): a reward names its evaluation on both sides, a
 * released reward is cancelled, an auto-recharge is not an ordinary purchase, and a cash-out
 * carries its gross, fee and net.
 */
for (const mode of runtimeModes()) {
  describe(`wallet rows name their movement: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { minimumCashoutCredits: 10 });
    });
    afterAll(() => runtime?.stop());

    const { call } = injector(() => runtime.app);
    const rows = async (headers: Record<string, string>, context?: 'spending' | 'earning') =>
      (await call('GET', `/wallet/transactions${context ? `?context=${context}` : ''}`, headers)).json<
        TWalletTransaction[]
      >();

    it('names the evaluation of a reward on both sides and shows a released one as cancelled', async () => {
      const api = evaluationClient(runtime);
      const { owner, evaluators, evaluationId } = await paidEvaluationWithCrowd(runtime, {
        name: 'rows',
        evaluators: 1,
        items: 2,
        rate: 300,
      });
      const person = evaluators[0]!;
      const first = await api.claim(person.headers, evaluationId);
      expect((await api.vote(person.headers, first.body.assignment_id, 'good')).status).toBe(201);
      const second = await api.claim(person.headers, evaluationId);
      expect((await api.release(person.headers, second.body.assignment_id)).status).toBeLessThan(300);

      const evaluation = { id: evaluationId, title: 'Chatbot answers' };
      const earned = await rows(person.headers, 'earning');
      expect(earned).toEqual([
        expect.objectContaining({
          kind: 'reward',
          status: 'cancelled',
          amount: 300,
          evaluation,
          cashout: null,
        }),
        expect.objectContaining({ kind: 'reward', status: 'completed', amount: 300, evaluation }),
      ]);
      const spent = await rows(owner.headers, 'spending');
      expect(spent.filter((row) => row.kind === 'reward')).toEqual([
        expect.objectContaining({ type: 'debit', status: 'cancelled', evaluation }),
        expect.objectContaining({ type: 'debit', status: 'completed', evaluation }),
      ]);
      // Rows that are not rewards name no evaluation.
      expect(spent.filter((row) => row.kind !== 'reward').every((row) => row.evaluation === null)).toBe(true);
    }, 120_000);

    it('tells an auto-recharge from a purchase', async () => {
      const { userId, headers } = await signIn(runtime, 'rows-recharge@example.com');
      const { fake, browser, gateway } = await localStripe(runtime);
      const setup = (await call('POST', '/wallet/setup-payment-method', headers)).json<{
        setup_intent_id: string;
      }>();
      await browser.setupIntents.confirm(setup.setup_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      const { payment_intent_id } = (
        await call('POST', '/wallet/purchase-credits', headers, { amount_usd: 50 })
      ).json<{ payment_intent_id: string }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      expect(
        (
          await call('POST', '/wallet/auto-recharge/configure', headers, {
            threshold_credits: 10_000,
            purchase_amount_credits: 50_000,
          })
        ).statusCode,
      ).toBe(200);
      const spent = await runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id: 'rows-spend',
          user_id: userId,
          context: 'spending',
          amount_credits: -45_000,
          reason: 'spent',
          actor_id: 'test',
        },
      });
      expect(spent.ok).toBe(true);
      await runAutoRechargeOnce(runtime.context, gateway);
      // The wallet row and the auto-recharge record that names it are projected apart, so the
      // row may be listed as a plain purchase for a moment (list-wallet-transactions.ts): wait for
      // the name, then check every row.
      const listed = await eventually(
        () => rows(headers, 'spending'),
        (all) => all.length === 3 && all[0]?.kind === 'auto_recharge',
      );
      expect(listed.map((row) => [row.kind, row.type, row.amount])).toEqual([
        ['auto_recharge', 'credit', 50_000],
        ['adjustment', 'debit', 45_000],
        ['purchase', 'credit', 50_000],
      ]);
    }, 120_000);

    it('gives a cash-out row its gross, fee and net', async () => {
      const person = await signIn(runtime, 'rows-cashout@example.com');
      await makeEvaluator(runtime, person.userId, { status: 'verified' });
      await call('POST', '/payments/connect/create-account', person.headers);
      const link = (await call('POST', '/payments/connect/onboarding-link', person.headers)).json<{
        onboarding_url: string;
      }>();
      const { fake } = await localStripe(runtime);
      await fetch(link.onboarding_url, { redirect: 'manual' });
      await fake.idle();
      const granted = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: person.userId } },
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: 'rows-earned',
            user_id: person.userId,
            context: 'earning',
            amount_credits: 13_000,
            reason: 'votes',
            actor_id: 'test',
          },
        },
      ]);
      const last = granted[1]!;
      if (!last.ok) throw new Error(last.message);
      await runtime.projector.waitFor(last.events[0]!.global_position);
      await fundPlatform(runtime, 1_300);
      const cashout = await call('POST', '/evaluator/cashout', person.headers);
      expect(cashout.json()).toMatchObject({ status: 'paid' });
      const [row] = await rows(person.headers, 'earning');
      expect(row).toMatchObject({
        kind: 'cashout',
        type: 'debit',
        amount: 13_000,
        status: 'completed',
        evaluation: null,
        cashout: { gross_credits: 13_000, fee_credits: 1_300, net_credits: 11_700 },
      });
    }, 120_000);
  });
}
