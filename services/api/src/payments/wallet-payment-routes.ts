import {
  AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS,
  AUTO_RECHARGE_PURCHASE_STEP_CREDITS,
  CREDITS_PER_USD,
  FIRST_PROJECT_BONUS_CREDITS,
  MAXIMUM_PURCHASE_USD,
  MINIMUM_PURCHASE_USD,
  PAYMENT_MESSAGES,
  ZAutoRechargeConfigureRequest,
  ZAutoRechargeSettings,
  ZAutoRechargeToggleRequest,
  ZClientSecretReply,
  ZPaymentMethodList,
  ZPurchaseCreditsReply,
  ZPurchaseCreditsRequest,
  ZSavedPaymentMethodReply,
  ZUserAccountKind,
  ZWalletContextReply,
  ZWalletReply,
} from '@evalmarket/contracts';
import { availableBalance } from '@evalmarket/ledger';
import { getAccountBalance } from '@evalmarket/projector';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { IDEMPOTENCY_KEY_HEADER } from '../http/idempotency.js';
import { NotFoundError, ValidationError, type ValidationIssue } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { createSetupIntent } from './payments-routes.js';
import { ensureCustomer, findSavedCard, readAutoRecharge, recordPaymentsEvent } from './payments-service.js';
import { stripeFailure } from './stripe-errors.js';

const NO_SAVED_CARD = 'No saved payment method';

/** Wallet reads, credit purchases, the saved card and auto-recharge (spec 001 sections 2.3-2.5, 7). */
export async function walletPaymentRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = await walletPaymentRoutesDeps(context);
  walletReadRoutes(app, deps);
  purchaseRoutes(app, deps);
  savedCardRoutes(app, deps);
  autoRechargeRoutes(app, deps);
}

/** What the routes below share, built once per app. */
async function walletPaymentRoutesDeps(context: DomainContext) {
  const gateway = await context.payments();
  const { sql } = context;
  return { context, gateway, sql };
}

type Deps = Awaited<ReturnType<typeof walletPaymentRoutesDeps>>;

/** The wallet: both balances, one context, the payment methods. */
function walletReadRoutes(app: App, { sql }: Deps): void {
  // Also answers /wallet (ignoreTrailingSlash).
  app.get(
    '/wallet/',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Both balances of the signed-in person, and whether the first-project bonus was claimed',
        response: { 200: ZWalletReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const [spending, earning, bonus] = await Promise.all([
        getAccountBalance(sql, userId, 'spending'),
        getAccountBalance(sql, userId, 'earning'),
        sql.query(`SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND code = 'bonus' LIMIT 1`, [
          userId,
        ]),
      ]);
      const spending_balance = availableBalance(spending);
      const earning_balance = availableBalance(earning);
      return {
        spending_balance,
        earning_balance,
        pending_balance: spending.debits_pending + earning.debits_pending,
        total_balance: spending_balance + earning_balance,
        currency: 'USD' as const,
        usd_equivalent: (spending_balance + earning_balance) / CREDITS_PER_USD,
        bonus_claimed: bonus.rows.length > 0,
        bonus_credits: FIRST_PROJECT_BONUS_CREDITS,
      };
    },
  );

  app.get(
    '/wallet/context/:context',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The wallet of one context (spending or earning)',
        params: z.object({ context: ZUserAccountKind }),
        response: { 200: ZWalletContextReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const balance = await getAccountBalance(sql, userId, request.params.context);
      const credits_balance = availableBalance(balance);
      return {
        context: request.params.context,
        credits_balance,
        usd_equivalent: credits_balance / CREDITS_PER_USD,
        pending_balance: balance.debits_pending,
        currency: 'USD' as const,
      };
    },
  );

  app.get(
    '/wallet/payment-methods',
    {
      schema: { tags: ['wallet'], summary: 'Saved payment methods', response: { 200: ZPaymentMethodList } },
    },
    async (request) => {
      const card = await findSavedCard(sql, requireUser(request));
      if (!card) return [];
      return [
        {
          id: card.stripe_payment_method_id,
          type: 'card' as const,
          last_four: card.card_last4,
          brand: card.card_brand,
          is_default: true,
          status: 'active',
        },
      ];
    },
  );
}

/** Buying credits with a card (a PaymentIntent; credits arrive with its webhook). */
function purchaseRoutes(app: App, { context, gateway }: Deps): void {
  app.post(
    '/wallet/purchase-credits',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Creates a Stripe PaymentIntent for amount_usd whole dollars (at least $50); credits arrive with its payment_intent.succeeded webhook',
        body: ZPurchaseCreditsRequest,
        response: { 200: ZPurchaseCreditsReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const amountUsd = request.body.amount_usd;
      const problem = purchaseAmountProblem(amountUsd);
      if (problem) throw ValidationError.at(['body', 'amount_usd'], problem.msg, problem.type);
      const credits = amountUsd * CREDITS_PER_USD;
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      try {
        const customer = await ensureCustomer(context, gateway, userId);
        const intent = await gateway.stripe.paymentIntents.create(
          {
            amount: amountUsd * 100,
            currency: 'usd',
            customer,
            description: `${credits.toLocaleString('en-US')} credits`,
            metadata: {
              user_id: userId,
              amount_usd: String(amountUsd),
              credits: String(credits),
              purpose: 'purchase',
            },
          },
          typeof key === 'string' ? { idempotencyKey: `purchase-${userId}-${key}` } : undefined,
        );
        return {
          client_secret: intent.client_secret!,
          payment_intent_id: intent.id,
          amount_usd: amountUsd,
          credits,
        };
      } catch (error) {
        throw stripeFailure(error, 'Failed to purchase credits');
      }
    },
  );
}

/** The card saved for auto-recharge: saving, reading, removing it. */
function savedCardRoutes(app: App, { context, gateway, sql }: Deps): void {
  app.post(
    '/wallet/setup-payment-method',
    {
      schema: {
        tags: ['wallet'],
        summary: 'A SetupIntent (usage off_session) to save a card for auto-recharge',
        response: { 200: ZClientSecretReply },
      },
    },
    async (request) =>
      createSetupIntent(context, gateway, requireUser(request), 'Failed to save payment method'),
  );

  app.get(
    '/wallet/saved-payment-method',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The card saved for auto-recharge; 404 when none',
        response: { 200: ZSavedPaymentMethodReply },
      },
    },
    async (request) => {
      const card = await findSavedCard(sql, requireUser(request));
      if (!card) throw new NotFoundError(NO_SAVED_CARD);
      return {
        has_payment_method: true as const,
        payment_method_id: card.stripe_payment_method_id,
        card_brand: card.card_brand,
        card_last4: card.card_last4,
        card_exp_month: card.card_exp_month,
        card_exp_year: card.card_exp_year,
      };
    },
  );

  app.delete(
    '/wallet/saved-payment-method',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Removes the saved card (auto-recharge stops working); 404 when none',
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const card = await findSavedCard(sql, userId);
      if (!card) throw new NotFoundError(NO_SAVED_CARD);
      try {
        await gateway.stripe.paymentMethods.detach(card.stripe_payment_method_id);
      } catch (error) {
        // Already detached at Stripe (from its dashboard): forgetting it here is all that is left.
        const code = (error as { code?: string }).code;
        if (code !== 'resource_missing' && code !== 'payment_method_unexpected_state') {
          throw stripeFailure(error, 'Failed to remove payment method');
        }
      }
      await recordPaymentsEvent(
        context,
        userId,
        'PaymentMethodRemoved',
        { user_id: userId, stripe_payment_method_id: card.stripe_payment_method_id },
        { metadata: eventMetadata(request) },
      );
      return { removed: true as const };
    },
  );
}

/** Auto-recharge settings: status, configure, toggle. */
function autoRechargeRoutes(app: App, { context, sql }: Deps): void {
  app.get(
    '/wallet/auto-recharge/status',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Auto-recharge settings',
        response: { 200: ZAutoRechargeSettings },
      },
    },
    async (request) => readAutoRecharge(sql, requireUser(request)),
  );

  app.post(
    '/wallet/auto-recharge/configure',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Saves threshold_credits and purchase_amount_credits (enabled defaults to true): purchase >= 50,000 in steps of 1,000, threshold >= 1 and below the purchase',
        body: ZAutoRechargeConfigureRequest,
        response: { 200: ZAutoRechargeSettings },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const current = await readAutoRecharge(sql, userId);
      const enabled = request.body.enabled ?? true;
      const threshold = request.body.threshold_credits ?? current.threshold_credits;
      const purchase = request.body.purchase_amount_credits ?? current.purchase_amount_credits;
      const issues = autoRechargeProblems(threshold, purchase, enabled, request.body);
      if (issues.length > 0) throw new ValidationError(issues);
      await recordPaymentsEvent(
        context,
        userId,
        'AutoRechargeConfigured',
        { user_id: userId, enabled, threshold_credits: threshold, purchase_amount_credits: purchase },
        { metadata: eventMetadata(request) },
      );
      return readAutoRecharge(sql, userId);
    },
  );

  app.put(
    '/wallet/auto-recharge/toggle',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Turns auto-recharge on or off, keeping the amounts',
        body: ZAutoRechargeToggleRequest,
        response: { 200: ZAutoRechargeSettings },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const current = await readAutoRecharge(sql, userId);
      await recordPaymentsEvent(
        context,
        userId,
        'AutoRechargeConfigured',
        {
          user_id: userId,
          enabled: request.body.enabled,
          threshold_credits: current.threshold_credits,
          purchase_amount_credits: current.purchase_amount_credits,
        },
        { metadata: eventMetadata(request) },
      );
      return readAutoRecharge(sql, userId);
    },
  );
}

/** The spec's purchase rules (spec 001 sections 5 and 9), with its messages. */
export function purchaseAmountProblem(amountUsd: number): { msg: string; type: string } | undefined {
  if (!Number.isFinite(amountUsd) || amountUsd < MINIMUM_PURCHASE_USD) {
    return { msg: PAYMENT_MESSAGES.minimumPurchase, type: 'greater_than_equal' };
  }
  if (!Number.isInteger(amountUsd))
    return { msg: 'Amount must be a whole number of dollars', type: 'int_type' };
  if (amountUsd > MAXIMUM_PURCHASE_USD) {
    return {
      msg: `Amount must be at most $${MAXIMUM_PURCHASE_USD.toLocaleString('en-US')}`,
      type: 'less_than_equal',
    };
  }
  return undefined;
}

/** Spec 001 section 5, "Auto-recharge, when enabled". */
export function autoRechargeProblems(
  threshold: number,
  purchase: number,
  enabled: boolean,
  sent: { threshold_credits?: number; purchase_amount_credits?: number },
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (field: string, msg: string, type: string) => issues.push({ loc: ['body', field], msg, type });
  for (const [field, value] of [
    ['threshold_credits', threshold],
    ['purchase_amount_credits', purchase],
  ] as const) {
    if (!Number.isSafeInteger(value) || value <= 0)
      at(field, `${field} must be a positive whole number`, 'value_error');
  }
  if (issues.length > 0 || !enabled) return issues;
  if (purchase < AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS) {
    at('purchase_amount_credits', PAYMENT_MESSAGES.autoRechargeMinimum, 'greater_than_equal');
  } else if (purchase % AUTO_RECHARGE_PURCHASE_STEP_CREDITS !== 0) {
    at('purchase_amount_credits', 'Purchase amount must be a multiple of 1,000 credits ($1)', 'multiple_of');
  }
  if (threshold >= purchase) {
    at(
      sent.threshold_credits !== undefined ? 'threshold_credits' : 'purchase_amount_credits',
      PAYMENT_MESSAGES.autoRechargeThreshold,
      'value_error',
    );
  }
  return issues;
}
