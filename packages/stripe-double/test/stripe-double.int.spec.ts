import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFormBody, startStripeFake, type StripeFake } from '../src/index.js';

const SECRET = 'whsec_test_fake';
const CONNECT_SECRET = 'whsec_test_connect';
const CONSOLE_ORIGIN = 'http://console.test';

describe('the Stripe fake, driven by the real stripe SDK', () => {
  let fake: StripeFake;
  let stripe: Stripe;
  const received: Array<{ payload: string; signature: string }> = [];
  const receivedConnect: Array<{ payload: string; signature: string }> = [];

  beforeAll(async () => {
    fake = await startStripeFake({
      webhookSecret: SECRET,
      webhookTarget: {
        deliver: async (payload, headers) => {
          received.push({ payload, signature: headers['stripe-signature']! });
          return 200;
        },
      },
      connectWebhookSecret: CONNECT_SECRET,
      connectWebhookTarget: {
        deliver: async (payload, headers) => {
          receivedConnect.push({ payload, signature: headers['stripe-signature']! });
          return 200;
        },
      },
      allowedOrigin: CONSOLE_ORIGIN,
    });
    stripe = new Stripe('sk_test_fake', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake.close());

  it('parses bracket-encoded bodies', () => {
    expect(parseFormBody('metadata[user_id]=u1&expand[0]=a&expand[1]=b&amount=5')).toEqual({
      metadata: { user_id: 'u1' },
      expand: ['a', 'b'],
      amount: '5',
    });
  });

  it('confirms a PaymentIntent with pm_card_visa and delivers a signed payment_intent.succeeded', async () => {
    const customer = await stripe.customers.create({ metadata: { user_id: 'u1' } });
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      metadata: { user_id: 'u1' },
      allowed_payment_method_types: ['card'],
    });
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret).toMatch(/^pi_.*_secret_/);
    expect(intent.lastResponse.requestId).toMatch(/^req_/);
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    await fake.idle();
    const succeeded = received
      .map(({ payload, signature }) => stripe.webhooks.constructEvent(payload, signature, SECRET))
      .find((event) => event.type === 'payment_intent.succeeded');
    expect(succeeded?.data.object).toMatchObject({
      id: intent.id,
      amount: 5000,
      metadata: { user_id: 'u1' },
    });
    expect(() =>
      stripe.webhooks.constructEvent(received[0]!.payload, received[0]!.signature, 'whsec_other'),
    ).toThrow();
  });

  it('declines pm_card_chargeDeclined with a StripeCardError', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
    });
    const error = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe('card_declined');
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('saves a card with a SetupIntent and charges it off-session; 3DS cards need the customer', async () => {
    const customer = await stripe.customers.create();
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const done = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    expect(done.status).toBe('succeeded');
    const methods = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(methods.data).toHaveLength(1);
    expect(methods.data[0]!.card?.last4).toBe('4242');
    const recharge: Stripe.PaymentIntentCreateParams = {
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      payment_method: methods.data[0]!.id,
      off_session: true,
      confirm: true,
      allowed_payment_method_types: ['card'],
    };
    const paid = await stripe.paymentIntents.create(recharge, { idempotencyKey: 'recharge-1' });
    expect(paid.status).toBe('succeeded');
    const replay = await stripe.paymentIntents.create(recharge, { idempotencyKey: 'recharge-1' });
    expect(replay.id).toBe(paid.id);
    await expect(
      stripe.paymentIntents.create({ amount: 9999, currency: 'usd' }, { idempotencyKey: 'recharge-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const strong = await stripe.setupIntents.create({ customer: customer.id });
    const saved = await stripe.setupIntents.confirm(strong.id, {
      payment_method: 'pm_card_authenticationRequired',
    });
    const error = await stripe.paymentIntents
      .create({
        amount: 5000,
        currency: 'usd',
        customer: customer.id,
        payment_method: String(saved.payment_method),
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ['card'],
      })
      .catch((caught: unknown) => caught);
    expect((error as Stripe.errors.StripeCardError).code).toBe('authentication_required');
    const detached = await stripe.paymentMethods.detach(methods.data[0]!.id);
    expect(detached.customer).toBeNull();
    await expect(stripe.paymentMethods.retrieve('pm_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refunds, Connect accounts, links and transfers', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(refund).toMatchObject({ amount: 1000, status: 'succeeded', payment_intent: intent.id });
    // Stripe accepts only its three reasons, and never more than is left unrefunded.
    await expect(
      stripe.refunds.create({ payment_intent: intent.id, amount: 100, reason: 'changed_mind' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'reason' });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 4001 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
    const why = await stripe.refunds.create({ payment_intent: intent.id, amount: 100, reason: 'duplicate' });
    expect(why.reason).toBe('duplicate');
    const account = await stripe.accounts.create(expressAccount({ metadata: { user_id: 'u9' } }));
    expect(account.payouts_enabled).toBe(false);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://x/r',
      return_url: 'http://x/ok',
    });
    await expect(
      stripe.transfers.create({ amount: 900, currency: 'usd', destination: account.id }),
    ).rejects.toMatchObject({
      code: 'insufficient_capabilities_for_transfer',
    });
    const visit = await fetch(link.url, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true);
    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login.url).toContain(account.id);
    const transfer = await stripe.transfers.create(
      { amount: 900, currency: 'usd', destination: account.id },
      { idempotencyKey: 'co-1' },
    );
    expect(transfer).toMatchObject({ amount: 900, destination: account.id });
  });

  it('holds, duplicates and reorders deliveries on request', async () => {
    received.length = 0;
    fake.switches.webhookMode = 'hold';
    fake.switches.webhookCopies = 2;
    fake.switches.reverseOnFlush = true;
    await stripe.customers.create();
    const account = await stripe.accounts.create(expressAccount());
    fake.completeOnboarding(account.id);
    receivedConnect.length = 0;
    expect(received).toHaveLength(0);
    await fake.flushWebhooks();
    expect(received).toHaveLength(0);
    const events = receivedConnect.map(
      ({ payload }) =>
        JSON.parse(payload) as { type: string; data: { object: { payouts_enabled: boolean } } },
    );
    expect(events).toHaveLength(4);
    expect(events[0]!.data.object.payouts_enabled).toBe(true);
    expect(events[3]!.data.object.payouts_enabled).toBe(false);
    Object.assign(fake.switches, { webhookMode: 'immediate', webhookCopies: 1, reverseOnFlush: false });
  });

  it('keeps its objects in a state file across restarts, and answers CORS preflights', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/stripe-fake-`);
    const stateFile = `${dir}/state.json`;
    const first = await startStripeFake({ webhookSecret: SECRET, stateFile });
    const client = (f: StripeFake) =>
      new Stripe('sk_test_fake', { host: f.host, port: f.port, protocol: 'http', maxNetworkRetries: 0 });
    const customer = await client(first).customers.create({ metadata: { user_id: 'kept' } });
    await first.close();
    const second = await startStripeFake({ webhookSecret: SECRET, stateFile });
    expect((await client(second).customers.retrieve(customer.id)).id).toBe(customer.id);
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports the API version the SDK pins, in replies and events', async () => {
    const customer = await stripe.customers.create();
    expect(customer.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
    const event = JSON.parse(received.at(-1)?.payload ?? '{}') as { api_version?: string };
    expect(event.api_version ?? Stripe.API_VERSION).toBe(Stripe.API_VERSION);
  });

  it("returns a charge's refunds only when expanded, in no event, and lists them", async () => {
    received.length = 0;
    const intent = await paidIntent(stripe, 5000);
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    const chargeId = String(intent.latest_charge);
    expect((await stripe.charges.retrieve(chargeId)).refunds).toBeUndefined();
    const expanded = await stripe.charges.retrieve(chargeId, { expand: ['refunds'] });
    expect(expanded.refunds?.data.map((item) => item.id)).toEqual([refund.id]);
    const listed = await stripe.refunds.list({ charge: chargeId, limit: 100 });
    expect(listed.data.map((item) => item.id)).toEqual([refund.id]);
    await fake.idle();
    const refunded = received
      .map(
        ({ payload }) => JSON.parse(payload) as { type: string; data: { object: Record<string, unknown> } },
      )
      .find((event) => event.type === 'charge.refunded');
    expect(refunded?.data.object.amount_refunded).toBe(1000);
    expect(refunded?.data.object).not.toHaveProperty('refunds');
    await expect(stripe.charges.retrieve(chargeId, { expand: ['nothing_here'] })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('starts refunds pending on request and settles them with refund.updated / charge.refund.updated', async () => {
    const intent = await paidIntent(stripe, 5000);
    fake.switches.refundsStartPending = true;
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 });
    const other = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    fake.switches.refundsStartPending = false;
    expect(refund.status).toBe('pending');
    received.length = 0;
    fake.settleRefund(refund.id, 'succeeded');
    fake.settleRefund(other.id, 'failed');
    await fake.idle();
    const types = received.map(({ payload }) => (JSON.parse(payload) as { type: string }).type);
    expect(types).toEqual([
      'refund.updated',
      'charge.refund.updated',
      'refund.failed',
      'refund.updated',
      'charge.refund.updated',
    ]);
    expect((await stripe.refunds.retrieve(other.id)).status).toBe('failed');
    expect((await stripe.charges.retrieve(String(intent.latest_charge))).amount_refunded).toBe(2000);
  });

  it('models the dispute lifecycle with balance transactions: inquiry, withdrawal, reinstatement', async () => {
    const intent = await paidIntent(stripe, 5000);
    received.length = 0;
    const inquiry = fake.createDispute(intent.id, { inquiry: true });
    expect((await stripe.disputes.retrieve(inquiry.id)).balance_transactions).toEqual([]);
    fake.escalateInquiry(inquiry.id);
    const withdrawn = await stripe.disputes.retrieve(inquiry.id);
    expect(withdrawn.status).toBe('needs_response');
    expect(withdrawn.balance_transactions.map((t) => t.amount)).toEqual([-5000]);
    fake.closeDispute(inquiry.id, 'won');
    const won = await stripe.disputes.retrieve(inquiry.id);
    expect(won.status).toBe('won');
    expect(won.balance_transactions.map((t) => t.amount)).toEqual([-5000, 5000]);
    await fake.idle();
    expect(received.map(({ payload }) => (JSON.parse(payload) as { type: string }).type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.updated',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.funds_reinstated',
      'charge.dispute.closed',
    ]);
  });

  it('refuses a server-side confirmation that may redirect without return_url', async () => {
    const customer = await stripe.customers.create();
    await expect(
      stripe.paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        off_session: true,
        confirm: true,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'return_url' });
    for (const choice of [
      { allowed_payment_method_types: ['card' as const] },
      { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } },
    ]) {
      const paid = await stripe.paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        off_session: true,
        confirm: true,
        ...choice,
      });
      expect(paid.status).toBe('succeeded');
    }
  });

  it('transfers need the transfers capability and available funds (or a source_transaction)', async () => {
    const account = await stripe.accounts.create(expressAccount());
    await expect(
      stripe.transfers.create({ amount: 100, currency: 'usd', destination: account.id }),
    ).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
    fake.completeOnboarding(account.id);
    const available = (await stripe.balance.retrieve()).available[0]!.amount;
    fake.switches.fundsAvailableAfterSeconds = 3600;
    try {
      const pending = await paidIntent(stripe, 5000);
      await expect(
        stripe.transfers.create({ amount: available + 100, currency: 'usd', destination: account.id }),
      ).rejects.toMatchObject({ code: 'balance_insufficient' });
      const sourced = await stripe.transfers.create({
        amount: 4000,
        currency: 'usd',
        destination: account.id,
        source_transaction: String(pending.latest_charge),
      });
      expect(sourced.amount).toBe(4000);
      await expect(
        stripe.transfers.create({
          amount: 2000,
          currency: 'usd',
          destination: account.id,
          source_transaction: String(pending.latest_charge),
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
    } finally {
      fake.switches.fundsAvailableAfterSeconds = 0;
    }
    await paidIntent(stripe, 5000, 'pm_card_bypassPending');
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(available + 5000);
  });

  it('creates Connect accounts with controller and country only; their events go to the Connect endpoint', async () => {
    await expect(stripe.accounts.create({ type: 'express' })).rejects.toMatchObject({ param: 'type' });
    await expect(
      stripe.accounts.create({ controller: { stripe_dashboard: { type: 'express' } } }),
    ).rejects.toMatchObject({ param: 'country' });
    received.length = 0;
    receivedConnect.length = 0;
    const account = await stripe.accounts.create(expressAccount());
    fake.failPayout(account.id, 900);
    fake.deauthorize(account.id);
    await fake.idle();
    expect(received).toHaveLength(0);
    const events = receivedConnect.map(({ payload, signature }) =>
      stripe.webhooks.constructEvent(payload, signature, CONNECT_SECRET),
    );
    expect(events.map((event) => [event.type, event.account])).toEqual([
      ['account.updated', account.id],
      ['payout.failed', account.id],
      ['account.application.deauthorized', account.id],
    ]);
    expect(() =>
      stripe.webhooks.constructEvent(receivedConnect[0]!.payload, receivedConnect[0]!.signature, SECRET),
    ).toThrow();
  });

  it('tells publishable from secret keys: a publishable key only reads or confirms an intent with its client_secret', async () => {
    const browser = new Stripe('pk_test_fake', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    await expect(browser.customers.create()).rejects.toMatchObject({ statusCode: 401 });
    await expect(browser.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(browser.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({
      param: 'client_secret',
    });
    const read = await browser.paymentIntents.retrieve(intent.id, { client_secret: intent.client_secret! });
    expect(read.id).toBe(intent.id);
    const confirmed = await browser.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
      client_secret: intent.client_secret!,
    } as Stripe.PaymentIntentConfirmParams);
    expect(confirmed.status).toBe('succeeded');
  });

  it("answers CORS only for the console's origin, and 429 with Stripe's rate-limit error on request", async () => {
    const preflight = (origin: string) =>
      fetch(`${fake.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS', headers: { origin } });
    const allowed = await preflight(CONSOLE_ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    const other = await preflight('http://evil.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    fake.switches.rateLimitNextRequests = 1;
    const error = await stripe.customers.create().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect((await stripe.customers.create()).object).toBe('customer');
  });
});

function expressAccount(extra: Partial<Stripe.AccountCreateParams> = {}): Stripe.AccountCreateParams {
  return {
    controller: {
      stripe_dashboard: { type: 'express' },
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
    },
    country: 'US',
    capabilities: { transfers: { requested: true } },
    ...extra,
  };
}

async function paidIntent(stripe: Stripe, amount: number, paymentMethod = 'pm_card_visa') {
  return stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    payment_method: paymentMethod,
    allowed_payment_method_types: ['card'],
    confirm: true,
  });
}
