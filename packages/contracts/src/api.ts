import { z } from 'zod';
import { ZUserAccountKind } from './money.js';

/** Every error reply: `detail` is a message or an object; `code` is a stable machine name. */
export const ZErrorReply = z.object({
  detail: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  code: z.string().optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;

/** One field that broke its schema, FastAPI-style: `loc` is the path, e.g. `['body', 'amount']`. */
export const ZValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type TValidationIssue = z.infer<typeof ZValidationIssue>;

/** 422: the request broke a rule; `detail` lists the fields, or says in words what is wrong. */
export const ZValidationErrorReply = z.object({
  detail: z.union([z.string(), z.array(ZValidationIssue)]),
  code: z.string().optional(),
});
export type TValidationErrorReply = z.infer<typeof ZValidationErrorReply>;

/** 402: not enough credits; `detail` carries the numbers the console shows. */
export const ZInsufficientCreditsReply = z.object({
  detail: z.looseObject({
    message: z.string(),
    credits_required: z.number().optional(),
    credits_current: z.number().optional(),
    credits_shortfall: z.number().optional(),
  }),
  code: z.string().optional(),
});
export type TInsufficientCreditsReply = z.infer<typeof ZInsufficientCreditsReply>;

/** GET /api/v1/wallet/balance (spec 001 section 3 "Wallet balance"). */
export const ZWalletBalanceReply = z.object({
  credits_balance: z.number().int(),
  usd_equivalent: z.number(),
});
export type TWalletBalanceReply = z.infer<typeof ZWalletBalanceReply>;

export const ZTransactionStatus = z.enum(['completed', 'pending', 'failed', 'cancelled']);

/** One row of GET /api/v1/wallet/transactions (spec 001 section 3 "Transaction"). */
export const ZWalletTransactionKind = z.enum([
  'purchase',
  'auto_recharge',
  'refund',
  'bonus',
  'reward',
  'cashout',
  'adjustment',
  'other',
]);
export type TWalletTransactionKind = z.infer<typeof ZWalletTransactionKind>;

export const ZWalletTransaction = z.object({
  id: z.string(),
  description: z.string(),
  context: ZUserAccountKind,
  type: z.enum(['credit', 'debit']),
  amount: z.number().int(),
  currency: z.literal('credits'),
  status: ZTransactionStatus,
  created_at: z.string(),
  /**
   * What moved the money, so a row can say it plainly: an auto-recharge is a purchase the
   * platform made off-session; `other` is a money event the wallet does not name yet.
   */
  kind: ZWalletTransactionKind,
  /** The evaluation a vote reward belongs to (both sides: requester and evaluator). */
  evaluation: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** A cash-out's split: gross leaves the earning balance, the fee stays, net reaches the bank. */
  cashout: z
    .object({ gross_credits: z.number().int(), fee_credits: z.number().int(), net_credits: z.number().int() })
    .nullable(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const WALLET_TRANSACTIONS_PAGE_SIZE = 20;
export const WALLET_TRANSACTIONS_MAX_LIMIT = 500;

export const ZWalletTransactionsQuery = z.object({
  context: ZUserAccountKind.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WALLET_TRANSACTIONS_MAX_LIMIT)
    .default(WALLET_TRANSACTIONS_PAGE_SIZE),
  /** Opaque cursor from a previous page: rows strictly older than it, so paging is stable while new rows arrive. */
  before: z.string().max(64).optional(),
});
export type TWalletTransactionsQuery = z.infer<typeof ZWalletTransactionsQuery>;

export const ZWalletTransactionsReply = z.array(ZWalletTransaction);

/** POST /api/v1/dev/grant-credits: development only, until purchases exist. */
export const ZDevGrantCreditsRequest = z.object({
  amount_credits: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  context: ZUserAccountKind.default('spending'),
  reason: z.string().trim().min(1).max(500).default('Development grant'),
});
export type TDevGrantCreditsRequest = z.infer<typeof ZDevGrantCreditsRequest>;

export const ZDevGrantCreditsReply = z.object({
  adjustment_id: z.string(),
  account_id: z.string(),
  amount_credits: z.number().int(),
  global_position: z.number().int(),
  credits_balance: z.number().int(),
});
export type TDevGrantCreditsReply = z.infer<typeof ZDevGrantCreditsReply>;

/** Where a projection stopped and why (services/projector, "A projection that fails"). */
export const ZProjectionStuck = z.object({
  projection: z.string(),
  position: z.number().int(),
  failed_position: z.number().int(),
  event_type: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  since: z.string(),
});

export const ZProjectionStatus = z.object({
  projection: z.string(),
  /** Every event up to here is in its read models. */
  position: z.number().int(),
  /** Events in the log after its position. */
  lag: z.number().int(),
  stuck: ZProjectionStuck.nullable(),
});
export type TProjectionStatus = z.infer<typeof ZProjectionStatus>;

export const ZHealthReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** `ok`, `failed`, or for a projection or the event bus the problem in words. */
  checks: z.record(z.string(), z.string()).optional(),
  projections: z.array(ZProjectionStatus).optional(),
});
