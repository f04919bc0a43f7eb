import { z } from 'zod';
import { ZUserAccountKind } from './money.js';

/*
 * Wallet, payments, auto-recharge, Stripe Connect and cash-out: API bodies and replies (spec 001
 * sections 2.3-2.6, 2.14, 3, 7) and the non-money events of the payments domain. Money itself
 * moves through the ledger events (ledger-events.ts).
 */

/** Auto-recharge defaults and limits (spec 001 section 9). */
export const AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS = 10_000;
export const AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS = 50_000;
export const AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS = 50_000;
export const AUTO_RECHARGE_PURCHASE_STEP_CREDITS = 1_000;
/** Largest purchase in one payment, in whole dollars (Stripe's own limit is $999,999.99). */
export const MAXIMUM_PURCHASE_USD = 999_999;
export const PAYOUT_ARRIVAL = '2-3 business days';

/** Spec texts (spec 001 sections 5 and 8), copied exactly. */
export const PAYMENT_MESSAGES = {
  minimumPurchase: 'Minimum purchase amount is $50 (50,000 credits)',
  minimumPurchaseShort: 'Amount must be at least $50',
  autoRechargeMinimum: 'Purchase amount must be at least 50,000 credits ($50 USD)',
  autoRechargeThreshold: 'Threshold must be less than purchase amount',
  setupIncomplete: 'Payment method setup did not complete. Please try again.',
  cashoutFailed: 'Failed to process cashout',
  bankSetupFailed: 'Failed to set up bank account',
} as const;

// ---- events ----------------------------------------------------------------------------------

/** Stream of a person's payment set-up: customer, saved card, auto-recharge settings, payout account. */
export const paymentsStreamId = (userId: string) => `payments-${userId}`;
/** Stream of a person's auto-recharge attempts; its version serialises them (one in flight). */
export const autoRechargeStreamId = (userId: string) => `autorecharge-${userId}`;

export const ZPaymentsEventData = {
  StripeCustomerCreated: z.object({ user_id: z.string(), stripe_customer_id: z.string() }),
  PaymentMethodSaved: z.object({
    user_id: z.string(),
    stripe_payment_method_id: z.string(),
    card_brand: z.string(),
    card_last4: z.string(),
    card_exp_month: z.number().int(),
    card_exp_year: z.number().int(),
    setup_intent_id: z.string().optional(),
  }),
  PaymentMethodRemoved: z.object({ user_id: z.string(), stripe_payment_method_id: z.string() }),
  AutoRechargeConfigured: z.object({
    user_id: z.string(),
    enabled: z.boolean(),
    threshold_credits: z.number().int(),
    purchase_amount_credits: z.number().int(),
  }),
  AutoRechargeRequested: z.object({
    recharge_id: z.string(),
    user_id: z.string(),
    amount_usd: z.number().int(),
    balance_credits: z.number().int(),
    threshold_credits: z.number().int(),
    stripe_payment_method_id: z.string(),
  }),
  AutoRechargeCharged: z.object({
    recharge_id: z.string(),
    user_id: z.string(),
    payment_intent_id: z.string(),
    amount_usd: z.number().int(),
  }),
  AutoRechargeFailed: z.object({
    recharge_id: z.string(),
    user_id: z.string(),
    /** Stripe's code: card_declined, authentication_required, ... */
    code: z.string(),
    message: z.string(),
    payment_intent_id: z.string().optional(),
  }),
  PayoutAccountLinked: z.object({ user_id: z.string(), stripe_account_id: z.string() }),
  PayoutAccountUpdated: z.object({
    user_id: z.string(),
    stripe_account_id: z.string(),
    details_submitted: z.boolean(),
    payouts_enabled: z.boolean(),
  }),
  PayoutAccountDisconnected: z.object({ user_id: z.string(), stripe_account_id: z.string() }),
  /**
   * The bank refused a payout of the person's connected account (Stripe `payout.failed`). The
   * money returns to that account's Stripe balance, not to the platform, so no credits move.
   */
  /**
   * Stripe refused a cash-out's transfer for balance_insufficient (card money not yet
   * available): it stays pending and the payout worker tries again at `next_attempt_at`.
   */
  CashoutAwaitingFunds: z.object({
    cashout_id: z.string(),
    user_id: z.string(),
    /** How many transfers were refused so far (1 after the first). */
    attempt: z.number().int().positive(),
    next_attempt_at: z.string(),
  }),
  PayoutFailed: z.object({
    user_id: z.string(),
    stripe_account_id: z.string(),
    stripe_payout_id: z.string(),
    amount_cents: z.number().int(),
    failure_code: z.string().nullable(),
  }),
} as const;

// ---- API -------------------------------------------------------------------------------------

export const ZPaymentsConfigReply = z.union([
  z.object({ mode: z.literal('stripe'), publishable_key: z.string() }),
  z.object({ mode: z.literal('local'), api_base: z.string(), publishable_key: z.string() }),
]);
export type TPaymentsConfigReply = z.infer<typeof ZPaymentsConfigReply>;

/** Whole dollars; checked by the route so the spec's messages reach the client. */
export const ZPurchaseCreditsRequest = z.object({ amount_usd: z.number() });
export type TPurchaseCreditsRequest = z.infer<typeof ZPurchaseCreditsRequest>;

export const ZPurchaseCreditsReply = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  amount_usd: z.number().int(),
  credits: z.number().int(),
});
export type TPurchaseCreditsReply = z.infer<typeof ZPurchaseCreditsReply>;

export const ZClientSecretReply = z.object({ client_secret: z.string(), setup_intent_id: z.string() });

export const ZWalletReply = z.object({
  spending_balance: z.number().int(),
  earning_balance: z.number().int(),
  /** Credits reserved and not yet usable: rewards on hold plus cash-outs in flight. */
  pending_balance: z.number().int(),
  total_balance: z.number().int(),
  currency: z.literal('USD'),
  usd_equivalent: z.number(),
  /** Whether the first-project bonus was granted ('Bonus Claimed! 5,000 Credits Added'). */
  bonus_claimed: z.boolean(),
  bonus_credits: z.number().int(),
});
export type TWalletReply = z.infer<typeof ZWalletReply>;

export const ZWalletContextReply = z.object({
  context: ZUserAccountKind,
  credits_balance: z.number().int(),
  usd_equivalent: z.number(),
  pending_balance: z.number().int(),
  currency: z.literal('USD'),
});

export const ZPaymentMethodListItem = z.object({
  id: z.string(),
  type: z.enum(['card', 'bank']),
  last_four: z.string(),
  brand: z.string(),
  is_default: z.boolean(),
  status: z.string(),
});
export const ZPaymentMethodList = z.array(ZPaymentMethodListItem);

export const ZSavedPaymentMethodReply = z.object({
  has_payment_method: z.literal(true),
  payment_method_id: z.string(),
  card_brand: z.string(),
  card_last4: z.string(),
  card_exp_month: z.number().int(),
  card_exp_year: z.number().int(),
});

export const ZAutoRechargeSettings = z.object({
  enabled: z.boolean(),
  threshold_credits: z.number().int(),
  purchase_amount_credits: z.number().int(),
  threshold_usd: z.number(),
  purchase_amount_usd: z.number(),
  has_payment_method: z.boolean(),
  /** Why recharges are paused after a failure (cleared by a new card or new settings). */
  paused_reason: z.string().nullable(),
  last_recharge: z
    .object({
      recharge_id: z.string(),
      status: z.enum(['requested', 'charged', 'failed']),
      amount_usd: z.number().int(),
      failure_code: z.string().nullable(),
      failure_message: z.string().nullable(),
      requested_at: z.string(),
    })
    .nullable(),
});
export type TAutoRechargeSettings = z.infer<typeof ZAutoRechargeSettings>;

/** Checked by the route (spec 001 section 5) so the spec's messages reach the client. */
export const ZAutoRechargeConfigureRequest = z.object({
  threshold_credits: z.number().optional(),
  purchase_amount_credits: z.number().optional(),
  enabled: z.boolean().optional(),
});
export const ZAutoRechargeToggleRequest = z.object({ enabled: z.boolean() });

export const ZConnectStatus = z.object({
  has_account: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
});
export type TConnectStatus = z.infer<typeof ZConnectStatus>;

export const ZConnectCreateReply = z.object({
  status: z.enum(['created', 'existing']),
  account_id: z.string(),
});
export const ZOnboardingLinkReply = z.object({ onboarding_url: z.string() });
export const ZDashboardLinkReply = z.object({ dashboard_url: z.string() });
export const ZConnectDisconnectReply = z.object({ disconnected: z.boolean() });

export const ZPaymentSetupStatus = z.object({
  spending: z.object({
    has_customer: z.boolean(),
    has_payment_method: z.boolean(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    ready: z.boolean(),
  }),
  earning: ZConnectStatus.extend({ ready: z.boolean() }),
});
/** POST /payments/setup-spending: no body needed; creates a SetupIntent for a card. */
export const ZSetupSpendingReply = z.object({ client_secret: z.string(), setup_intent_id: z.string() });
/** POST /payments/setup-earning: creates (or reuses) the Connect account and returns onboarding. */
export const ZSetupEarningReply = z.object({
  status: z.enum(['created', 'existing']),
  account_id: z.string(),
  onboarding_url: z.string().nullable(),
  connect: ZConnectStatus,
});
/** POST /payments/verify-bank: re-reads the Connect account from Stripe and returns its status. */
export const ZVerifyBankReply = ZConnectStatus.extend({ verified: z.boolean() });

export const ZCashoutRequest = z
  .object({ amount_credits: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .nullish();
export const ZCashoutReply = z.object({
  cashout_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'reversed']),
  gross_credits: z.number().int(),
  fee_credits: z.number().int(),
  net_credits: z.number().int(),
  gross_usd: z.number(),
  fee_usd: z.number(),
  net_usd: z.number(),
  stripe_transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** While pending: what the cash-out waits for (e.g. recent card payments to settle), else null. */
  status_message: z.string().nullable(),
  estimated_arrival: z.string(),
});
export type TCashoutReply = z.infer<typeof ZCashoutReply>;

/** One cash-out in the evaluator's payout history (GET /evaluator/cashouts) and the staff list. */
export const ZPayoutHistoryItem = z.object({
  cashout_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'reversed']),
  gross_credits: z.number().int(),
  fee_credits: z.number().int(),
  net_credits: z.number().int(),
  stripe_transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  requested_at: z.string(),
  settled_at: z.string().nullable(),
  /** The failed cash-out this one retries, else null. */
  retry_of: z.string().nullable(),
});
export type TPayoutHistoryItem = z.infer<typeof ZPayoutHistoryItem>;

/** Reasons Stripe accepts on a refund (Refunds.d.ts RefundCreateParams.Reason). */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;

/** POST /admin/purchases/{id}/refund: all that is left of the purchase when amount_usd is absent. */
export const ZStaffRefundRequest = z
  .object({
    amount_usd: z.number().positive().max(999_999.99).optional(),
    reason: z.enum(REFUND_REASONS).default('requested_by_customer'),
  })
  .strict();
export const ZStaffRefundReply = z.object({
  refund_id: z.string(),
  purchase_id: z.string(),
  /** Stripe's refund status; credits are taken back when it is succeeded (now or by webhook). */
  status: z.string(),
  amount_usd: z.number(),
  refunded_credits: z.number().int(),
  /** Taken back from the buyer's spending balance; null while the refund is pending at Stripe. */
  recovered_credits: z.number().int().nullable(),
  /** Already spent when the refund was made (owed by the buyer); null while pending. */
  shortfall_credits: z.number().int().nullable(),
});
export type TStaffRefundReply = z.infer<typeof ZStaffRefundReply>;
