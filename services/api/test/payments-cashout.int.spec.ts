import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { makeEvaluator } from './support/evaluators.js';
import { FUNDS_SETTLING } from '../src/payments/cashout.js';
import { CASHOUT_REVERSED_REASON } from '../src/payments/cashout-reversal.js';
import { MAXIMUM_FUNDS_ATTEMPTS, WAITING_FOR_FUNDS } from '../src/payments/cashout-funds-wait.js';
import { sweepCashouts } from '../src/payments/payments-worker.js';
import { expectAuditGreen, fundPlatform, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`Stripe Connect and cash-out: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let people = 0;
    beforeAll(async () => {
      // A minimum of 10 credits lets the fee edge cases through; the default is covered below.
      runtime = await startTestRuntime(mode, { minimumCashoutCredits: 10 });
    });
    afterAll(() => runtime?.stop());

    const api = injector(() => runtime.app);
    const earning = async (headers: Record<string, string>) =>
      (await api.call('GET', '/wallet/balance?context=earning', headers)).json<{ credits_balance: number }>()
        .credits_balance;

    async function earn(userId: string, credits: number) {
      const result = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: userId } },
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: `earn-${userId}-${credits}`,
            user_id: userId,
            context: 'earning',
            amount_credits: credits,
            reason: 'votes',
            actor_id: 'test',
          },
        },
      ]);
      const last = result[1]!;
      if (!last.ok) throw new Error(last.message);
      await runtime.projector.waitFor(last.events[0]!.global_position);
    }

    /** A verified evaluator with a finished Connect onboarding and `credits` of earnings. */
    async function readyEvaluator(credits: number) {
      people += 1;
      const person = await signIn(runtime, `evaluator${people}@example.com`);
      await makeEvaluator(runtime, person.userId, { status: 'verified' });
      const created = await api.call('POST', '/payments/connect/create-account', person.headers);
      expect(created.json()).toMatchObject({ status: 'created' });
      const link = (await api.call('POST', '/payments/connect/onboarding-link', person.headers)).json<{
        onboarding_url: string;
      }>();
      const { fake } = await localStripe(runtime);
      await fetch(link.onboarding_url, { redirect: 'manual' });
      await fake.idle();
      await earn(person.userId, credits);
      await fundPlatform(runtime, credits / 10);
      return person;
    }

    it('connects a payout account through onboarding and account.updated', async () => {
      const person = await signIn(runtime, 'connect@example.com');
      expect((await api.call('GET', '/payments/connect/status', person.headers)).json()).toEqual({
        has_account: false,
        details_submitted: false,
        payouts_enabled: false,
      });
      expect((await api.call('POST', '/payments/connect/dashboard-link', person.headers)).statusCode).toBe(
        404,
      );
      const setup = await api.call('POST', '/payments/setup-earning', person.headers);
      expect(setup.json()).toMatchObject({
        status: 'created',
        onboarding_url: expect.stringContaining('/_fake/onboarding/'),
      });
      expect(
        (await api.call('POST', '/payments/connect/create-account', person.headers)).json(),
      ).toMatchObject({ status: 'existing' });
      const { fake } = await localStripe(runtime);
      await fetch(setup.json<{ onboarding_url: string }>().onboarding_url, { redirect: 'manual' });
      await fake.idle();
      expect((await api.call('GET', '/payments/connect/status', person.headers)).json()).toEqual({
        has_account: true,
        details_submitted: true,
        payouts_enabled: true,
      });
      expect((await api.call('POST', '/payments/verify-bank', person.headers)).json()).toMatchObject({
        verified: true,
      });
      expect(
        (await api.call('POST', '/payments/connect/dashboard-link', person.headers)).json(),
      ).toMatchObject({
        dashboard_url: expect.stringContaining('/_fake/express/'),
      });
      expect((await api.call('POST', '/payments/connect/disconnect', person.headers)).json()).toEqual({
        disconnected: true,
      });
      expect((await api.call('GET', '/payments/connect/status', person.headers)).json()).toMatchObject({
        has_account: false,
      });
    });

    it('refuses people who are not verified or have no payouts, with the status saying why', async () => {
      const pending = await signIn(runtime, 'pending@example.com');
      await makeEvaluator(runtime, pending.userId, { status: 'pending' });
      await earn(pending.userId, 20_000);
      const status = (await api.call('GET', '/evaluator/status', pending.headers)).json();
      expect(status).toMatchObject({
        evaluator_status: 'pending',
        earning_balance: 20_000,
        minimum_cashout_credits: 10,
        can_cashout: false,
        stripe_connect_status: { has_account: false, payouts_enabled: false },
      });
      expect((await api.call('POST', '/evaluator/cashout', pending.headers)).statusCode).toBe(403);
      const stranger = await signIn(runtime, 'stranger@example.com');
      expect((await api.call('GET', '/evaluator/status', stranger.headers)).json()).toMatchObject({
        evaluator_status: 'not_applied',
      });
      const verified = await signIn(runtime, 'nobank@example.com');
      await makeEvaluator(runtime, verified.userId);
      expect((await api.call('POST', '/evaluator/cashout', verified.headers)).statusCode).toBe(409);
    });

    it.each([
      // [balance, amount_credits sent, status, gross, fee, net, left]
      [10_005, undefined, 200, 10_000, 1_000, 9_000, 5],
      [10, undefined, 200, 10, 0, 10, 0],
      [50, 50, 200, 50, 10, 40, 0],
      [12_340, undefined, 200, 12_340, 1_230, 11_110, 0],
      [1_000, 9, 422, 0, 0, 0, 1_000],
      [1_000, 15, 422, 0, 0, 0, 1_000],
      [9, undefined, 422, 0, 0, 0, 9],
      [1_000, 2_000, 402, 0, 0, 0, 1_000],
    ])(
      'balance %i, amount %s: status %i, gross %i, fee %i, net %i, left %i',
      async (credits, amount, status, gross, fee, net, left) => {
        const person = await readyEvaluator(credits);
        const reply = await api.call(
          'POST',
          '/evaluator/cashout',
          person.headers,
          amount === undefined ? undefined : { amount_credits: amount },
        );
        expect(reply.statusCode, reply.body).toBe(status);
        if (status === 200) {
          expect(reply.json()).toMatchObject({
            status: 'paid',
            gross_credits: gross,
            fee_credits: fee,
            net_credits: net,
            gross_usd: gross / 1000,
            fee_usd: fee / 1000,
            net_usd: net / 1000,
            stripe_transfer_id: expect.stringMatching(/^tr_/),
            estimated_arrival: '2-3 business days',
          });
          const { gateway } = await localStripe(runtime);
          const transfer = await gateway.stripe.transfers.retrieve(
            reply.json<{ stripe_transfer_id: string }>().stripe_transfer_id,
          );
          expect(transfer.amount).toBe(net / 10);
        }
        expect(await earning(person.headers)).toBe(left);
        await expectAuditGreen(runtime);
      },
    );

    it('a reversed transfer gives the paid cash-out back once, in the wallet, history and staff list', async () => {
      const person = await readyEvaluator(12_340);
      const paid = (await api.call('POST', '/evaluator/cashout', person.headers)).json<{
        cashout_id: string;
        stripe_transfer_id: string;
        status: string;
      }>();
      expect(paid.status).toBe('paid');
      expect(await earning(person.headers)).toBe(0);
      const { fake, gateway } = await localStripe(runtime);
      // Stripe delivers transfer.reversed to the platform endpoint; a redelivery (a second
      // event for the same transfer) must not pay twice.
      fake.reverseTransfer(paid.stripe_transfer_id);
      await fake.idle();
      fake.reverseTransfer(paid.stripe_transfer_id);
      await fake.idle();
      expect((await gateway.stripe.transfers.retrieve(paid.stripe_transfer_id)).reversed).toBe(true);
      expect(await earning(person.headers)).toBe(12_340);
      const transactions = (
        await api.call('GET', '/wallet/transactions?context=earning', person.headers)
      ).json<Array<{ type: string; amount: number; status: string; description: string }>>();
      expect(
        transactions.filter((t) => t.type === 'credit' && t.description.includes(CASHOUT_REVERSED_REASON)),
      ).toEqual([expect.objectContaining({ amount: 12_340, status: 'completed' })]);
      const { rows } = await runtime.sql.query(
        `SELECT status, failure_reason FROM cashouts WHERE cashout_id = $1`,
        [paid.cashout_id],
      );
      expect(rows).toEqual([{ status: 'reversed', failure_reason: CASHOUT_REVERSED_REASON }]);
      const admin = await signIn(runtime, 'finance@example.com', { admin: true });
      const listed = await api.call(
        'GET',
        `/admin/cashouts?filter=${encodeURIComponent(JSON.stringify({ user_id: person.userId }))}`,
        admin.headers,
      );
      expect(listed.json()).toEqual([
        expect.objectContaining({ status: 'reversed', failure_reason: CASHOUT_REVERSED_REASON }),
      ]);
      await expectAuditGreen(runtime);
    });

    it('a failed bank payout tells the evaluator and moves no credits (the money stays at Stripe)', async () => {
      const person = await readyEvaluator(12_340);
      expect((await api.call('POST', '/evaluator/cashout', person.headers)).json()).toMatchObject({
        status: 'paid',
      });
      const { rows: accounts } = await runtime.sql.query<{ stripe_account_id: string }>(
        `SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1`,
        [person.userId],
      );
      const { fake } = await localStripe(runtime);
      fake.failPayout(accounts[0]!.stripe_account_id, 1_111);
      await fake.idle();
      const { rows } = await runtime.sql.query(
        `SELECT kind, message FROM payment_notifications WHERE user_id = $1 AND kind = 'payout_failed'`,
        [person.userId],
      );
      expect(rows).toEqual([
        { kind: 'payout_failed', message: expect.stringContaining('refused a payout of $11.11') },
      ]);
      expect(await earning(person.headers)).toBe(0);
      await expectAuditGreen(runtime);
    });

    /** Makes the platform's available balance zero while new card money stays pending. */
    async function holdBackFunds() {
      const { fake, gateway } = await localStripe(runtime);
      const { available } = await gateway.stripe.balance.retrieve();
      const spare = available[0]!.amount;
      fake.switches.fundsAvailableAfterSeconds = 3600;
      if (spare > 0) {
        const account = await gateway.stripe.accounts.create({
          controller: { stripe_dashboard: { type: 'express' } },
          country: 'US',
          capabilities: { transfers: { requested: true } },
        });
        fake.completeOnboarding(account.id);
        await gateway.stripe.transfers.create({ amount: spare, currency: 'usd', destination: account.id });
      }
    }
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const statusOf = async (userId: string) =>
      (await runtime.sql.query(`SELECT status, funds_attempts FROM cashouts WHERE user_id = $1`, [userId]))
        .rows;

    it('a transfer refused for unsettled funds waits, pending, and the worker pays it once funds arrive', async () => {
      const person = await readyEvaluator(25_000);
      const { fake, gateway } = await localStripe(runtime);
      try {
        await holdBackFunds();
        const reply = await api.call('POST', '/evaluator/cashout', person.headers, {});
        expect(reply.statusCode).toBe(200);
        expect(reply.json()).toMatchObject({
          status: 'pending',
          gross_credits: 25_000,
          failure_reason: null,
          status_message: WAITING_FOR_FUNDS,
        });
        expect(reply.body).not.toContain('Stripe account');
        expect(await earning(person.headers)).toBe(0);
        // Not due yet: the worker leaves it alone; due but still no funds: another refusal.
        await sweepCashouts(runtime.context, await runtime.context.payments());
        expect(await statusOf(person.userId)).toEqual([{ status: 'pending', funds_attempts: 1 }]);
        await sweepCashouts(runtime.context, await runtime.context.payments(), later(1));
        expect(await statusOf(person.userId)).toEqual([{ status: 'pending', funds_attempts: 2 }]);
      } finally {
        fake.switches.fundsAvailableAfterSeconds = 0;
      }
      await fundPlatform(runtime, 100_00);
      const availableCents = async () => (await gateway.stripe.balance.retrieve()).available[0]!.amount;
      const before = await availableCents();
      await sweepCashouts(runtime.context, await runtime.context.payments(), later(2));
      await sweepCashouts(runtime.context, await runtime.context.payments(), later(3));
      expect(await statusOf(person.userId)).toEqual([{ status: 'paid', funds_attempts: 2 }]);
      // One transfer of the net (22,500 credits = $22.50), however often the worker looks.
      expect(before - (await availableCents())).toBe(2_250);
      expect(await earning(person.headers)).toBe(0);
      await expectAuditGreen(runtime);
    });

    it('a cash-out still without funds after the last attempt fails with a clear message and restores the balance', async () => {
      const person = await readyEvaluator(25_000);
      const { fake } = await localStripe(runtime);
      try {
        await holdBackFunds();
        await api.call('POST', '/evaluator/cashout', person.headers, {});
        for (let attempt = 1; attempt < MAXIMUM_FUNDS_ATTEMPTS; attempt += 1) {
          await sweepCashouts(runtime.context, await runtime.context.payments(), later(7 * attempt));
        }
      } finally {
        fake.switches.fundsAvailableAfterSeconds = 0;
      }
      expect(await statusOf(person.userId)).toEqual([
        { status: 'failed', funds_attempts: MAXIMUM_FUNDS_ATTEMPTS - 1 },
      ]);
      const { rows } = await runtime.sql.query(`SELECT failure_reason FROM cashouts WHERE user_id = $1`, [
        person.userId,
      ]);
      expect(rows).toEqual([{ failure_reason: FUNDS_SETTLING }]);
      expect(await earning(person.headers)).toBe(25_000);
      await fundPlatform(runtime, 100_00);
      const again = await api.call('POST', '/evaluator/cashout', person.headers);
      expect(again.json()).toMatchObject({ status: 'paid', net_credits: 22_500, status_message: null });
      expect(await earning(person.headers)).toBe(0);
      await expectAuditGreen(runtime);
    });

    it('answers a resend whose first reply was lost with that cash-out, not a new balance check', async () => {
      const person = await readyEvaluator(5_000);
      const headers = { ...person.headers, 'idempotency-key': 'lost-reply-1' };
      const first = await api.call('POST', '/evaluator/cashout', headers, {});
      expect(first.json()).toMatchObject({ status: 'paid', gross_credits: 5_000 });
      // The replica crashed after the cash-out landed, before its reply was kept.
      await runtime.sql.query(`DELETE FROM http_idempotency WHERE idempotency_key = 'lost-reply-1'`);
      const resent = await api.call('POST', '/evaluator/cashout', headers, {});
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual(first.json());
      expect(await earning(person.headers)).toBe(0);
      const { rows } = await runtime.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM event_log WHERE type = 'CashoutRequested' AND data->>'user_id' = $1`,
        [person.userId],
      );
      expect(rows[0]!.n).toBe(1);
      await expectAuditGreen(runtime);
    });
  });

  describe(`cash-out minimum from config: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(() => runtime?.stop());

    it('holds back balances under minimum_cashout_credits and pays the minimum exactly', async () => {
      const person = await signIn(runtime, 'minimum@example.com');
      await makeEvaluator(runtime, person.userId);
      const api = injector(() => runtime.app);
      await api.call('POST', '/payments/connect/create-account', person.headers);
      const { onboarding_url } = (
        await api.call('POST', '/payments/connect/onboarding-link', person.headers)
      ).json<{
        onboarding_url: string;
      }>();
      const { fake } = await localStripe(runtime);
      await fetch(onboarding_url, { redirect: 'manual' });
      await fake.idle();
      await fundPlatform(runtime, 100_00);
      const grant = async (credits: number, id: string) => {
        const [, adjusted] = await runtime.ledger.submitMany([
          { type: 'OpenUserAccounts', data: { user_id: person.userId } },
          {
            type: 'AdjustCredits',
            data: {
              adjustment_id: id,
              user_id: person.userId,
              context: 'earning',
              amount_credits: credits,
              reason: 'votes',
              actor_id: 'test',
            },
          },
        ]);
        if (!adjusted!.ok) throw new Error(adjusted!.message);
        await runtime.projector.waitFor(adjusted!.events[0]!.global_position);
      };
      await grant(9_990, 'min-1');
      const status = (await api.call('GET', '/evaluator/status', person.headers)).json();
      expect(status).toMatchObject({
        minimum_cashout_credits: 10_000,
        can_cashout: false,
        earning_balance: 9_990,
      });
      const below = await api.call('POST', '/evaluator/cashout', person.headers, {});
      expect(below.statusCode).toBe(422);
      expect(below.json().detail).toContain('Minimum Balance Not Met');
      await grant(10, 'min-2');
      expect((await api.call('GET', '/evaluator/status', person.headers)).json()).toMatchObject({
        can_cashout: true,
      });
      expect((await api.call('POST', '/evaluator/cashout', person.headers)).json()).toMatchObject({
        status: 'paid',
        gross_credits: 10_000,
        fee_credits: 1_000,
        net_credits: 9_000,
      });
      await expectAuditGreen(runtime);
    });
  });
}
