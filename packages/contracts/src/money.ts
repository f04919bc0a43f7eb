import { z } from 'zod';

/** 1 USD = 1,000 credits; credits never expire. */
export const CREDITS_PER_USD = 1000;
/** Smallest purchase in whole dollars (spec 001 section 9). */
export const MINIMUM_PURCHASE_USD = 50;
/** The first-project bonus, granted once per person. */
export const FIRST_PROJECT_BONUS_CREDITS = 5000;
/** Cash-out fee, in percent of the gross amount, rounded half up to a whole cent. */
export const CASHOUT_FEE_PERCENT = 10;
/** One cent is 10 credits: cash-outs move whole cents only. */
export const CREDITS_PER_CENT = 10;
export const DEFAULT_MINIMUM_CASHOUT_CREDITS = 10_000;

/** Ids we mint or accept from outside (Stripe ids, uuids): letters, digits, `_`, `-`, `.`, bounded. */
export const ZEntityId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be letters, digits, "_", "-" or "."');

export const ZUserAccountKind = z.enum(['spending', 'earning']);
export type TUserAccountKind = z.infer<typeof ZUserAccountKind>;

export const PLATFORM_ACCOUNTS = [
  'platform:stripe',
  'platform:promotions',
  'platform:fees',
  'platform:payouts',
  'platform:adjustments',
] as const;
export type TPlatformAccountId = (typeof PLATFORM_ACCOUNTS)[number];

/** `spending:{userId}`, `earning:{userId}` or one of the platform accounts. */
export const ZAccountId = z
  .string()
  .max(160)
  .regex(
    /^(?:(?:spending|earning):[A-Za-z0-9][A-Za-z0-9_.-]{0,127}|platform:(?:stripe|promotions|fees|payouts|adjustments))$/,
    'must be spending:{userId}, earning:{userId} or a platform account',
  );
export type TAccountId = string;

/** Whole credits; never fractional, never beyond what a double holds exactly. */
export const ZCredits = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const ZPostingPhase = z.enum(['posted', 'pending', 'post_pending', 'void_pending']);
export type TPostingPhase = z.infer<typeof ZPostingPhase>;

export const ZPostingCode = z.enum([
  'purchase',
  'refund',
  'bonus',
  'reward',
  'cashout',
  'cashout_fee',
  'adjustment',
]);
export type TPostingCode = z.infer<typeof ZPostingCode>;

/**
 * One leg of a transfer. `phase` says how it moves balances:
 * posted: debits_posted/credits_posted += amount;
 * pending: debits_pending/credits_pending += amount (a reservation);
 * post_pending: the reservation becomes posted; void_pending: the reservation is dropped.
 */
export const ZPosting = z.object({
  transfer_id: ZEntityId,
  debit: ZAccountId,
  credit: ZAccountId,
  amount: ZCredits,
  code: ZPostingCode,
  phase: ZPostingPhase,
});
export type TPosting = z.infer<typeof ZPosting>;

/** Balance counters of one account, TigerBeetle style. */
export const ZAccountBalance = z.object({
  account_id: z.string(),
  debits_pending: z.number().int(),
  debits_posted: z.number().int(),
  credits_pending: z.number().int(),
  credits_posted: z.number().int(),
});
export type TAccountBalance = z.infer<typeof ZAccountBalance>;
