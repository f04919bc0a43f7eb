import { z } from 'zod';
import { ZProjectionStatus } from '../api.js';

const ZPostedPending = z.object({ posted_credits: z.number(), pending_credits: z.number() });

/** GET /admin/finance/summary: the figures of the staff dashboard. */
export const ZFinanceSummary = z.object({
  credits_outstanding: z.object({ spending: ZPostedPending, earning: ZPostedPending }),
  /** Per platform account id (platform:fees, ...). */
  platform_accounts: z.record(z.string(), ZPostedPending),
  fee_revenue_credits: z.number(),
  purchases: z.object({ count: z.number(), amount_usd: z.number(), credits: z.number() }),
});
export type TFinanceSummary = z.infer<typeof ZFinanceSummary>;

/** GET /admin/finance/audit: the audited range of the Stripe reconciliation, ISO dates or date-times. */
export const ZAuditQuery = z.object({
  /** From inclusive. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

/** A payment on which Stripe and the ledger disagree (the finance audit's Stripe reconciliation). */
export const ZStripeMismatchKind = z.enum([
  /** Stripe took the money; no credits were given (a lost or held-back webhook). */
  'succeeded_not_credited',
  /** Credits were given for a PaymentIntent that Stripe does not report as succeeded (or at all). */
  'credited_not_succeeded',
  /** Both sides agree it was paid, on different amounts. */
  'amount_differs',
]);

export const ZStripeMismatch = z.object({
  kind: ZStripeMismatchKind,
  payment_intent_id: z.string(),
  user_id: z.string().nullable(),
  /** Stripe's status, or 'not_found' when Stripe does not know the id. */
  stripe_status: z.string(),
  stripe_amount_cents: z.number().int().nullable(),
  stripe_currency: z.string().nullable(),
  stripe_created_at: z.string().nullable(),
  credited_amount_usd: z.number().nullable(),
  credited_credits: z.number().int().nullable(),
  credited_at: z.string().nullable(),
  global_position: z.number().int().nullable(),
});
export type TStripeMismatch = z.infer<typeof ZStripeMismatch>;

export const ZStripeReconciliation = z.object({
  ok: z.boolean(),
  mode: z.enum(['stripe', 'local']).nullable(),
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  /** Distinct PaymentIntents looked at (succeeded at Stripe or credited in the ledger). */
  checked: z.number().int(),
  counts: z.object({
    succeeded_at_stripe: z.number().int(),
    credited: z.number().int(),
    matched: z.number().int(),
    succeeded_not_credited: z.number().int(),
    credited_not_succeeded: z.number().int(),
    amount_differs: z.number().int(),
  }),
  mismatches: z.array(ZStripeMismatch),
  /** Set when Stripe could not be read; the reconciliation is then not ok. */
  error: z.string().optional(),
});
export type TStripeReconciliation = z.infer<typeof ZStripeReconciliation>;

/** GET /admin/finance/audit: the ledger audit (`npm run audit`) and the Stripe reconciliation. */
export const ZFinanceAudit = z.object({
  ok: z.boolean(),
  head_position: z.number(),
  checkpoint_position: z.number(),
  events_checked: z.number(),
  money_events: z.number(),
  postings: z.number(),
  accounts: z.number(),
  checks: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      ok: z.boolean(),
      summary: z.string(),
      failure_count: z.number(),
      failures: z.array(z.string()),
    }),
  ),
  /** Every projection's position, lag and stuck record (the audit's projections_running check). */
  projections: z.array(ZProjectionStatus),
  duration_ms: z.number(),
  stripe_reconciliation: ZStripeReconciliation,
});
