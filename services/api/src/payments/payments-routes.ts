import {
  PAYMENT_MESSAGES,
  ZConnectCreateReply,
  ZConnectDisconnectReply,
  ZConnectStatus,
  ZDashboardLinkReply,
  ZOnboardingLinkReply,
  ZPaymentsConfigReply,
  ZPaymentSetupStatus,
  ZSetupEarningReply,
  ZSetupSpendingReply,
  ZVerifyBankReply,
} from '@evalmarket/contracts';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { AppError, NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { applyStripeEvent, refreshPayoutAccount } from './apply-stripe-event.js';
import type { PaymentsGateway } from './payments-gateway.js';
import {
  connectStatus,
  ensureCustomer,
  findCustomerId,
  findSavedCard,
  readPayoutAccount,
  recordPaymentsEvent,
} from './payments-service.js';
import { stripeFailure } from './stripe-errors.js';

export const WEBHOOK_PATH = '/payments/webhook';
export const CONNECT_WEBHOOK_PATH = '/payments/connect-webhook';
/** Connect accounts are opened in the platform's country: payouts are in US dollars. */
const CONNECT_ACCOUNT_COUNTRY = 'US';
const NO_ACCOUNT_MESSAGE = 'No bank account connected';

/** Payments: configuration, the Stripe webhook, payment setup and Stripe Connect (spec 001 section 7). */
export async function paymentsRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = await paymentsRoutesDeps(app, context);
  await configAndWebhookRoutes(app, deps);
  setupRoutes(app, deps);
  connectRoutes(app, deps);
}

/** What the routes below share, built once per app. */
async function paymentsRoutesDeps(app: App, context: DomainContext) {
  const gateway = await context.payments();
  if (gateway.fake) {
    // Local test mode: the fake delivers its signed webhooks through this app's own pipeline.
    const through = (path: string) => ({
      deliver: async (payload: string, headers: Record<string, string>) =>
        (await app.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers })).statusCode,
    });
    gateway.fake.setWebhookTarget(through(WEBHOOK_PATH));
    gateway.fake.setConnectWebhookTarget(through(CONNECT_WEBHOOK_PATH));
  }
  return { context, gateway };
}

type Deps = Awaited<ReturnType<typeof paymentsRoutesDeps>>;

/** How the console reaches Stripe, and the two signed webhooks. */
async function configAndWebhookRoutes(app: App, { context, gateway }: Deps): Promise<void> {
  app.get(
    '/payments/config',
    {
      config: { public: true },
      schema: {
        tags: ['payments'],
        summary:
          'How the console reaches Stripe: the real Stripe (publishable key) or local test mode (api_base)',
        response: { 200: ZPaymentsConfigReply },
      },
    },
    async () =>
      gateway.mode === 'stripe'
        ? { mode: 'stripe' as const, publishable_key: gateway.publishableKey }
        : { mode: 'local' as const, api_base: gateway.apiBase!, publishable_key: gateway.publishableKey },
  );

  // The webhooks need the raw bytes for the signature, so they live in their own scope with a
  // buffer parser; every other route keeps the JSON parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhookRoute(scope, context, gateway, {
      path: WEBHOOK_PATH,
      secret: gateway.webhookSecret,
      summary:
        'Stripe webhook of the platform account (signed; each event applied once however often it is delivered)',
    });
    webhookRoute(scope, context, gateway, {
      path: CONNECT_WEBHOOK_PATH,
      secret: gateway.connectWebhookSecret,
      summary:
        'Stripe Connect webhook: events of connected accounts, signed with the Connect endpoint secret (STRIPE_CONNECT_WEBHOOK_SECRET)',
    });
  });
}

/** Payment and payout set-up: status, saving a card, starting payouts, checking the bank. */
function setupRoutes(app: App, { context, gateway }: Deps): void {
  app.get(
    '/payments/setup-status',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment (saved card) and payout (Stripe Connect) set-up of the signed-in person',
        response: { 200: ZPaymentSetupStatus },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const [customer, card, account] = await Promise.all([
        findCustomerId(context.sql, userId),
        findSavedCard(context.sql, userId),
        readPayoutAccount(context.sql, userId),
      ]);
      return {
        spending: {
          has_customer: customer !== undefined,
          has_payment_method: card !== undefined,
          card_brand: card?.card_brand ?? null,
          card_last4: card?.card_last4 ?? null,
          ready: card !== undefined,
        },
        earning: { ...connectStatus(account), ready: account.payouts_enabled },
      };
    },
  );

  app.post(
    '/payments/setup-spending',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start saving a card: no body; returns a SetupIntent client_secret (off-session use)',
        body: z.object({}).strict().nullish(),
        response: { 200: ZSetupSpendingReply },
      },
    },
    async (request) =>
      createSetupIntent(context, gateway, requireUser(request), 'Failed to initialize payment setup'),
  );

  app.post(
    '/payments/setup-earning',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Start payouts: no body; creates (or reuses) the Stripe Connect account and returns an onboarding link while details are missing',
        body: z.object({}).strict().nullish(),
        response: { 200: ZSetupEarningReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const { status, accountId } = await ensureConnectAccount(context, gateway, userId, request);
      const account = await readPayoutAccount(context.sql, userId);
      const onboarding_url = account.details_submitted
        ? null
        : await onboardingUrl(context, gateway, accountId, PAYMENT_MESSAGES.bankSetupFailed);
      return { status, account_id: accountId, onboarding_url, connect: connectStatus(account) };
    },
  );

  app.post(
    '/payments/verify-bank',
    {
      schema: {
        tags: ['payments'],
        summary:
          'No body; re-reads the Connect account from Stripe; verified = payouts enabled. 404 without an account',
        body: z.object({}).strict().nullish(),
        response: { 200: ZVerifyBankReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const before = await readPayoutAccount(context.sql, userId);
      if (!before.stripe_account_id) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
      await refreshPayoutAccount(context, gateway, userId, before.stripe_account_id, eventMetadata(request));
      const account = await readPayoutAccount(context.sql, userId);
      return { ...connectStatus(account), verified: account.payouts_enabled };
    },
  );
}

/** Stripe Connect Express: status, account, onboarding and dashboard links, disconnect. */
function connectRoutes(app: App, { context, gateway }: Deps): void {
  app.get(
    '/payments/connect/status',
    { schema: { tags: ['payments'], summary: 'Stripe Connect status', response: { 200: ZConnectStatus } } },
    async (request) => connectStatus(await readPayoutAccount(context.sql, requireUser(request))),
  );

  app.post(
    '/payments/connect/create-account',
    {
      schema: {
        tags: ['payments'],
        summary: 'Creates the Stripe Connect (Express) account, or reports the existing one',
        response: { 200: ZConnectCreateReply },
      },
    },
    async (request) => {
      const { status, accountId } = await ensureConnectAccount(
        context,
        gateway,
        requireUser(request),
        request,
      );
      return { status, account_id: accountId };
    },
  );

  app.post(
    '/payments/connect/onboarding-link',
    {
      schema: {
        tags: ['payments'],
        summary: "A single-use link to Stripe's hosted onboarding (creates the account if needed)",
        response: { 200: ZOnboardingLinkReply },
      },
    },
    async (request) => {
      const { accountId } = await ensureConnectAccount(context, gateway, requireUser(request), request);
      return {
        onboarding_url: await onboardingUrl(context, gateway, accountId, PAYMENT_MESSAGES.bankSetupFailed),
      };
    },
  );

  app.post(
    '/payments/connect/dashboard-link',
    {
      schema: {
        tags: ['payments'],
        summary: 'A login link to the Stripe Express dashboard; 404 without an account',
        response: { 200: ZDashboardLinkReply },
      },
    },
    async (request) => {
      const account = await readPayoutAccount(context.sql, requireUser(request));
      if (!account.stripe_account_id) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
      try {
        const link = await gateway.stripe.accounts.createLoginLink(account.stripe_account_id);
        return { dashboard_url: link.url };
      } catch (error) {
        throw stripeFailure(error, 'Failed to open account dashboard');
      }
    },
  );

  app.post(
    '/payments/connect/disconnect',
    {
      schema: {
        tags: ['payments'],
        summary: 'Unlinks the Connect account (back to no account); disconnected false when there was none',
        response: { 200: ZConnectDisconnectReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const account = await readPayoutAccount(context.sql, userId);
      if (!account.stripe_account_id) return { disconnected: false };
      await recordPaymentsEvent(
        context,
        userId,
        'PayoutAccountDisconnected',
        { user_id: userId, stripe_account_id: account.stripe_account_id },
        { metadata: eventMetadata(request) },
      );
      return { disconnected: true };
    },
  );
}

/** One signed webhook endpoint: the signature is checked on the raw body with its own secret. */
function webhookRoute(
  scope: App,
  context: DomainContext,
  gateway: PaymentsGateway,
  endpoint: { path: string; secret: string; summary: string },
): void {
  scope.post(
    endpoint.path,
    {
      config: { public: true, idempotency: false },
      schema: {
        tags: ['payments'],
        summary: endpoint.summary,
        response: { 200: z.object({ received: z.literal(true), applied: z.string() }) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
        throw new AppError(400, 'invalid_signature', 'Missing Stripe-Signature header or body');
      }
      let event: Stripe.Event;
      try {
        event = gateway.stripe.webhooks.constructEvent(raw, signature, endpoint.secret);
      } catch {
        throw new AppError(400, 'invalid_signature', 'Invalid Stripe signature');
      }
      const { applied } = await applyStripeEvent(context, gateway, event);
      request.log.info({ stripe_event: event.id, type: event.type, applied }, 'stripe webhook');
      return { received: true as const, applied };
    },
  );
}

export async function createSetupIntent(
  context: DomainContext,
  gateway: PaymentsGateway,
  userId: string,
  failureMessage: string,
): Promise<{ client_secret: string; setup_intent_id: string }> {
  try {
    const customer = await ensureCustomer(context, gateway, userId);
    // Cards only: auto-recharge charges a card off-session, so the Payment Element must not
    // offer Link or bank accounts that the product would then have to drop.
    const setup = await gateway.stripe.setupIntents.create({
      customer,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { user_id: userId },
    });
    return { client_secret: setup.client_secret!, setup_intent_id: setup.id };
  } catch (error) {
    throw stripeFailure(error, failureMessage);
  }
}

async function ensureConnectAccount(
  context: DomainContext,
  gateway: PaymentsGateway,
  userId: string,
  request: Parameters<typeof eventMetadata>[0],
): Promise<{ status: 'created' | 'existing'; accountId: string }> {
  const existing = await readPayoutAccount(context.sql, userId);
  if (existing.stripe_account_id) return { status: 'existing', accountId: existing.stripe_account_id };
  let account: Stripe.Account;
  try {
    // `controller` replaces the deprecated `type: 'express'` (Accounts.d.ts): Stripe collects
    // the requirements and hosts the Express dashboard; the platform pays fees and bears losses.
    account = await gateway.stripe.accounts.create({
      controller: {
        stripe_dashboard: { type: 'express' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        requirement_collection: 'stripe',
      },
      country: CONNECT_ACCOUNT_COUNTRY,
      metadata: { user_id: userId },
      capabilities: { transfers: { requested: true } },
    });
  } catch (error) {
    throw stripeFailure(error, PAYMENT_MESSAGES.bankSetupFailed);
  }
  await recordPaymentsEvent(
    context,
    userId,
    'PayoutAccountLinked',
    { user_id: userId, stripe_account_id: account.id },
    { metadata: eventMetadata(request) },
  );
  return { status: 'created', accountId: account.id };
}

async function onboardingUrl(
  context: DomainContext,
  gateway: PaymentsGateway,
  accountId: string,
  failureMessage: string,
): Promise<string> {
  try {
    const link = await gateway.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${context.config.publicUrl}/payments/setup`,
      return_url: `${context.config.publicUrl}/payments/setup/success`,
    });
    return link.url;
  } catch (error) {
    throw stripeFailure(error, failureMessage);
  }
}
