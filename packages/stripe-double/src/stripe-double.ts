import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseFormBody, type FormObject, type FormValue } from './form-body.js';

/*
 * A fake of the parts of Stripe's REST API the marketplace uses, spoken over loopback HTTP so the
 * real `stripe` SDK talks to it unchanged (`new Stripe(key, { host, port, protocol: 'http' })`).
 * Objects live in memory. Behaviour follows Stripe's test mode: magic payment methods
 * (`pm_card_visa` succeeds, `pm_card_chargeDeclined` declines, `pm_card_authenticationRequired`
 * needs the customer present), errors as `{error: {type, code, message, ...}}` with Stripe's
 * statuses, a `request-id` on every reply, `Idempotency-Key` replays. Events are delivered as
 * signed webhooks (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, "t.payload")`).
 */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Where webhooks go: a URL (POSTed over HTTP) or a function (e.g. Fastify's inject). */
export type WebhookTarget =
  { url: string } | { deliver: (payload: string, headers: Record<string, string>) => Promise<number> };

export interface StripeFakeOptions {
  /** Signing secret of the platform's endpoint (events of the platform account itself). */
  webhookSecret: string;
  webhookTarget?: WebhookTarget;
  /**
   * Signing secret of the Connect endpoint: events that happen on connected accounts (they carry
   * `account`) go there, signed with this secret, as Stripe does with a Connect webhook endpoint.
   * Without it they are not delivered at all.
   */
  connectWebhookSecret?: string;
  connectWebhookTarget?: WebhookTarget;
  /**
   * The only origin a browser may call the double from (the console's, as Stripe.js would);
   * requests from other origins get no CORS headers. Without it no origin is allowed.
   */
  allowedOrigin?: string;
  /** Attempts per webhook before it is dropped (Stripe retries for days; tests need seconds). */
  maxDeliveryAttempts?: number;
  retryDelayMs?: number;
  /**
   * A JSON file that keeps the fake's objects across restarts (the embedded default keeps its
   * database in DATA_DIR, so the Stripe ids it stored must still exist after a restart).
   */
  stateFile?: string;
}

/** Switches for the failure modes a test wants to provoke. */
export interface StripeFakeSwitches {
  /** 'immediate': each event is sent as soon as it happens; 'hold': queued until flushWebhooks(). */
  webhookMode: 'immediate' | 'hold';
  /** Each event is delivered this many times (concurrently). */
  webhookCopies: number;
  /** Delay before each delivery, in milliseconds. */
  webhookDelayMs: number;
  /** flushWebhooks() sends the held events newest first. */
  reverseOnFlush: boolean;
  /**
   * Card funds become available this many seconds after the charge (Stripe: days; 0 = at once).
   * Until then a transfer without `source_transaction` cannot spend them (balance_insufficient).
   */
  fundsAvailableAfterSeconds: number;
  /** New refunds start `pending` (settle them with settleRefund), as bank refunds do. */
  refundsStartPending: boolean;
  /** The next N API requests answer 429 rate_limit with Stripe's message. */
  rateLimitNextRequests: number;
}

export interface DeliveredWebhook {
  event_id: string;
  type: string;
  status: number;
}

export interface StripeFake {
  /** `http://127.0.0.1:{port}` */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly switches: StripeFakeSwitches;
  readonly delivered: DeliveredWebhook[];
  setWebhookTarget(target: WebhookTarget | undefined): void;
  /** Where events of connected accounts go (the Connect endpoint). */
  setConnectWebhookTarget(target: WebhookTarget | undefined): void;
  /** Sends the held events (in order, or reversed with `reverseOnFlush`). */
  flushWebhooks(): Promise<void>;
  /** Waits until no delivery is running or queued for immediate sending. */
  idle(): Promise<void>;
  get(id: string): StripeObject | undefined;
  /** Every event created so far, oldest first. */
  events(): StripeObject[];
  /**
   * Fake-only: what finishing Stripe's hosted onboarding does (details submitted, payouts on,
   * requested capabilities active, or `pending` while Stripe still verifies them).
   */
  completeOnboarding(accountId: string, capabilities?: 'active' | 'pending'): void;
  /**
   * Fake-only: a card holder disputes the charge of a PaymentIntent. An inquiry
   * (`warning_needs_response`) withdraws nothing; a dispute withdraws its amount at once
   * (`charge.dispute.funds_withdrawn`).
   */
  createDispute(paymentIntentId: string, options?: { amountCents?: number; inquiry?: boolean }): StripeObject;
  /** Fake-only: an inquiry becomes a dispute and its amount is withdrawn. */
  escalateInquiry(disputeId: string): void;
  /** Fake-only: the dispute closes; won gives the money back (`charge.dispute.funds_reinstated`). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): void;
  /** Fake-only: a pending refund settles (`refund.updated`, `charge.refund.updated`, `refund.failed`). */
  settleRefund(refundId: string, outcome: 'succeeded' | 'failed' | 'canceled'): void;
  /** Fake-only: the platform reverses a transfer (`transfer.reversed`). */
  reverseTransfer(transferId: string): void;
  /** Fake-only: a payout of a connected account to its bank fails (`payout.failed`, Connect). */
  failPayout(accountId: string, amountCents: number): StripeObject;
  /** Fake-only: the connected account disconnects the platform (`account.application.deauthorized`). */
  deauthorize(accountId: string): void;
  /** Fake-only: the card network updates a saved card (`payment_method.automatically_updated`). */
  updateCardAutomatically(paymentMethodId: string): void;
  close(): Promise<void>;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (message: string, param?: string, code = 'resource_missing', status = 400) =>
  new FakeError(status, { type: 'invalid_request_error', message, ...(param ? { param } : {}), code });

const missing = (kind: string, id: string, param = 'id') =>
  invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing', 404);

interface CardBehaviour {
  brand: string;
  last4: string;
  /** bypass_pending: succeeds and its funds are available at once (Stripe's 4000000000000077). */
  outcome: 'succeeds' | 'bypass_pending' | 'declines' | 'authentication_required';
}

/** Stripe's test payment methods (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_bypassPending: { brand: 'visa', last4: '0077', outcome: 'bypass_pending' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declines' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authentication_required' },
};

/** The API version stripe-node 23.1 pins (`Stripe.API_VERSION`); events and replies carry it. */
export const API_VERSION = '2026-10-28.endive';

/** The console in local test mode calls the double from the browser, like Stripe.js calls Stripe. */
/** Refunds.d.ts RefundCreateParams.Reason (the SDK's `OtherString` is for forward compatibility). */
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

const corsHeaders = (origin: string): Record<string, string> => ({
  'access-control-allow-origin': origin,
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  vary: 'Origin',
});

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const objects = new Map<string, StripeObject>();
  const outcomes = new Map<string, CardBehaviour['outcome']>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const events: StripeObject[] = [];
  const held: StripeObject[] = [];
  const delivered: DeliveredWebhook[] = [];
  const running = new Set<Promise<void>>();
  let webhookTarget = options.webhookTarget;
  let connectWebhookTarget = options.connectWebhookTarget;
  const maxAttempts = options.maxDeliveryAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 50;
  const switches: StripeFakeSwitches = {
    webhookMode: 'immediate',
    webhookCopies: 1,
    webhookDelayMs: 0,
    reverseOnFlush: false,
    fundsAvailableAfterSeconds: 0,
    refundsStartPending: false,
    rateLimitNextRequests: 0,
  };

  if (options.stateFile) {
    try {
      const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
        objects: StripeObject[];
        outcomes: Array<[string, CardBehaviour['outcome']]>;
      };
      for (const object of saved.objects) objects.set(object.id, object);
      for (const [id, outcome] of saved.outcomes) outcomes.set(id, outcome);
    } catch {
      // No state yet (first start) or unreadable: start empty.
    }
  }
  const persist = () => {
    if (!options.stateFile) return;
    const temporary = `${options.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ objects: [...objects.values()], outcomes: [...outcomes] }));
    renameSync(temporary, options.stateFile);
  };

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const store = (object: StripeObject): StripeObject => {
    objects.set(object.id, object);
    return object;
  };
  const find = (kind: string, id: string, param?: string): StripeObject => {
    const object = objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id, param);
    return object;
  };

  // Webhooks -------------------------------------------------------------------------------

  /**
   * Records an event. `connectedAccount` marks an event that happened on a connected account:
   * Stripe sends those only to Connect endpoints, with `account` set.
   */
  const emit = (
    type: string,
    object: StripeObject,
    requestIdempotencyKey?: string,
    connectedAccount?: string,
  ) => {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: requestIdempotencyKey ?? null },
      // Events cannot expand: a charge comes without its refunds (API 2022-11-15 and later).
      data: { object: present(object, []) },
      ...(connectedAccount ? { account: connectedAccount } : {}),
    };
    events.push(event);
    if (switches.webhookMode === 'hold') held.push(event);
    else track(deliverCopies(event));
  };

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const deliverCopies = async (event: StripeObject) => {
    await Promise.all(Array.from({ length: Math.max(1, switches.webhookCopies) }, () => deliver(event)));
  };

  const deliver = async (event: StripeObject) => {
    if (switches.webhookDelayMs > 0) await sleep(switches.webhookDelayMs);
    const payload = JSON.stringify(event, null, 2);
    const connect = typeof event.account === 'string';
    const secret = connect ? options.connectWebhookSecret : options.webhookSecret;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const target = connect ? connectWebhookTarget : webhookTarget;
      if (!target || !secret) return;
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(payload, secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      let status = 0;
      try {
        if ('url' in target) {
          const response = await fetch(target.url, { method: 'POST', headers, body: payload });
          status = response.status;
          await response.arrayBuffer();
        } else {
          status = await target.deliver(payload, headers);
        }
      } catch {
        status = 0;
      }
      delivered.push({ event_id: event.id, type: String(event.type), status });
      if (status >= 200 && status < 300) return;
      await sleep(retryDelayMs * attempt);
    }
  };

  // Resources ------------------------------------------------------------------------------

  const paymentMethodFrom = (token: string, customer?: string): StripeObject => {
    const existing = objects.get(token);
    if (existing && existing.object === 'payment_method') return existing;
    if (token === 'pm_usBankAccount') {
      return store({
        id: newId('pm'),
        object: 'payment_method',
        type: 'us_bank_account',
        created: nowSeconds(),
        customer: customer ?? null,
        livemode: false,
        metadata: {},
        billing_details: { address: null, email: null, name: null, phone: null },
        us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', account_type: 'checking' },
      });
    }
    const card = TEST_CARDS[token];
    if (!card) throw missing('PaymentMethod', token, 'payment_method');
    const method = store({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      customer: customer ?? null,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
    });
    outcomes.set(method.id, card.outcome);
    return method;
  };

  const attach = (method: StripeObject, customerId: string) => {
    find('customer', customerId, 'customer');
    method.customer = customerId;
    emit('payment_method.attached', method);
  };

  const chargeFor = (intent: StripeObject): StripeObject =>
    store({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer ?? null,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: intent.metadata ?? {},
      // When its funds join the available balance (Balance.d.ts: pending, then available).
      available_on:
        outcomes.get(String(intent.payment_method)) === 'bypass_pending'
          ? nowSeconds()
          : nowSeconds() + switches.fundsAvailableAfterSeconds,
    });

  const transferredFrom = (chargeId: string) =>
    [...objects.values()]
      .filter((o) => o.object === 'transfer' && o.source_transaction === chargeId)
      .reduce((sum, o) => sum + Number(o.amount) - Number(o.amount_reversed), 0);

  const refundsOf = (chargeId: string) =>
    [...objects.values()].filter((o) => o.object === 'refund' && o.charge === chargeId);

  /**
   * An object as Stripe returns it. A charge carries `refunds` only when expanded (Charges.d.ts
   * `refunds?: ApiList<Refund> | null`, API 2022-11-15 and later); any other id field named in
   * `expand` is replaced by its object; anything else cannot be expanded (400).
   */
  const present = (object: StripeObject, expand: string[]): StripeObject => {
    const copy = structuredClone(object);
    if (copy.object === 'charge') {
      delete copy.refunds;
      if (expand.includes('refunds'))
        copy.refunds = list(refundsOf(copy.id), `/v1/charges/${copy.id}/refunds`);
    }
    for (const field of expand) {
      if (field === 'refunds' && copy.object === 'charge') continue;
      const value = copy[field];
      const target = typeof value === 'string' ? objects.get(value) : undefined;
      if (!target) {
        throw new FakeError(400, {
          type: 'invalid_request_error',
          message: `This property cannot be expanded (${field}).`,
          param: 'expand',
        });
      }
      copy[field] = present(target, []);
    }
    return copy;
  };

  /** The platform's available balance in cents: charges whose funds are available, less what left. */
  const availableBalanceCents = () => {
    const now = nowSeconds();
    let cents = 0;
    for (const o of objects.values()) {
      if (o.object === 'charge' && Number(o.available_on) <= now) {
        cents += Number(o.amount) - Number(o.amount_refunded) - disputedCents(o.id);
      }
      // A transfer with source_transaction waits for that charge's funds (Transfers.d.ts).
      const source =
        o.object === 'transfer' && o.source_transaction
          ? objects.get(String(o.source_transaction))
          : undefined;
      if (o.object === 'transfer' && !(source && Number(source.available_on) > now)) {
        cents -= Number(o.amount) - Number(o.amount_reversed);
      }
    }
    return cents;
  };

  const pendingBalanceCents = () =>
    [...objects.values()]
      .filter((o) => o.object === 'charge' && Number(o.available_on) > nowSeconds())
      .reduce((sum, o) => sum + Number(o.amount) - Number(o.amount_refunded), 0);

  /** Money a charge's disputes hold: the sum of their balance transactions (negative = withdrawn). */
  const disputedCents = (chargeId: string) =>
    [...objects.values()]
      .filter((o) => o.object === 'dispute' && o.charge === chargeId)
      .flatMap((dispute) => dispute.balance_transactions as Array<{ amount: number }>)
      .reduce((sum, transaction) => sum - transaction.amount, 0);

  const confirmPaymentIntent = (
    intent: StripeObject,
    params: FormObject,
    key: string | undefined,
    secretKeyCall: boolean,
  ): StripeObject => {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `This PaymentIntent's status is ${String(intent.status)}, so it cannot be confirmed.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const token = str(params.payment_method) ?? (intent.payment_method as string | null) ?? undefined;
    if (!token) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    requireReturnUrlWhenRedirectsPossible(intent, params, secretKeyCall);
    const method = paymentMethodFrom(token, str(intent.customer));
    requireAllowedType(intent, method, 'PaymentIntent');
    intent.payment_method = method.id;
    const offSession = params.off_session === 'true' || intent.off_session === true;
    const outcome = outcomes.get(method.id) ?? 'succeeds';
    if (outcome === 'declines') {
      return failIntent(intent, method, 'card_declined', 'Your card was declined.', key, 'generic_decline');
    }
    if (outcome === 'authentication_required') {
      if (offSession) {
        return failIntent(
          intent,
          method,
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
          key,
          'authentication_required',
        );
      }
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      emit('payment_intent.requires_action', intent, key);
      return intent;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const charge = chargeFor(intent);
    intent.latest_charge = charge.id;
    if (intent.setup_future_usage && typeof intent.customer === 'string') method.customer = intent.customer;
    emit('charge.succeeded', charge, key);
    emit('payment_intent.succeeded', intent, key);
    return intent;
  };

  const failIntent = (
    intent: StripeObject,
    method: StripeObject,
    code: string,
    message: string,
    key: string | undefined,
    declineCode: string,
  ): never => {
    const error = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_method: structuredClone(method),
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    emit('payment_intent.payment_failed', intent, key);
    throw new FakeError(402, { ...error, payment_intent: structuredClone(intent) });
  };

  const routes: Array<{
    method: string;
    pattern: RegExp;
    handle: (match: string[], params: FormObject, key: string | undefined) => StripeObject | StripeList;
    /** Callable with a publishable key and the object's client_secret (what Stripe.js does). */
    publishable?: true;
  }> = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (_m, params) =>
        store({
          id: newId('cus'),
          object: 'customer',
          created: nowSeconds(),
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          metadata: obj(params.metadata),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        }),
    },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: ([id]) => find('customer', id!) },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ([id], params) => {
        const customer = find('customer', id!);
        if (params.metadata) customer.metadata = { ...obj(customer.metadata), ...obj(params.metadata) };
        const settings = params.invoice_settings;
        if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
          customer.invoice_settings = {
            default_payment_method: str(settings.default_payment_method) ?? null,
          };
        }
        return customer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      handle: ([id]) => {
        find('customer', id!);
        return list(
          [...objects.values()].filter((o) => o.object === 'payment_method' && o.customer === id),
          `/v1/customers/${id}/payment_methods`,
        );
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (_m, params, key) => {
        const amount = int(params.amount, 'amount');
        if (amount < 50) {
          throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
        }
        const currency = str(params.currency);
        if (!currency)
          throw invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
        const customer = str(params.customer);
        if (customer) find('customer', customer, 'customer');
        const intent = store({
          id: newId('pi'),
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency,
          customer: customer ?? null,
          description: str(params.description) ?? null,
          metadata: obj(params.metadata),
          payment_method: str(params.payment_method) ?? null,
          setup_future_usage: str(params.setup_future_usage) ?? null,
          off_session: params.off_session === 'true',
          ...paymentMethodChoice(params),
          status: 'requires_payment_method',
          created: nowSeconds(),
          livemode: false,
          latest_charge: null,
          last_payment_error: null,
          next_action: null,
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        emit('payment_intent.created', intent, key);
        if (params.confirm === 'true') return confirmPaymentIntent(intent, params, key, true);
        if (intent.payment_method) intent.status = 'requires_confirmation';
        return intent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents$/,
      handle: (_m, params) => {
        const customer = str(params.customer);
        return page(
          [...objects.values()].filter(
            (o) =>
              o.object === 'payment_intent' &&
              (customer === undefined || o.customer === customer) &&
              createdMatches(o, params.created),
          ),
          params,
          '/v1/payment_intents',
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: ([id]) => find('payment_intent', id!),
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle: ([id], params, key) =>
        confirmPaymentIntent(
          find('payment_intent', id!),
          params,
          key,
          str(params.client_secret) === undefined,
        ),
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      handle: (_m, params, key) => {
        const customer = str(params.customer);
        if (customer) find('customer', customer, 'customer');
        const intent = store({
          id: newId('seti'),
          object: 'setup_intent',
          customer: customer ?? null,
          usage: str(params.usage) ?? 'off_session',
          metadata: obj(params.metadata),
          ...paymentMethodChoice(params),
          payment_method: null,
          status: 'requires_payment_method',
          created: nowSeconds(),
          livemode: false,
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        emit('setup_intent.created', intent, key);
        return intent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      handle: ([id]) => find('setup_intent', id!),
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: ([id], params, key) => {
        const intent = find('setup_intent', id!);
        if (intent.status === 'succeeded') {
          throw invalidRequest(
            "This SetupIntent's status is succeeded, so it cannot be confirmed.",
            undefined,
            'setup_intent_unexpected_state',
          );
        }
        const token = str(params.payment_method);
        if (!token)
          throw invalidRequest(
            'Missing required param: payment_method.',
            'payment_method',
            'parameter_missing',
          );
        const method = paymentMethodFrom(token);
        requireAllowedType(intent, method, 'SetupIntent');
        intent.payment_method = method.id;
        if (outcomes.get(method.id) === 'declines') {
          intent.status = 'requires_payment_method';
          emit('setup_intent.setup_failed', intent, key);
          throw new FakeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            setup_intent: structuredClone(intent),
          });
        }
        if (typeof intent.customer === 'string') attach(method, intent.customer);
        intent.status = 'succeeded';
        emit('setup_intent.succeeded', intent, key);
        return intent;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods$/,
      handle: (_m, params) => {
        const customer = str(params.customer);
        return list(
          [...objects.values()].filter(
            (o) => o.object === 'payment_method' && (customer === undefined || o.customer === customer),
          ),
          '/v1/payment_methods',
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: ([id]) => (TEST_CARDS[id!] ? paymentMethodFrom(id!) : find('payment_method', id!)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: ([id], params) => {
        const method = TEST_CARDS[id!] ? paymentMethodFrom(id!) : find('payment_method', id!);
        const customer = str(params.customer);
        if (!customer)
          throw invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
        attach(method, customer);
        return method;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: ([id]) => {
        const method = find('payment_method', id!);
        if (!method.customer) {
          throw invalidRequest(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            undefined,
            'payment_method_unexpected_state',
          );
        }
        method.customer = null;
        emit('payment_method.detached', method);
        return method;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (_m, params, key) => {
        const intentId = str(params.payment_intent);
        const chargeId = str(params.charge);
        const intent = intentId ? find('payment_intent', intentId, 'payment_intent') : undefined;
        const charge = find('charge', chargeId ?? String(intent?.latest_charge ?? ''), 'charge');
        const refundable = Number(charge.amount) - Number(charge.amount_refunded);
        const amount = params.amount === undefined ? refundable : int(params.amount, 'amount');
        if (amount <= 0 || amount > refundable) {
          throw invalidRequest(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(refundable / 100).toFixed(2)})`,
            'amount',
            'amount_too_large',
          );
        }
        // Refunds.d.ts RefundCreateParams.Reason; Stripe refuses any other value.
        const reason = str(params.reason);
        if (reason !== undefined && !REFUND_REASONS.includes(reason)) {
          throw invalidRequest(
            'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
            'reason',
            'parameter_invalid_string',
          );
        }
        const refund = store({
          id: newId('re'),
          object: 'refund',
          amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          currency: charge.currency,
          status: switches.refundsStartPending ? 'pending' : 'succeeded',
          reason: reason ?? null,
          metadata: obj(params.metadata),
          created: nowSeconds(),
        });
        charge.amount_refunded = Number(charge.amount_refunded) + amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        emit('refund.created', refund, key);
        emit('charge.refunded', charge, key);
        return refund;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: (_m, params) => {
        const chargeId = str(params.charge);
        const intentId = str(params.payment_intent);
        return page(
          [...objects.values()].filter(
            (o) =>
              o.object === 'refund' &&
              (chargeId === undefined || o.charge === chargeId) &&
              (intentId === undefined || o.payment_intent === intentId),
          ),
          params,
          '/v1/refunds',
        );
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts$/,
      handle: (_m, params, key) => {
        // Stricter than Stripe: `type` is deprecated in favour of `controller` (Accounts.d.ts),
        // and the country is not left to default to the platform's.
        if (params.type !== undefined) {
          throw invalidRequest(
            'The double refuses the deprecated `type`; describe the account with `controller` instead.',
            'type',
            'parameter_unknown',
          );
        }
        const controller = obj(params.controller);
        if (Object.keys(controller).length === 0) {
          throw invalidRequest('Missing required param: controller.', 'controller', 'parameter_missing');
        }
        const country = str(params.country);
        if (!country || !/^[A-Z]{2}$/.test(country)) {
          throw invalidRequest('Missing required param: country.', 'country', 'parameter_missing');
        }
        const requested = Object.keys(obj(params.capabilities));
        const account = store({
          id: newId('acct'),
          object: 'account',
          type: obj(controller.stripe_dashboard).type === 'express' ? 'express' : 'none',
          controller,
          country,
          email: str(params.email) ?? null,
          metadata: obj(params.metadata),
          capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])),
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          created: nowSeconds(),
        });
        emit('account.updated', account, key, account.id);
        return account;
      },
    },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: ([id]) => find('account', id!) },
    {
      method: 'DELETE',
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      handle: ([id]) => {
        find('account', id!);
        objects.delete(id!);
        return { id: id!, object: 'account', deleted: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/account_links$/,
      handle: (_m, params) => {
        const account = str(params.account);
        if (!account)
          throw invalidRequest('Missing required param: account.', 'account', 'parameter_missing');
        find('account', account, 'account');
        for (const name of ['refresh_url', 'return_url']) {
          if (!str(params[name]))
            throw invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
        }
        const returnUrl = encodeURIComponent(str(params.return_url)!);
        return {
          id: newId('acctlink'),
          object: 'account_link',
          created: nowSeconds(),
          expires_at: nowSeconds() + 300,
          url: `${fake.url}/_fake/onboarding/${account}?return_url=${returnUrl}`,
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/,
      handle: ([id]) => {
        find('account', id!);
        return {
          id: newId('lnk'),
          object: 'login_link',
          created: nowSeconds(),
          url: `${fake.url}/_fake/express/${id}`,
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/transfers$/,
      handle: (_m, params, key) => {
        const amount = int(params.amount, 'amount');
        const destination = str(params.destination);
        if (!destination)
          throw invalidRequest('Missing required param: destination.', 'destination', 'parameter_missing');
        const account = find('account', destination, 'destination');
        // Transfers need the destination's `transfers` capability active (Accounts.d.ts
        // capabilities.transfers), not payouts_enabled.
        const capabilities = obj(account.capabilities);
        if (capabilities.transfers !== 'active') {
          throw invalidRequest(
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'destination',
            'insufficient_capabilities_for_transfer',
          );
        }
        const sourceId = str(params.source_transaction);
        if (sourceId) {
          const source = find('charge', sourceId, 'source_transaction');
          const left = Number(source.amount) - Number(source.amount_refunded) - transferredFrom(sourceId);
          if (amount > left) {
            throw invalidRequest(
              `The transfer amount ($${(amount / 100).toFixed(2)}) exceeds what is left of the source transaction ($${(left / 100).toFixed(2)}).`,
              'amount',
              'transfer_source_balance_parameters_mismatch',
            );
          }
        } else if (amount > availableBalanceCents()) {
          throw invalidRequest(
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
            undefined,
            'balance_insufficient',
          );
        }
        const transfer = store({
          id: newId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          source_transaction: sourceId ?? null,
          currency: str(params.currency) ?? 'usd',
          destination,
          metadata: obj(params.metadata),
          transfer_group: str(params.transfer_group) ?? null,
          reversed: false,
          created: nowSeconds(),
        });
        emit('transfer.created', transfer, key);
        return transfer;
      },
    },
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)$/, handle: ([id]) => find('transfer', id!) },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handle: ([id]) => find('refund', id!) },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: ([id]) => find('charge', id!) },
    { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, handle: ([id]) => find('dispute', id!) },
    {
      method: 'GET',
      pattern: /^\/v1\/balance$/,
      handle: () => {
        const available = availableBalanceCents();
        return {
          id: 'balance',
          object: 'balance',
          livemode: false,
          available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
          pending: [
            { amount: pendingBalanceCents(), currency: 'usd', source_types: { card: pendingBalanceCents() } },
          ],
        };
      },
    },
  ];

  /**
   * A publishable key may only read or confirm a PaymentIntent or SetupIntent, with its
   * client_secret (PaymentIntents.d.ts: "We require it if you use a publishable key"); no
   * refunds, no lists, no other reads.
   */
  const checkPublishableUse = (allowed: boolean, id: string | undefined, params: FormObject) => {
    if (!allowed)
      throw new FakeError(401, { type: 'invalid_request_error', message: PUBLISHABLE_KEY_FORBIDDEN });
    const target = id === undefined ? undefined : objects.get(id);
    if (!target || str(params.client_secret) !== target.client_secret) {
      throw invalidRequest(
        `The client_secret provided does not match the client_secret associated with the ${target?.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'}.`,
        'client_secret',
        'resource_missing',
      );
    }
  };

  const presentReply = (reply: StripeObject | StripeList, expand: string[]) => {
    if (reply.object !== 'list') return present(reply as StripeObject, expand);
    const inner = expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
    return { ...reply, data: (reply as StripeList).data.map((object) => present(object, inner)) };
  };

  const completeOnboarding = (accountId: string, capabilities: 'active' | 'pending' = 'active') => {
    const account = find('account', accountId);
    account.details_submitted = true;
    account.charges_enabled = true;
    account.payouts_enabled = true;
    account.capabilities = Object.fromEntries(
      Object.keys(obj(account.capabilities)).map((name) => [name, capabilities]),
    );
    emit('account.updated', account, undefined, account.id);
    persist();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = newId('req');
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stripe.fake');
    const method = request.method ?? 'GET';
    const origin = headerValue(request.headers.origin);
    const cors = origin !== undefined && origin === options.allowedOrigin ? corsHeaders(origin) : {};
    const send = (status: number, text: string, extra: Record<string, string> = {}) => {
      response.writeHead(status, {
        ...cors,
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': API_VERSION,
        ...extra,
      });
      response.end(text);
    };

    if (method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'request-id': requestId });
      return response.end();
    }

    // Fake-only pages: the hosted onboarding and the Express dashboard.
    const onboarding = /^\/_fake\/onboarding\/([^/]+)$/.exec(url.pathname);
    if (onboarding && method === 'GET') {
      try {
        completeOnboarding(onboarding[1]!);
      } catch {
        return send(404, JSON.stringify({ error: { message: 'No such account' } }));
      }
      const back = url.searchParams.get('return_url');
      response.writeHead(back ? 302 : 200, { ...(back ? { location: back } : {}), 'request-id': requestId });
      return response.end(back ? '' : 'Onboarding complete');
    }
    if (/^\/_fake\/express\/[^/]+$/.test(url.pathname) && method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/plain', 'request-id': requestId });
      return response.end('Stripe Express dashboard (fake)');
    }

    const keyKind = apiKeyKind(request.headers.authorization);
    if (!keyKind) {
      return send(
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: 'You did not provide an API key.',
          },
        }),
      );
    }

    if (switches.rateLimitNextRequests > 0) {
      switches.rateLimitNextRequests -= 1;
      return send(429, JSON.stringify({ error: RATE_LIMITED }));
    }

    const params =
      method === 'GET' || method === 'DELETE' ? parseFormBody(url.search.slice(1)) : parseFormBody(body);
    const key = headerValue(request.headers['idempotency-key']);
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${body}`).digest('hex');
    if (key && method === 'POST') {
      const previous = idempotent.get(key);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          );
        }
        return send(previous.status, previous.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': key,
        });
      }
    }

    let status = 200;
    let text: string;
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
    );
    try {
      if (!route)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}).`,
          undefined,
          'url_invalid',
          404,
        );
      const match = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      if (keyKind === 'publishable') checkPublishableUse(route.publishable === true, match[0], params);
      text = JSON.stringify(presentReply(route.handle(match, params, key), expandOf(params)), null, 2);
    } catch (error) {
      if (!(error instanceof FakeError)) throw error;
      status = error.status;
      text = JSON.stringify({ error: { ...error.body, request_log_url: `${fakeUrl()}/logs/${requestId}` } });
    }
    if (key && method === 'POST' && status !== 401) idempotent.set(key, { fingerprint, status, body: text });
    if (method !== 'GET') persist();
    send(status, text, key ? { 'idempotency-key': key } : {});
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fakeUrl = () => `http://127.0.0.1:${port}`;

  const fake: StripeFake = {
    url: fakeUrl(),
    host: '127.0.0.1',
    port,
    switches,
    delivered,
    setWebhookTarget(target) {
      webhookTarget = target;
    },
    setConnectWebhookTarget(target) {
      connectWebhookTarget = target;
    },
    async flushWebhooks() {
      const batch = held.splice(0, held.length);
      if (switches.reverseOnFlush) batch.reverse();
      for (const event of batch) await deliverCopies(event);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get: (id) => objects.get(id),
    events: () => [...events],
    completeOnboarding,
    createDispute(paymentIntentId, options = {}) {
      const intent = find('payment_intent', paymentIntentId);
      const charge = find('charge', String(intent.latest_charge));
      const amount = options.amountCents ?? Number(charge.amount);
      charge.disputed = true;
      // An inquiry (warning_*) withdraws no money; a dispute withdraws its amount at once.
      const dispute = store({
        id: newId('dp'),
        object: 'dispute',
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        currency: charge.currency,
        reason: 'fraudulent',
        status: options.inquiry ? 'warning_needs_response' : 'needs_response',
        balance_transactions: options.inquiry ? [] : [disputeTransaction(-amount, 'dispute')],
        is_charge_refundable: false,
        created: nowSeconds(),
      });
      emit('charge.dispute.created', dispute);
      if (!options.inquiry) emit('charge.dispute.funds_withdrawn', dispute);
      persist();
      return dispute;
    },
    escalateInquiry(disputeId) {
      const dispute = find('dispute', disputeId);
      if (!String(dispute.status).startsWith('warning_')) throw new Error(`${disputeId} is not an inquiry`);
      dispute.status = 'needs_response';
      dispute.balance_transactions = [disputeTransaction(-Number(dispute.amount), 'dispute')];
      emit('charge.dispute.updated', dispute);
      emit('charge.dispute.funds_withdrawn', dispute);
      persist();
    },
    closeDispute(disputeId, outcome) {
      const dispute = find('dispute', disputeId);
      const inquiry = String(dispute.status).startsWith('warning_');
      dispute.status = inquiry ? 'warning_closed' : outcome;
      if (outcome === 'won' && !inquiry) {
        (dispute.balance_transactions as unknown[]).push(
          disputeTransaction(Number(dispute.amount), 'dispute_reversal'),
        );
        emit('charge.dispute.funds_reinstated', dispute);
      }
      emit('charge.dispute.closed', dispute);
      persist();
    },
    settleRefund(refundId, outcome) {
      const refund = find('refund', refundId);
      if (refund.status !== 'pending')
        throw new Error(`${refundId} is ${String(refund.status)}, not pending`);
      refund.status = outcome;
      if (outcome !== 'succeeded') {
        const charge = find('charge', String(refund.charge));
        charge.amount_refunded = Number(charge.amount_refunded) - Number(refund.amount);
        charge.refunded = false;
        if (outcome === 'failed') {
          refund.failure_reason = 'expired_or_canceled_card';
          emit('refund.failed', refund);
        }
      }
      emit('refund.updated', refund);
      emit('charge.refund.updated', refund);
      persist();
    },
    reverseTransfer(transferId) {
      const transfer = find('transfer', transferId);
      transfer.amount_reversed = transfer.amount;
      transfer.reversed = true;
      emit('transfer.reversed', transfer);
      persist();
    },
    failPayout(accountId, amountCents) {
      find('account', accountId);
      const payout = {
        id: newId('po'),
        object: 'payout',
        amount: amountCents,
        currency: 'usd',
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed.',
        created: nowSeconds(),
      };
      emit('payout.failed', payout, undefined, accountId);
      return payout;
    },
    deauthorize(accountId) {
      find('account', accountId);
      emit(
        'account.application.deauthorized',
        { id: newId('ca'), object: 'application', name: 'Evalmarket' },
        undefined,
        accountId,
      );
    },
    updateCardAutomatically(paymentMethodId) {
      const method = find('payment_method', paymentMethodId);
      const card = obj(method.card);
      method.card = { ...card, exp_year: Number(card.exp_year) + 2 };
      emit('payment_method.automatically_updated', method);
      persist();
    },
    async close() {
      await fake.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** The `Stripe-Signature` header stripe-node's `webhooks.constructEvent` verifies. */
export function signatureHeader(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

interface StripeList {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
  [key: string]: unknown;
}

const PUBLISHABLE_KEY_FORBIDDEN =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';

const RATE_LIMITED = {
  type: 'invalid_request_error',
  code: 'rate_limit',
  message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
};

/** Stripe's key kinds by prefix: secret (sk_), restricted (rk_), publishable (pk_). */
function apiKeyKind(authorization: string | undefined): 'secret' | 'restricted' | 'publishable' | undefined {
  const prefix = /^Bearer (sk|rk|pk)_\S+$/.exec(authorization ?? '')?.[1];
  return prefix === 'sk'
    ? 'secret'
    : prefix === 'rk'
      ? 'restricted'
      : prefix === 'pk'
        ? 'publishable'
        : undefined;
}

function expandOf(params: FormObject): string[] {
  const value = params.expand;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * How a PaymentIntent chooses its payment methods (PaymentIntents.d.ts of API 2026-10-28):
 * explicit `allowed_payment_method_types`, or `automatic_payment_methods` with redirects allowed
 * unless `allow_redirects: 'never'`. The older `payment_method_types` parameter is unknown.
 */
function paymentMethodChoice(params: FormObject): Record<string, unknown> {
  if (params.payment_method_types !== undefined) {
    throw invalidRequest(
      'Received unknown parameter: payment_method_types',
      'payment_method_types',
      'parameter_unknown',
    );
  }
  const types = params.allowed_payment_method_types;
  if (Array.isArray(types) && types.length > 0) {
    return {
      allowed_payment_method_types: types,
      payment_method_types: types,
      automatic_payment_methods: null,
    };
  }
  const automatic = obj(params.automatic_payment_methods);
  return {
    allowed_payment_method_types: null,
    payment_method_types: ['card', 'link', 'us_bank_account'],
    automatic_payment_methods: {
      enabled: true,
      allow_redirects: automatic.allow_redirects === 'never' ? 'never' : 'always',
    },
  };
}

/** An intent accepts only payment methods of its `payment_method_types`. */
function requireAllowedType(
  intent: StripeObject,
  method: StripeObject,
  kind: 'PaymentIntent' | 'SetupIntent',
) {
  const types = Array.isArray(intent.payment_method_types) ? (intent.payment_method_types as string[]) : [];
  const type = String(method.type);
  if (types.includes(type)) return;
  throw invalidRequest(
    `The PaymentMethod provided (${type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${types.join(', ')}. Alternatively, update the allowed_payment_method_types for this ${kind} to include "${type}".`,
    'payment_method',
    kind === 'PaymentIntent'
      ? 'payment_intent_incompatible_payment_method'
      : 'setup_intent_invalid_parameter',
  );
}

/**
 * Stripe refuses a server-side confirmation of a PaymentIntent that may need a redirect
 * (automatic payment methods with redirects allowed) when no return_url is given.
 */
function requireReturnUrlWhenRedirectsPossible(
  intent: StripeObject,
  params: FormObject,
  secretKeyCall: boolean,
) {
  const automatic = obj(intent.automatic_payment_methods);
  if (!secretKeyCall || automatic.enabled !== true || automatic.allow_redirects === 'never') return;
  if (str(params.return_url)) return;
  throw invalidRequest(
    'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
    'return_url',
    'parameter_missing',
  );
}

let transactionCounter = 0;

/** A dispute's balance transaction (Disputes.d.ts balance_transactions; negative = withdrawn). */
function disputeTransaction(amount: number, category: 'dispute' | 'dispute_reversal'): StripeObject {
  transactionCounter += 1;
  return {
    id: `txn_${randomBytes(8).toString('hex')}${transactionCounter}`,
    object: 'balance_transaction',
    amount,
    currency: 'usd',
    type: 'adjustment',
    reporting_category: category,
    created: Math.floor(Date.now() / 1000),
  };
}

function list(data: StripeObject[], url: string): StripeList {
  return { object: 'list', data, has_more: false, url };
}

/**
 * One page of a Stripe list endpoint: newest first (by `created`, then by creation order),
 * `limit` 1..100 (default 10), and the cursors `starting_after` / `ending_before` (object ids).
 */
function page(objects: StripeObject[], params: FormObject, url: string): StripeList {
  const limitText = str(params.limit);
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
      'parameter_invalid_integer',
    );
  }
  // Map order is creation order; Stripe lists newest first.
  const sorted = objects
    .map((object, index) => ({ object, index }))
    .sort((a, b) => Number(b.object.created) - Number(a.object.created) || b.index - a.index)
    .map(({ object }) => object);
  const after = str(params.starting_after);
  const before = str(params.ending_before);
  const cursorIndex = (id: string, param: string) => {
    const index = sorted.findIndex((object) => object.id === id);
    if (index === -1) throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing', 400);
    return index;
  };
  if (before !== undefined) {
    const end = cursorIndex(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: sorted.slice(start, end), has_more: start > 0, url };
  }
  const start = after === undefined ? 0 : cursorIndex(after, 'starting_after') + 1;
  const data = sorted.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < sorted.length, url };
}

/** Stripe's `created` filter: a timestamp, or `{gt, gte, lt, lte}` in epoch seconds. */
function createdMatches(object: StripeObject, filter: FormValue | undefined): boolean {
  if (filter === undefined) return true;
  const created = Number(object.created);
  const bound = (value: FormValue | undefined, param: string): number | undefined => {
    const text = str(value);
    if (text === undefined) return undefined;
    const number = Number(text);
    if (!Number.isInteger(number)) {
      throw invalidRequest(`Invalid integer: ${text}`, `created[${param}]`, 'parameter_invalid_integer');
    }
    return number;
  };
  if (typeof filter === 'string') return created === bound(filter, 'created');
  if (Array.isArray(filter)) return true;
  const gt = bound(filter.gt, 'gt');
  const gte = bound(filter.gte, 'gte');
  const lt = bound(filter.lt, 'lt');
  const lte = bound(filter.lte, 'lte');
  return (
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte)
  );
}

function str(value: FormValue | unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function obj(value: FormValue | unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
}

function int(value: FormValue | undefined, param: string): number {
  const text = str(value);
  if (text === undefined)
    throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
  if (!/^\d{1,15}$/.test(text))
    throw invalidRequest(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  return Number(text);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
