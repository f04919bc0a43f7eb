import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFormBody, startStripeFake, type StripeFake } from '../src/index.js';

const SECRET = 'whsec_test_fake';

describe('the Stripe fake, driven by the real stripe SDK', () => {
  let fake: StripeFake;
  let stripe: Stripe;
  const received: Array<{ payload: string; signature: string }> = [];

  beforeAll(async () => {
    fake = await startStripeFake({
      webhookSecret: SECRET,
      webhookTarget: {
        deliver: async (payload, headers) => {
          received.push({ payload, signature: headers['stripe-signature']! });
          return 200;
        },
      },
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
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
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
    const paid = await stripe.paymentIntents.create(
      {
        amount: 5000,
        currency: 'usd',
        customer: customer.id,
        payment_method: methods.data[0]!.id,
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: 'recharge-1' },
    );
    expect(paid.status).toBe('succeeded');
    const replay = await stripe.paymentIntents.create(
      {
        amount: 5000,
        currency: 'usd',
        customer: customer.id,
        payment_method: methods.data[0]!.id,
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: 'recharge-1' },
    );
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
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(refund).toMatchObject({ amount: 1000, status: 'succeeded', payment_intent: intent.id });
    const account = await stripe.accounts.create({ type: 'express', metadata: { user_id: 'u9' } });
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
    fake.switches.failTransfers = true;
    await expect(
      stripe.transfers.create({ amount: 900, currency: 'usd', destination: account.id }),
    ).rejects.toMatchObject({
      code: 'balance_insufficient',
    });
    fake.switches.failTransfers = false;
  });

  it('holds, duplicates and reorders deliveries on request', async () => {
    received.length = 0;
    fake.switches.webhookMode = 'hold';
    fake.switches.webhookCopies = 2;
    fake.switches.reverseOnFlush = true;
    await stripe.customers.create();
    const account = await stripe.accounts.create({ type: 'express' });
    fake.completeOnboarding(account.id);
    expect(received).toHaveLength(0);
    await fake.flushWebhooks();
    const events = received.map(
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
    const preflight = await fetch(`${second.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });
});
