import { z } from 'zod';

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
