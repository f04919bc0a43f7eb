import { z } from 'zod';
import { ZEntityId, ZPosting, ZUserAccountKind } from './money.js';

const postings = z.array(ZPosting).max(16);

/**
 * The seller and tax terms an invoice is issued under, recorded with the purchase (from the
 * INVOICE_SELLER_* and INVOICE_TAX_RATE_PERCENT settings of that moment), so that changing the
 * settings later never rewrites an invoice already issued.
 */
export const ZInvoiceTerms = z
  .object({
    seller: z
      .object({
        name: z.string().min(1).max(200),
        address: z.string().nullable(),
        tax_id: z.string().nullable(),
      })
      .strict(),
    tax_rate_percent: z.number().min(0).max(100),
  })
  .strict();
export type TInvoiceTerms = z.infer<typeof ZInvoiceTerms>;

/** Money events: every one carries the postings that prove it (DESIGN section 4). */
export const ZLedgerEventData = {
  LedgerAccountsOpened: z.object({ user_id: ZEntityId, account_ids: z.array(z.string()), postings }),
  CreditsPurchased: z.object({
    purchase_id: ZEntityId,
    user_id: ZEntityId,
    amount_usd: z.number().int(),
    credits: z.number().int(),
    /** Absent on purchases recorded before invoice terms were recorded. */
    invoice: ZInvoiceTerms.optional(),
    postings,
  }),
  /**
   * A Stripe refund or dispute of a purchase. `recovered_credits` were taken back from the
   * spending account (never more than it had available); `shortfall_credits` were already spent.
   */
  PurchaseRefunded: z.object({
    refund_id: ZEntityId,
    purchase_id: ZEntityId,
    user_id: ZEntityId,
    reason: z.enum(['refund', 'dispute']),
    refunded_credits: z.number().int(),
    recovered_credits: z.number().int(),
    shortfall_credits: z.number().int(),
    postings,
  }),
  /**
   * Stripe gave the money of a refund or dispute back (a won dispute: funds reinstated). The
   * `restored_credits` that were taken back return to the spending account from platform:stripe;
   * the `forgiven_shortfall_credits` are no longer owed.
   */
  PurchaseRefundReinstated: z.object({
    refund_id: ZEntityId,
    purchase_id: ZEntityId,
    user_id: ZEntityId,
    reason: z.enum(['refund', 'dispute']),
    reinstated_credits: z.number().int(),
    restored_credits: z.number().int(),
    forgiven_shortfall_credits: z.number().int(),
    postings,
  }),
  BonusGranted: z.object({ user_id: ZEntityId, credits: z.number().int(), postings }),
  RewardReserved: z.object({
    transfer_id: ZEntityId,
    requester_id: ZEntityId,
    evaluator_id: ZEntityId,
    item_id: ZEntityId.optional(),
    credits: z.number().int(),
    expires_at: z.string(),
    postings,
  }),
  VoteRecorded: z.object({
    transfer_id: ZEntityId,
    vote_id: ZEntityId,
    requester_id: ZEntityId,
    evaluator_id: ZEntityId,
    credits: z.number().int(),
    postings,
  }),
  RewardReleased: z.object({
    transfer_id: ZEntityId,
    requester_id: ZEntityId,
    evaluator_id: ZEntityId,
    credits: z.number().int(),
    reason: z.enum(['expired', 'skipped', 'cancelled']),
    postings,
  }),
  CashoutRequested: z.object({
    cashout_id: ZEntityId,
    user_id: ZEntityId,
    gross_credits: z.number().int(),
    fee_credits: z.number().int(),
    net_credits: z.number().int(),
    postings,
  }),
  CashoutPaid: z.object({
    cashout_id: ZEntityId,
    user_id: ZEntityId,
    stripe_transfer_id: z.string().max(128),
    gross_credits: z.number().int(),
    fee_credits: z.number().int(),
    net_credits: z.number().int(),
    postings,
  }),
  CashoutFailed: z.object({
    cashout_id: ZEntityId,
    user_id: ZEntityId,
    gross_credits: z.number().int(),
    reason: z.string().max(500),
    postings,
  }),
  /** Stripe reversed a paid cash-out's transfer: the gross (fee included) is back in earnings. */
  CashoutReversed: z.object({
    cashout_id: ZEntityId,
    user_id: ZEntityId,
    /** The Stripe object that took the money back: the reversed transfer (tr_). */
    reversal_id: z.string().max(128),
    gross_credits: z.number().int(),
    fee_credits: z.number().int(),
    reason: z.string().max(500),
    postings,
  }),
  CreditsAdjusted: z.object({
    adjustment_id: ZEntityId,
    user_id: ZEntityId,
    context: ZUserAccountKind,
    /** Signed: positive adds credits to the person's account, negative takes them. */
    amount_credits: z.number().int(),
    reason: z.string().min(1).max(500),
    actor_id: z.string().max(128),
    postings,
  }),
} as const;

export type TLedgerEventType = keyof typeof ZLedgerEventData;
export const LEDGER_EVENT_TYPES = Object.keys(ZLedgerEventData) as TLedgerEventType[];

export type TLedgerEventDataMap = { [K in TLedgerEventType]: z.infer<(typeof ZLedgerEventData)[K]> };

/** A money event as the ledger decides it, before the store gives it a position. */
export type TLedgerEvent = {
  [K in TLedgerEventType]: { type: K; data: TLedgerEventDataMap[K] };
}[TLedgerEventType];

export function isLedgerEventType(type: string): type is TLedgerEventType {
  return Object.prototype.hasOwnProperty.call(ZLedgerEventData, type);
}
