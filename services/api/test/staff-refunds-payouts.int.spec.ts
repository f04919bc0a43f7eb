import { PAYMENT_MESSAGES } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { makeEvaluator } from './support/evaluators.js';
import { countEvents, eventually, expectAuditGreen, fundPlatform, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/**
 * Staff money actions through Stripe's API (the real SDK against the double): refunds of a
 * purchase, whole or in part, recorded by the refund webhook's path; retries of failed cash-outs;
 * the evaluator's payout history.
 */
for (const mode of runtimeModes()) {
  describe(`staff refunds and payout retries: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let people = 0;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'finance@example.com', { admin: true });
    });
    afterAll(() => runtime?.stop());

    const { call } = injector(() => runtime.app);
    const balance = async (headers: Record<string, string>, context = 'spending') =>
      (await call('GET', `/wallet/balance?context=${context}`, headers)).json<{ credits_balance: number }>()
        .credits_balance;

    async function buyer(amountUsd: number) {
      people += 1;
      const person = await signIn(runtime, `buyer${people}@example.com`);
      const { fake, browser } = await localStripe(runtime);
      const reply = await call('POST', '/wallet/purchase-credits', person.headers, {
        amount_usd: amountUsd,
      });
      const { payment_intent_id } = reply.json<{ payment_intent_id: string }>();
      await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
      await fake.idle();
      expect(await balance(person.headers)).toBe(amountUsd * 1000);
      return { ...person, intentId: payment_intent_id };
    }

    const refund = (purchaseId: string, body: unknown, headers: Record<string, string> = admin.headers) =>
      call('POST', `/admin/purchases/${encodeURIComponent(purchaseId)}/refund`, headers, body);

    it('refunds part of a purchase and then the rest through Stripe, each once', async () => {
      const person = await buyer(100);
      const { fake, gateway } = await localStripe(runtime);
      fake.switches.webhookCopies = 2;
      try {
        const first = await refund(person.intentId, { amount_usd: 30 });
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toMatchObject({
          purchase_id: person.intentId,
          status: 'succeeded',
          amount_usd: 30,
          refunded_credits: 30_000,
          recovered_credits: 30_000,
          shortfall_credits: 0,
        });
        // The same request retried (same Idempotency-Key) makes no second refund.
        const keyed = { ...admin.headers, 'idempotency-key': 'refund-rest-1' };
        const rest = await refund(person.intentId, {}, keyed);
        const again = await refund(person.intentId, {}, keyed);
        expect(rest.statusCode, rest.body).toBe(200);
        expect(again.json()).toEqual(rest.json());
        expect(rest.json()).toMatchObject({ amount_usd: 70, recovered_credits: 70_000 });
        await fake.idle();
      } finally {
        fake.switches.webhookCopies = 1;
      }
      const atStripe = await gateway.stripe.refunds.list({ payment_intent: person.intentId, limit: 100 });
      expect(atStripe.data.map((r) => r.amount).sort()).toEqual([3_000, 7_000]);
      for (const made of atStripe.data) {
        // The webhook (twice) and the route recorded each refund once.
        expect(await countEvents(runtime, 'PurchaseRefunded', 'refund_id', made.id)).toBe(1);
      }
      expect(await balance(person.headers)).toBe(0);
      const left = await refund(person.intentId, { amount_usd: 1 });
      expect(left.statusCode).toBe(409);
      expect(left.json()).toMatchObject({ detail: 'This purchase is already fully refunded' });
      const listed = await call(
        'GET',
        `/admin/purchases?filter=${encodeURIComponent(JSON.stringify({ user_id: person.userId }))}`,
        admin.headers,
      );
      expect(listed.json()).toEqual([
        expect.objectContaining({ credits: 100_000, refunded_credits: 100_000 }),
      ]);
      await expectAuditGreen(runtime);
    });

    it('records what was already spent as shortfall, exactly as the webhook does', async () => {
      const person = await buyer(50);
      const spent = await runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id: `spent-${person.userId}`,
          user_id: person.userId,
          context: 'spending',
          amount_credits: -35_000,
          reason: 'spent on votes',
          actor_id: 'test',
        },
      });
      expect(spent.ok).toBe(true);
      const reply = await refund(person.intentId, { reason: 'fraudulent' });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({
        amount_usd: 50,
        refunded_credits: 50_000,
        recovered_credits: 15_000,
        shortfall_credits: 35_000,
      });
      const { refund_id } = reply.json<{ refund_id: string }>();
      // refund_shortfalls is the payments projection's: with the projector behind NATS it lands
      // after the reply (the reply itself carries the figures, checked above).
      const shortfalls = await eventually(
        async () =>
          (
            await runtime.sql.query(
              'SELECT recovered_credits, shortfall_credits FROM refund_shortfalls WHERE source_id = $1',
              [refund_id],
            )
          ).rows.map((row) => [Number(row.recovered_credits), Number(row.shortfall_credits)]),
        (found) => found.length > 0,
      );
      expect(shortfalls).toEqual([[15_000, 35_000]]);
      expect(await balance(person.headers)).toBe(0);
      await expectAuditGreen(runtime);
    });

    it('a refund Stripe keeps pending takes the credits back when its webhook says it succeeded', async () => {
      const person = await buyer(60);
      const { fake } = await localStripe(runtime);
      fake.switches.refundsStartPending = true;
      let reply;
      try {
        reply = await refund(person.intentId, { amount_usd: 20 });
      } finally {
        fake.switches.refundsStartPending = false;
      }
      expect(reply.json()).toMatchObject({
        status: 'pending',
        recovered_credits: null,
        shortfall_credits: null,
      });
      await fake.idle();
      expect(await balance(person.headers)).toBe(60_000);
      fake.settleRefund(reply.json<{ refund_id: string }>().refund_id, 'succeeded');
      await fake.idle();
      expect(await balance(person.headers)).toBe(40_000);
    });

    it('refuses hostile or impossible refunds with 4xx and changes nothing', async () => {
      const person = await buyer(50);
      const before = await countEvents(runtime, 'PurchaseRefunded');
      const cases: Array<[string, unknown, number, Record<string, string>?]> = [
        [person.intentId, { amount_usd: 50.01 }, 422],
        [person.intentId, { amount_usd: 0.001 }, 422],
        [person.intentId, { amount_usd: -5 }, 422],
        [person.intentId, { amount_usd: '5' }, 422],
        [person.intentId, { reason: 'changed_mind' }, 422],
        [person.intentId, { amount_usd: 5, extra: true }, 422],
        ['pi_unknown', { amount_usd: 5 }, 404],
        ["pi_'; DROP TABLE events; --", {}, 404],
        [person.intentId, { amount_usd: 5 }, 403, person.headers],
      ];
      for (const [id, body, status, headers] of cases) {
        const reply = await refund(id, body, headers);
        expect(reply.statusCode, `${id} ${JSON.stringify(body)}: ${reply.body}`).toBe(status);
      }
      expect((await refund(person.intentId, { amount_usd: 60 })).json()).toMatchObject({
        detail: 'The refund is more than what is left of the purchase ($50.00)',
      });
      expect(await countEvents(runtime, 'PurchaseRefunded')).toBe(before);
      expect(await balance(person.headers)).toBe(50_000);
      const { gateway } = await localStripe(runtime);
      expect((await gateway.stripe.refunds.list({ payment_intent: person.intentId })).data).toEqual([]);
    });

    /** A verified evaluator with a connected, onboarded payout account and `credits` of earnings. */
    async function readyEvaluator(credits: number) {
      people += 1;
      const person = await signIn(runtime, `evaluator${people}@example.com`);
      await makeEvaluator(runtime, person.userId, { status: 'verified' });
      await connectPayoutAccount(person);
      const granted = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: person.userId } },
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: `earn-${person.userId}`,
            user_id: person.userId,
            context: 'earning',
            amount_credits: credits,
            reason: 'votes',
            actor_id: 'test',
          },
        },
      ]);
      const last = granted[1]!;
      if (!last.ok) throw new Error(last.message);
      await runtime.projector.waitFor(last.events[0]!.global_position);
      await fundPlatform(runtime, credits / 10);
      return person;
    }

    async function connectPayoutAccount(person: SignedIn): Promise<string> {
      const created = await call('POST', '/payments/connect/create-account', person.headers);
      const link = (await call('POST', '/payments/connect/onboarding-link', person.headers)).json<{
        onboarding_url: string;
      }>();
      const { fake } = await localStripe(runtime);
      await fetch(link.onboarding_url, { redirect: 'manual' });
      await fake.idle();
      return created.json<{ account_id: string }>().account_id;
    }

    it('retries a failed cash-out once, to the account the evaluator has now, and both show in the history', async () => {
      const person = await readyEvaluator(30_000);
      const { gateway } = await localStripe(runtime);
      // The connected account is gone at Stripe (deleted in the Dashboard): the transfer is refused.
      const status = await call('GET', '/payments/connect/status', person.headers);
      expect(status.json()).toMatchObject({ payouts_enabled: true });
      const { rows } = await runtime.sql.query<{ stripe_account_id: string }>(
        'SELECT stripe_account_id FROM payout_accounts WHERE user_id = $1',
        [person.userId],
      );
      await gateway.stripe.accounts.del(rows[0]!.stripe_account_id);
      const failed = (await call('POST', '/evaluator/cashout', person.headers)).json<{
        cashout_id: string;
        status: string;
        failure_reason: string;
      }>();
      expect(failed).toMatchObject({ status: 'failed', failure_reason: PAYMENT_MESSAGES.cashoutFailed });
      expect(await balance(person.headers, 'earning')).toBe(30_000);

      // Retrying while the evaluator has no working account fails again, visibly, and is itself retryable.
      await call('POST', '/payments/connect/disconnect', person.headers);
      const refused = await call('POST', `/admin/cashouts/${failed.cashout_id}/retry`, admin.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: 'The evaluator has no bank account ready for payouts' });

      const account = await connectPayoutAccount(person);
      const retried = await call('POST', `/admin/cashouts/${failed.cashout_id}/retry`, admin.headers);
      expect(retried.statusCode, retried.body).toBe(200);
      const paid = retried.json<{ cashout_id: string; status: string; stripe_transfer_id: string }>();
      expect(paid).toMatchObject({ status: 'paid', gross_credits: 30_000, net_credits: 27_000 });
      expect(paid.cashout_id).not.toBe(failed.cashout_id);
      const transfer = await gateway.stripe.transfers.retrieve(paid.stripe_transfer_id);
      expect(transfer).toMatchObject({ destination: account, amount: 2_700 });
      // Asked again (a double click, a second admin): the same retry, no second transfer.
      const again = await call('POST', `/admin/cashouts/${failed.cashout_id}/retry`, admin.headers);
      expect(again.json()).toMatchObject({ cashout_id: paid.cashout_id, stripe_transfer_id: transfer.id });
      expect(await countEvents(runtime, 'CashoutRequested', 'user_id', person.userId)).toBe(2);
      expect(await balance(person.headers, 'earning')).toBe(0);
      // A paid cash-out is not retried.
      const notFailed = await call('POST', `/admin/cashouts/${paid.cashout_id}/retry`, admin.headers);
      expect(notFailed.statusCode).toBe(409);

      const history = await call('GET', '/evaluator/cashouts', person.headers);
      expect(history.json()).toEqual([
        expect.objectContaining({
          cashout_id: paid.cashout_id,
          status: 'paid',
          stripe_transfer_id: transfer.id,
          retry_of: failed.cashout_id,
        }),
        expect.objectContaining({
          cashout_id: failed.cashout_id,
          status: 'failed',
          failure_reason: PAYMENT_MESSAGES.cashoutFailed,
          stripe_transfer_id: null,
          retry_of: null,
        }),
      ]);
      const staff = await call(
        'GET',
        `/admin/cashouts?filter=${encodeURIComponent(JSON.stringify({ user_id: person.userId }))}`,
        admin.headers,
      );
      expect(staff.json()).toEqual([
        expect.objectContaining({
          cashout_id: paid.cashout_id,
          retry_of: failed.cashout_id,
          retried_as: null,
        }),
        expect.objectContaining({
          cashout_id: failed.cashout_id,
          status: 'failed',
          retried_as: paid.cashout_id,
        }),
      ]);
      await expectAuditGreen(runtime);
    });

    it('shows each evaluator only their own payouts and refuses retries to non-admins', async () => {
      const other = await signIn(runtime, 'someone-else@example.com');
      expect((await call('GET', '/evaluator/cashouts', other.headers)).json()).toEqual([]);
      expect((await call('GET', '/evaluator/cashouts?limit=0', other.headers)).statusCode).toBe(422);
      expect((await call('POST', '/admin/cashouts/co_x/retry', other.headers)).statusCode).toBe(403);
      expect((await call('POST', '/admin/cashouts/co_missing/retry', admin.headers)).statusCode).toBe(404);
    });
  });
}
