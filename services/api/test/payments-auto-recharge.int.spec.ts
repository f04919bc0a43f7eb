import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoRechargeOnce } from '../src/payments/payments-worker.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { countEvents, eventually, expectAuditGreen, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`saved card and auto-recharge: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(() => runtime?.stop());

    const api = injector(() => runtime.app);
    const balance = async (headers: Record<string, string>) =>
      (await api.call('GET', '/wallet/balance', headers)).json<{ credits_balance: number }>().credits_balance;

    async function saveCard(headers: Record<string, string>, card: string) {
      const { fake, browser } = await localStripe(runtime);
      const setup = await api.call('POST', '/wallet/setup-payment-method', headers);
      expect(setup.statusCode).toBe(200);
      const { setup_intent_id, client_secret } = setup.json<{
        setup_intent_id: string;
        client_secret: string;
      }>();
      expect(client_secret).toMatch(/^seti_/);
      await browser.setupIntents.confirm(setup_intent_id, { payment_method: card });
      await fake.idle();
    }

    async function buy(headers: Record<string, string>, amountUsd: number) {
      const { fake, browser } = await localStripe(runtime);
      const { payment_intent_id } = (
        await api.call('POST', '/wallet/purchase-credits', headers, { amount_usd: amountUsd })
      ).json<{
        payment_intent_id: string;
      }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
    }

    const spend = (userId: string, id: string, credits: number) =>
      runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id: id,
          user_id: userId,
          context: 'spending',
          amount_credits: -credits,
          reason: 'spent',
          actor_id: 'test',
        },
      });

    it('saves, shows and removes a card (404 when none)', async () => {
      const { headers } = await signIn(runtime, 'card@example.com');
      expect((await api.call('GET', '/wallet/saved-payment-method', headers)).statusCode).toBe(404);
      expect((await api.call('DELETE', '/wallet/saved-payment-method', headers)).statusCode).toBe(404);
      await saveCard(headers, 'pm_card_visa');
      const saved = await api.call('GET', '/wallet/saved-payment-method', headers);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        has_payment_method: true,
        card_brand: 'visa',
        card_last4: '4242',
      });
      const methods = (await api.call('GET', '/wallet/payment-methods', headers)).json();
      expect(methods).toEqual([
        expect.objectContaining({ type: 'card', last_four: '4242', brand: 'visa', is_default: true }),
      ]);
      const setupStatus = (await api.call('GET', '/payments/setup-status', headers)).json();
      expect(setupStatus).toMatchObject({
        spending: { has_payment_method: true, ready: true },
        earning: { has_account: false },
      });
      expect((await api.call('DELETE', '/wallet/saved-payment-method', headers)).statusCode).toBe(200);
      expect((await api.call('GET', '/wallet/saved-payment-method', headers)).statusCode).toBe(404);
    });

    it('has the spec defaults and validation messages', async () => {
      const { headers } = await signIn(runtime, 'settings@example.com');
      const status = (await api.call('GET', '/wallet/auto-recharge/status', headers)).json();
      expect(status).toMatchObject({
        enabled: false,
        threshold_credits: 10_000,
        purchase_amount_credits: 50_000,
        threshold_usd: 10,
        purchase_amount_usd: 50,
        has_payment_method: false,
      });
      const small = await api.call('POST', '/wallet/auto-recharge/configure', headers, {
        threshold_credits: 1000,
        purchase_amount_credits: 40_000,
      });
      expect(small.statusCode).toBe(422);
      expect(small.json().detail).toContainEqual(
        expect.objectContaining({ msg: 'Purchase amount must be at least 50,000 credits ($50 USD)' }),
      );
      const above = await api.call('POST', '/wallet/auto-recharge/configure', headers, {
        threshold_credits: 60_000,
        purchase_amount_credits: 50_000,
      });
      expect(above.json().detail).toContainEqual(
        expect.objectContaining({ msg: 'Threshold must be less than purchase amount' }),
      );
      for (const payload of [
        { threshold_credits: 0, purchase_amount_credits: 50_000 },
        { threshold_credits: 'x' },
        { purchase_amount_credits: 50_500 },
      ]) {
        expect(
          (await api.call('POST', '/wallet/auto-recharge/configure', headers, payload)).statusCode,
          JSON.stringify(payload),
        ).toBe(422);
      }
      const ok = await api.call('POST', '/wallet/auto-recharge/configure', headers, {
        threshold_credits: 20_000,
        purchase_amount_credits: 100_000,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        enabled: true,
        threshold_credits: 20_000,
        purchase_amount_credits: 100_000,
        purchase_amount_usd: 100,
      });
      const off = await api.call('PUT', '/wallet/auto-recharge/toggle', headers, { enabled: false });
      expect(off.json()).toMatchObject({ enabled: false, threshold_credits: 20_000 });
      expect((await api.call('PUT', '/wallet/auto-recharge/toggle', headers, {})).statusCode).toBe(422);
    });

    it('charges the saved card exactly once under concurrent spends and concurrent workers', async () => {
      const { userId, headers } = await signIn(runtime, 'recharge@example.com');
      await saveCard(headers, 'pm_card_visa');
      await buy(headers, 50);
      const configured = await api.call('POST', '/wallet/auto-recharge/configure', headers, {
        threshold_credits: 10_000,
        purchase_amount_credits: 50_000,
      });
      expect(configured.statusCode).toBe(200);
      const { gateway } = await localStripe(runtime);
      // Ten spends at once take the balance from 50,000 to 5,000 while extra workers race the real one.
      const spends = Array.from({ length: 10 }, (_, index) => spend(userId, `ar-spend-${index}`, 4_500));
      const workers = Array.from({ length: 5 }, () => runAutoRechargeOnce(runtime.context, gateway));
      const results = await Promise.all(spends);
      expect(results.every((result) => result.ok)).toBe(true);
      await Promise.all(workers);
      await Promise.all(Array.from({ length: 5 }, () => runAutoRechargeOnce(runtime.context, gateway)));
      await eventually(
        () => balance(headers),
        (credits) => credits === 55_000,
      );
      // Give the background worker a few more passes: nothing more happens.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await balance(headers)).toBe(55_000);
      expect(await countEvents(runtime, 'AutoRechargeRequested', 'user_id', userId)).toBe(1);
      expect(await countEvents(runtime, 'AutoRechargeCharged', 'user_id', userId)).toBe(1);
      expect(await countEvents(runtime, 'CreditsPurchased', 'user_id', userId)).toBe(2);
      const status = (await api.call('GET', '/wallet/auto-recharge/status', headers)).json();
      expect(status).toMatchObject({ enabled: true, last_recharge: { status: 'charged', amount_usd: 50 } });
      await expectAuditGreen(runtime);
    });

    it('records an off-session authentication_required failure once, notifies, and pauses', async () => {
      const { userId, headers } = await signIn(runtime, 'strong@example.com');
      await saveCard(headers, 'pm_card_authenticationRequired');
      await buy(headers, 50);
      await api.call('POST', '/wallet/auto-recharge/configure', headers, {
        threshold_credits: 10_000,
        purchase_amount_credits: 50_000,
      });
      expect((await spend(userId, 'strong-spend', 45_000)).ok).toBe(true);
      const status = await eventually(
        async () => (await api.call('GET', '/wallet/auto-recharge/status', headers)).json(),
        (value) => value.last_recharge?.status === 'failed' && value.paused_reason !== null,
      );
      expect(status).toMatchObject({
        paused_reason: 'authentication_required',
        last_recharge: { failure_code: 'authentication_required' },
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await countEvents(runtime, 'AutoRechargeRequested', 'user_id', userId)).toBe(1);
      expect(await countEvents(runtime, 'AutoRechargeFailed', 'user_id', userId)).toBe(1);
      expect(await balance(headers)).toBe(5_000);
      const { rows } = await runtime.sql.query('SELECT kind FROM payment_notifications WHERE user_id = $1', [
        userId,
      ]);
      expect(rows).toEqual([{ kind: 'auto_recharge_failed' }]);
      // A new card resumes recharges.
      await saveCard(headers, 'pm_card_visa');
      await eventually(
        () => balance(headers),
        (credits) => credits === 55_000,
      );
      await expectAuditGreen(runtime);
    });
  });
}
