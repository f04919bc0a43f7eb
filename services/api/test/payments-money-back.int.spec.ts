import { signatureHeader } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { countEvents, eventually, expectAuditGreen, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

/**
 * Money that goes back to the card holder (refunds, disputes) and events of connected accounts,
 * as Stripe sends them: refunds that start pending, disputes that begin as inquiries, funds
 * withdrawn and reinstated, Connect events on their own endpoint and secret.
 */
for (const mode of runtimeModes()) {
  describe(`refunds, disputes and Connect events (local test mode): ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
    });
    afterAll(() => runtime?.stop());

    const balance = async (headers: Record<string, string>) =>
      (await runtime.app.inject({ method: 'GET', url: '/api/v1/wallet/balance', headers })).json<{
        credits_balance: number;
      }>().credits_balance;

    /** A signed-in buyer with a paid purchase of `amountUsd`. */
    async function buyer(email: string, amountUsd: number) {
      const person = await signIn(runtime, email);
      const { fake, browser } = await localStripe(runtime);
      const reply = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/purchase-credits',
        headers: person.headers,
        payload: { amount_usd: amountUsd },
      });
      const { payment_intent_id } = reply.json<{ payment_intent_id: string }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      expect(await balance(person.headers)).toBe(amountUsd * 1000);
      return { ...person, intentId: payment_intent_id };
    }

    it('takes a pending refund back only when it succeeds; a failed one takes nothing', async () => {
      const person = await buyer('pending-refund@example.com', 100);
      const { fake, gateway } = await localStripe(runtime);
      fake.switches.refundsStartPending = true;
      let succeeding: string;
      let failing: string;
      try {
        succeeding = (await gateway.stripe.refunds.create({ payment_intent: person.intentId, amount: 3_000 }))
          .id;
        failing = (await gateway.stripe.refunds.create({ payment_intent: person.intentId, amount: 2_000 }))
          .id;
      } finally {
        fake.switches.refundsStartPending = false;
      }
      await fake.idle();
      expect(await balance(person.headers)).toBe(100_000);
      fake.switches.webhookCopies = 2;
      try {
        fake.settleRefund(succeeding, 'succeeded');
        fake.settleRefund(failing, 'failed');
        await fake.idle();
      } finally {
        fake.switches.webhookCopies = 1;
      }
      expect(await balance(person.headers)).toBe(100_000 - 30_000);
      expect(await countEvents(runtime, 'PurchaseRefunded', 'refund_id', succeeding)).toBe(1);
      expect(await countEvents(runtime, 'PurchaseRefunded', 'refund_id', failing)).toBe(0);
      await expectAuditGreen(runtime);
    });

    it('an inquiry takes nothing; withdrawn funds take the credits back; a won dispute gives them back, once', async () => {
      const person = await buyer('dispute-won@example.com', 50);
      const { fake } = await localStripe(runtime);
      fake.switches.webhookCopies = 2;
      try {
        const dispute = fake.createDispute(person.intentId, { inquiry: true });
        await fake.idle();
        expect(await balance(person.headers)).toBe(50_000);
        fake.escalateInquiry(dispute.id);
        await fake.idle();
        expect(await balance(person.headers)).toBe(0);
        fake.closeDispute(dispute.id, 'won');
        await fake.idle();
      } finally {
        fake.switches.webhookCopies = 1;
      }
      expect(await balance(person.headers)).toBe(50_000);
      await expectAuditGreen(runtime);
    });

    it('a won dispute after the credits were spent restores what was taken and forgives the shortfall', async () => {
      const person = await buyer('dispute-spent@example.com', 50);
      const spent = await runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id: 'dispute-spent-1',
          user_id: person.userId,
          context: 'spending',
          amount_credits: -30_000,
          reason: 'spent on votes',
          actor_id: 'test',
        },
      });
      expect(spent.ok).toBe(true);
      const { fake } = await localStripe(runtime);
      const dispute = fake.createDispute(person.intentId);
      await fake.idle();
      expect(await balance(person.headers)).toBe(0);
      const shortfalls = () =>
        runtime.sql.query('SELECT shortfall_credits FROM refund_shortfalls WHERE source_id = $1', [
          dispute.id,
        ]);
      // The payments projection's row; with the projector behind NATS it may land after the balance.
      expect((await eventually(shortfalls, (found) => found.rows.length > 0)).rows).toHaveLength(1);
      fake.closeDispute(dispute.id, 'won');
      await fake.idle();
      expect(await balance(person.headers)).toBe(20_000);
      expect((await shortfalls()).rows).toHaveLength(0);
      expect(await countEvents(runtime, 'PurchaseRefundReinstated', 'refund_id', dispute.id)).toBe(1);
      await expectAuditGreen(runtime);
    });

    it('a won dispute of a payment that bought no credits is acknowledged, not retried', async () => {
      const { fake, gateway } = await localStripe(runtime);
      const intent = await gateway.stripe.paymentIntents.create({
        amount: 5_000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        allowed_payment_method_types: ['card'],
        confirm: true,
      });
      const dispute = fake.createDispute(intent.id);
      fake.closeDispute(dispute.id, 'won');
      await fake.idle();
      const failed = fake.delivered.filter(
        (delivery) => delivery.type.startsWith('charge.dispute.') && delivery.status !== 200,
      );
      expect(failed).toEqual([]);
    });

    it('a lost dispute keeps the credits taken back', async () => {
      const person = await buyer('dispute-lost@example.com', 60);
      const { fake } = await localStripe(runtime);
      const dispute = fake.createDispute(person.intentId);
      await fake.idle();
      expect(await balance(person.headers)).toBe(0);
      fake.closeDispute(dispute.id, 'lost');
      await fake.idle();
      expect(await balance(person.headers)).toBe(0);
      expect(await countEvents(runtime, 'PurchaseRefunded', 'refund_id', dispute.id)).toBe(1);
    });

    it('verifies Connect events with the Connect secret only, and a deauthorized account is disconnected', async () => {
      const person = await signIn(runtime, 'connected@example.com');
      const { fake, gateway } = await localStripe(runtime);
      const created = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/connect/create-account',
        headers: person.headers,
      });
      const accountId = created.json<{ account_id: string }>().account_id;
      fake.completeOnboarding(accountId);
      await fake.idle();
      const status = async () =>
        (
          await runtime.app.inject({
            method: 'GET',
            url: '/api/v1/payments/connect/status',
            headers: person.headers,
          })
        ).json<{ has_account: boolean; payouts_enabled: boolean }>();
      expect(await status()).toMatchObject({ has_account: true, payouts_enabled: true });
      const connectDeliveries = fake.delivered.filter(
        (d) => d.type === 'account.updated' && d.status === 200,
      );
      expect(connectDeliveries.length).toBeGreaterThan(0);

      // An account event signed with the platform endpoint's secret is not a Connect event.
      const payload = JSON.stringify({
        id: 'evt_wrong_secret',
        object: 'event',
        type: 'account.application.deauthorized',
        account: accountId,
        data: { object: { id: 'ca_x', object: 'application' } },
      });
      const wrong = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/connect-webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signatureHeader(payload, gateway.webhookSecret),
        },
        payload,
      });
      expect(wrong.statusCode).toBe(400);
      expect(await status()).toMatchObject({ has_account: true });

      fake.deauthorize(accountId);
      await fake.idle();
      expect(await status()).toMatchObject({ has_account: false, payouts_enabled: false });
    });

    it('counts an account as ready for cash-outs only once its transfers capability is active', async () => {
      const person = await signIn(runtime, 'capability-pending@example.com');
      const { fake } = await localStripe(runtime);
      const created = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/connect/create-account',
        headers: person.headers,
      });
      const accountId = created.json<{ account_id: string }>().account_id;
      const status = async () =>
        (
          await runtime.app.inject({
            method: 'GET',
            url: '/api/v1/payments/connect/status',
            headers: person.headers,
          })
        ).json<{ details_submitted: boolean; payouts_enabled: boolean }>();
      fake.completeOnboarding(accountId, 'pending');
      await fake.idle();
      expect(await status()).toMatchObject({ details_submitted: true, payouts_enabled: false });
      fake.completeOnboarding(accountId, 'active');
      await fake.idle();
      expect(await status()).toMatchObject({ details_submitted: true, payouts_enabled: true });
    });

    it("answers Stripe's rate limit with 503 and Retry-After, not 502", async () => {
      const person = await signIn(runtime, 'rate-limited@example.com');
      const { fake } = await localStripe(runtime);
      fake.switches.rateLimitNextRequests = 5;
      let reply;
      try {
        reply = await runtime.app.inject({
          method: 'POST',
          url: '/api/v1/wallet/purchase-credits',
          headers: person.headers,
          payload: { amount_usd: 50 },
        });
      } finally {
        fake.switches.rateLimitNextRequests = 0;
      }
      expect(reply.statusCode).toBe(503);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refreshes a card the network updated and forgets one detached at Stripe', async () => {
      const person = await signIn(runtime, 'card-lifecycle@example.com');
      const { fake, browser, gateway } = await localStripe(runtime);
      const setup = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/setup-payment-method',
        headers: person.headers,
      });
      await browser.setupIntents.confirm(setup.json<{ setup_intent_id: string }>().setup_intent_id, {
        payment_method: 'pm_card_visa',
      });
      await fake.idle();
      const saved = async () =>
        runtime.app.inject({
          method: 'GET',
          url: '/api/v1/wallet/saved-payment-method',
          headers: person.headers,
        });
      const card = (await saved()).json<{ payment_method_id: string; card_exp_year: number }>();
      fake.updateCardAutomatically(card.payment_method_id);
      await fake.idle();
      expect((await saved()).json()).toMatchObject({ card_exp_year: card.card_exp_year + 2 });
      await gateway.stripe.paymentMethods.detach(card.payment_method_id);
      await fake.idle();
      expect((await saved()).statusCode).toBe(404);
    });

    it('saves cards only: a bank account is refused at confirmation and nothing is saved', async () => {
      const person = await signIn(runtime, 'bank-account@example.com');
      const { fake, browser } = await localStripe(runtime);
      const setup = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/setup-payment-method',
        headers: person.headers,
      });
      const { setup_intent_id } = setup.json<{ setup_intent_id: string }>();
      await expect(
        browser.setupIntents.confirm(setup_intent_id, { payment_method: 'pm_usBankAccount' }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'payment_method' });
      await fake.idle();
      const saved = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/saved-payment-method',
        headers: person.headers,
      });
      expect(saved.statusCode).toBe(404);
    });
  });
}
