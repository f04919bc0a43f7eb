import type {
  ZEarningsAnalytics,
  ZEarningsSummary,
  ZSpendingAnalytics,
  ZSpendingSummary,
} from '@evalmarket/contracts';
import type { z } from 'zod';

/** Which analytics page: the requester's spending (2.7) or the expert's earnings (2.8). */
export type Kind = 'spending' | 'earnings';
export type SpendingAnalytics = z.infer<typeof ZSpendingAnalytics>;
export type EarningsAnalytics = z.infer<typeof ZEarningsAnalytics>;
export type SpendingSummary = z.infer<typeof ZSpendingSummary>;
export type EarningsSummary = z.infer<typeof ZEarningsSummary>;
