import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

interface Reconciliation {
  ok: boolean;
  mode: string;
  checked: number;
  counts: Record<string, number>;
  mismatches: Array<Record<string, unknown>>;
  error?: string;
}

for (const mode of runtimeModes()) {
  describe(`finance audit: Stripe reconciliation: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let buyer: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'auditor@example.com', { admin: true });
      buyer = await signIn(runtime, 'card-buyer@example.com');
    }, 60_000);
    afterAll(() => runtime?.stop());

    const audit = async (query = '') => {
      const reply = await runtime.app.inject({
        method: 'GET',
        url: `/api/v1/admin/finance/audit${query}`,
        headers: admin.headers,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json<{ ok: boolean; stripe_reconciliation: Reconciliation }>();
      return body;
    };
    const buy = async (amountUsd: number) => {
      const reply = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/purchase-credits',
        headers: buyer.headers,
        payload: { amount_usd: amountUsd },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ payment_intent_id: string }>().payment_intent_id;
    };

    it('lists PaymentIntents through the SDK in Stripe list shape with cursors', async () => {
      const { gateway } = await localStripe(runtime);
      const ids = [await buy(50), await buy(51), await buy(52)];
      const first = await gateway.stripe.paymentIntents.list({ limit: 2 });
      expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_intents' });
      expect(first.data.map((intent) => intent.id)).toEqual([ids[2], ids[1]]);
      const second = await gateway.stripe.paymentIntents.list({ limit: 2, starting_after: ids[1] });
      expect(second.data.map((intent) => intent.id)).toEqual([ids[0]]);
      expect(second.has_more).toBe(false);
      const all: string[] = [];
      for await (const intent of gateway.stripe.paymentIntents.list({ limit: 1 })) all.push(intent.id);
      expect(all).toEqual([ids[2], ids[1], ids[0]]);
      const future = Math.floor(Date.now() / 1000) + 3600;
      expect((await gateway.stripe.paymentIntents.list({ created: { gte: future } })).data).toEqual([]);
      await expect(gateway.stripe.paymentIntents.list({ limit: 101 })).rejects.toMatchObject({
        statusCode: 400,
      });
    });

    it('reconciles a normal purchase; unconfirmed PaymentIntents are not payments', async () => {
      const { fake, browser } = await localStripe(runtime);
      const id = await buy(75);
      await browser.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      const report = await audit();
      expect(report.ok).toBe(true);
      expect(report.stripe_reconciliation).toMatchObject({
        ok: true,
        mode: 'local',
        checked: 1,
        counts: {
          succeeded_at_stripe: 1,
          credited: 1,
          matched: 1,
          succeeded_not_credited: 0,
          credited_not_succeeded: 0,
          amount_differs: 0,
        },
        mismatches: [],
      });
    });

    it('shows a payment whose webhook was held back, until it is delivered', async () => {
      const { fake, browser } = await localStripe(runtime);
      const id = await buy(90);
      fake.switches.webhookMode = 'hold';
      try {
        await browser.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
        await fake.idle();
        const held = (await audit()).stripe_reconciliation;
        expect(held.ok).toBe(false);
        expect(held.counts).toMatchObject({ succeeded_at_stripe: 2, matched: 1, succeeded_not_credited: 1 });
        expect(held.mismatches).toEqual([
          expect.objectContaining({
            kind: 'succeeded_not_credited',
            payment_intent_id: id,
            user_id: buyer.userId,
            stripe_status: 'succeeded',
            stripe_amount_cents: 9_000,
            credited_amount_usd: null,
          }),
        ]);
      } finally {
        fake.switches.webhookMode = 'immediate';
      }
      await fake.flushWebhooks();
      await fake.idle();
      const resolved = (await audit()).stripe_reconciliation;
      expect(resolved).toMatchObject({ ok: true, checked: 2, mismatches: [] });
      expect(resolved.counts).toMatchObject({ matched: 2, credited: 2 });
    });

    it('lists credits that Stripe never took, and amounts that differ', async () => {
      const submitted = await runtime.ledger.submitMany(
        [
          {
            type: 'PurchaseCredits',
            data: { purchase_id: 'pi_never_at_stripe', user_id: buyer.userId, amount_usd: 60 },
          },
        ],
        {},
      );
      expect(submitted[0]!.ok).toBe(true);
      // An unconfirmed PaymentIntent credited anyway (a bug the audit must catch).
      const pending = await buy(55);
      const more = await runtime.ledger.submitMany(
        [{ type: 'PurchaseCredits', data: { purchase_id: pending, user_id: buyer.userId, amount_usd: 55 } }],
        {},
      );
      expect(more[0]!.ok).toBe(true);
      // Paid 80 at Stripe, credited as 85 by someone other than the webhook (held back).
      const { fake, browser } = await localStripe(runtime);
      const paid = await buy(80);
      fake.switches.webhookMode = 'hold';
      try {
        await browser.paymentIntents.confirm(paid, { payment_method: 'pm_card_visa' });
        const wrong = await runtime.ledger.submitMany(
          [{ type: 'PurchaseCredits', data: { purchase_id: paid, user_id: buyer.userId, amount_usd: 85 } }],
          {},
        );
        expect(wrong[0]!.ok).toBe(true);
      } finally {
        fake.switches.webhookMode = 'immediate';
      }
      await fake.flushWebhooks();
      await fake.idle();
      const report = (await audit()).stripe_reconciliation;
      expect(report.ok).toBe(false);
      expect(report.counts).toMatchObject({
        credited_not_succeeded: 2,
        amount_differs: 1,
        matched: 2,
        credited: 5,
        succeeded_at_stripe: 3,
      });
      expect(report.checked).toBe(5);
      expect(report.mismatches).toContainEqual(
        expect.objectContaining({
          kind: 'amount_differs',
          payment_intent_id: paid,
          stripe_amount_cents: 8_000,
          credited_amount_usd: 85,
        }),
      );
      expect(report.mismatches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'credited_not_succeeded',
            payment_intent_id: 'pi_never_at_stripe',
            stripe_status: 'not_found',
            credited_amount_usd: 60,
          }),
          expect.objectContaining({
            kind: 'credited_not_succeeded',
            payment_intent_id: pending,
            stripe_status: 'requires_payment_method',
            credited_credits: 55_000,
          }),
        ]),
      );
      // The ledger's own checks are unaffected: the books still balance.
      expect((await audit()).ok).toBe(true);
    });

    it('reconciles only the audited range, and refuses a bad range', async () => {
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const empty = (await audit(`?from=${encodeURIComponent(future)}`)).stripe_reconciliation;
      expect(empty).toMatchObject({ ok: true, checked: 0, counts: { succeeded_at_stripe: 0, credited: 0 } });
      for (const query of ['?from=yesterday', '?from=2026-13-45', '?to=2020-01-01&from=2021-01-01']) {
        const reply = await runtime.app.inject({
          method: 'GET',
          url: `/api/v1/admin/finance/audit${query}`,
          headers: admin.headers,
        });
        expect(reply.statusCode, query).toBe(422);
      }
      const refused = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/admin/finance/audit',
        headers: buyer.headers,
      });
      expect(refused.statusCode).toBe(403);
    });
  });
}
