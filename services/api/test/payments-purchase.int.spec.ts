import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { countEvents, eventually, expectAuditGreen, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`credit purchases through Stripe (local test mode): ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(() => runtime?.stop());

    const api = injector(() => runtime.app);
    const balance = async (headers: Record<string, string>) =>
      (await api.call('GET', '/wallet/balance', headers)).json<{ credits_balance: number }>().credits_balance;

    it('says it runs payments in local mode', async () => {
      const reply = await api.call('GET', '/payments/config', {});
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({
        mode: 'local',
        api_base: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
    });

    it('purchase -> confirm at the fake -> signed webhook -> credits', async () => {
      const { headers } = await signIn(runtime, 'buyer@example.com');
      const { fake, browser } = await localStripe(runtime);
      const created = await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 50 });
      expect(created.statusCode).toBe(200);
      const body = created.json<{ client_secret: string; payment_intent_id: string; credits: number }>();
      expect(body.client_secret).toMatch(/^pi_.+_secret_/);
      expect(body.credits).toBe(50_000);
      // No credits before the payment succeeds.
      expect(await balance(headers)).toBe(0);
      await browser.paymentIntents.confirm(body.payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      expect(await balance(headers)).toBe(50_000);
      const wallet = (await api.call('GET', '/wallet/', headers)).json();
      expect(wallet).toMatchObject({
        spending_balance: 50_000,
        earning_balance: 0,
        currency: 'USD',
        bonus_claimed: false,
      });
      const transactions = (await api.call('GET', '/wallet/transactions', headers)).json<
        Array<{ amount: number; status: string }>
      >();
      expect(transactions[0]).toMatchObject({ amount: 50_000, status: 'completed' });
      await expectAuditGreen(runtime);
    });

    it('a declined card gives no credits', async () => {
      const { headers } = await signIn(runtime, 'declined@example.com');
      const { fake, browser } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 60 })
      ).json<{ payment_intent_id: string }>();
      await expect(
        browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_chargeDeclined' }),
      ).rejects.toMatchObject({
        code: 'card_declined',
      });
      await fake.idle();
      expect(await balance(headers)).toBe(0);
    });

    it('50 concurrent deliveries of one webhook credit once', async () => {
      const { headers } = await signIn(runtime, 'fifty@example.com');
      const { fake, browser } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 75 })
      ).json<{ payment_intent_id: string }>();
      fake.switches.webhookCopies = 50;
      try {
        await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
        await fake.idle();
      } finally {
        fake.switches.webhookCopies = 1;
      }
      const deliveries = fake.delivered.filter(
        (d) => d.type === 'payment_intent.succeeded' && d.status === 200,
      );
      expect(deliveries.length).toBeGreaterThanOrEqual(50);
      expect(await balance(headers)).toBe(75_000);
      expect(await countEvents(runtime, 'CreditsPurchased', 'purchase_id', payment_intent_id)).toBe(1);
      await expectAuditGreen(runtime);
    });

    it('a refund that overtakes its payment event still credits then takes back, once', async () => {
      const { headers } = await signIn(runtime, 'reorder@example.com');
      const { fake, browser, gateway } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 100 })
      ).json<{ payment_intent_id: string }>();
      Object.assign(fake.switches, { webhookMode: 'hold', reverseOnFlush: true, webhookCopies: 2 });
      try {
        await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
        await gateway.stripe.refunds.create({ payment_intent: payment_intent_id, amount: 4_000 });
        await fake.flushWebhooks();
      } finally {
        Object.assign(fake.switches, { webhookMode: 'immediate', reverseOnFlush: false, webhookCopies: 1 });
      }
      expect(await balance(headers)).toBe(100_000 - 40_000);
      expect(await countEvents(runtime, 'CreditsPurchased', 'purchase_id', payment_intent_id)).toBe(1);
      await expectAuditGreen(runtime);
    });

    it('a refund after the credits were spent takes what is left and records the shortfall', async () => {
      const { userId, headers } = await signIn(runtime, 'spender@example.com');
      const { fake, browser, gateway } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 50 })
      ).json<{ payment_intent_id: string }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      const spent = await runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id: 'spend-1',
          user_id: userId,
          context: 'spending',
          amount_credits: -45_000,
          reason: 'spent on votes',
          actor_id: 'test',
        },
      });
      expect(spent.ok).toBe(true);
      await gateway.stripe.refunds.create({ payment_intent: payment_intent_id });
      await fake.idle();
      expect(await balance(headers)).toBe(0);
      // The payments projection's row; with the projector behind NATS it may land after the balance.
      const { rows } = await eventually(
        () =>
          runtime.sql.query(
            'SELECT refunded_credits, recovered_credits, shortfall_credits FROM refund_shortfalls WHERE user_id = $1',
            [userId],
          ),
        (found) => found.rows.length > 0,
      );
      expect(
        rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))),
      ).toEqual([{ refunded_credits: 50_000, recovered_credits: 5_000, shortfall_credits: 45_000 }]);
      await expectAuditGreen(runtime);
    });

    it('a dispute takes the credits back', async () => {
      const { headers } = await signIn(runtime, 'dispute@example.com');
      const { fake, browser } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 50 })
      ).json<{ payment_intent_id: string }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      fake.createDispute(payment_intent_id);
      await fake.idle();
      expect(await balance(headers)).toBe(0);
    });

    it('shows the first-project bonus as claimed once granted, and the per-context wallet', async () => {
      const { userId, headers } = await signIn(runtime, 'bonus@example.com');
      expect((await api.call('GET', '/wallet/', headers)).json()).toMatchObject({
        bonus_claimed: false,
        bonus_credits: 5_000,
      });
      const [, granted] = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: userId } },
        { type: 'GrantBonus', data: { user_id: userId } },
      ]);
      if (!granted!.ok) throw new Error(granted!.message);
      await runtime.projector.waitFor(granted!.events[0]!.global_position);
      expect((await api.call('GET', '/wallet/', headers)).json()).toMatchObject({
        bonus_claimed: true,
        spending_balance: 5_000,
      });
      expect((await api.call('GET', '/wallet/context/spending', headers)).json()).toEqual({
        context: 'spending',
        credits_balance: 5_000,
        usd_equivalent: 5,
        pending_balance: 0,
        currency: 'USD',
      });
      expect((await api.call('GET', '/wallet/context/savings', headers)).statusCode).toBe(422);
    });

    it('needs a signed-in person on every wallet and payments route, and documents them', async () => {
      for (const [method, url] of [
        ['GET', '/wallet/'],
        ['GET', '/wallet/payment-methods'],
        ['POST', '/wallet/setup-payment-method'],
        ['GET', '/wallet/auto-recharge/status'],
        ['GET', '/payments/setup-status'],
        ['POST', '/payments/connect/create-account'],
        ['GET', '/evaluator/status'],
        ['POST', '/evaluator/cashout'],
      ] as const) {
        const reply = await api.call(method, url, {});
        expect(reply.statusCode, url).toBe(401);
        expect(reply.json()).toMatchObject({ detail: 'No authentication token available' });
      }
      const docs = (await runtime.app.inject({ method: 'GET', url: '/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      for (const path of [
        '/api/v1/payments/setup-earning',
        '/api/v1/payments/verify-bank',
        '/api/v1/evaluator/cashout',
        '/api/v1/payments/webhook',
      ]) {
        expect(docs.paths[path], path).toBeDefined();
      }
    });

    it('a bad signature is 400 and records nothing', async () => {
      const before = await runtime.store.headPosition();
      const payload = JSON.stringify({
        id: 'evt_forged',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_forged' } },
      });
      const forged = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        },
        payload,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ detail: 'Invalid Stripe signature' });
      const unsigned = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await runtime.store.headPosition()).toBe(before);
    });

    it('checks the amount with the spec messages and never answers 500', async () => {
      const { headers } = await signIn(runtime, 'validator@example.com');
      const below = await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: 49 });
      expect(below.statusCode).toBe(422);
      expect(below.json().detail).toEqual([
        {
          loc: ['body', 'amount_usd'],
          msg: 'Minimum purchase amount is $50 (50,000 credits)',
          type: 'greater_than_equal',
        },
      ]);
      for (const payload of [
        { amount_usd: 50.5 },
        { amount_usd: 'abc' },
        {},
        { amount_usd: 1e12 },
        { amount_usd: -1 },
      ]) {
        const reply = await api.call('POST', '/wallet/purchase-credits', headers, payload);
        expect(reply.statusCode, JSON.stringify(payload)).toBe(422);
      }
      const unauthenticated = await api.call('POST', '/wallet/purchase-credits', {}, { amount_usd: 50 });
      expect(unauthenticated.statusCode).toBe(401);
      const garbage = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/purchase-credits',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"amount_usd":',
      });
      expect(garbage.statusCode).toBe(400);
    });
  });
}
