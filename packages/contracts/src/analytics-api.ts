import { z } from 'zod';

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y', 'all'] as const;
export const ZAnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;
export const EXPERT_ROLE_REQUIRED = 'Expert role required';

const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    const year = Number(value.slice(0, 4));
    return (
      year >= 1970 && year <= 9000 && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    );
  }, 'must be a real calendar date');

/** Query of GET /analytics/spending/ and /analytics/earnings/ (spec 001 section 7). */
export const ZAnalyticsQuery = z.object({
  period: ZAnalyticsPeriod.default('30d'),
  start_date: ZDate.optional(),
  end_date: ZDate.optional(),
  project_id: z.string().max(128).optional(),
  evaluation_id: z.string().max(128).optional(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

export const ZTrendPoint = z.object({
  date: z.string(),
  amount: z.number(),
  transaction_count: z.number().int(),
});
export const ZPerformanceMetric = z.object({
  label: z.string(),
  /** What `value` and `previous_value` count: dollars, a number of things, or a percentage. */
  unit: z.enum(['usd', 'count', 'percent']),
  value: z.number(),
  /** The same metric over the previous period of the same length. */
  previous_value: z.number(),
  trend: z.enum(['up', 'down', 'stable']),
  /** Null when the previous period had nothing to compare with (or the period is all time). */
  change_percentage: z.number().nullable(),
});
export type TPerformanceMetric = z.infer<typeof ZPerformanceMetric>;
const ZBreakdown = z.object({
  project_id: z.string(),
  project_name: z.string(),
  amount: z.number(),
  transaction_count: z.number().int(),
  percentage: z.number(),
});

/** Amounts in USD (1 USD = 1,000 credits), as the cards show them; `_credits` fields give the exact integers. */
export const ZSpendingAnalytics = z.object({
  total_spent: z.number(),
  total_spent_credits: z.number().int(),
  total_transactions: z.number().int(),
  average_transaction: z.number(),
  period: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  spending_trends: z.array(ZTrendPoint),
  project_breakdown: z.array(ZBreakdown),
  performance_metrics: z.array(ZPerformanceMetric),
  budget_limit: z.number().nullable(),
  budget_remaining: z.number(),
  budget_utilization_percentage: z.number(),
  completion_rate: z.number(),
  votes_purchased: z.number().int(),
  evaluations_created: z.number().int(),
});

export const ZEarningsAnalytics = z.object({
  total_earned: z.number(),
  total_earned_credits: z.number().int(),
  total_transactions: z.number().int(),
  average_earning: z.number(),
  period: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  earnings_trends: z.array(ZTrendPoint),
  evaluation_breakdown: z.array(ZBreakdown),
  performance_metrics: z.array(ZPerformanceMetric),
  votes_submitted: z.number().int(),
  votes_approved: z.number().int(),
  votes_rejected: z.number().int(),
  approval_rate: z.number(),
  quality_score: z.number().nullable(),
  reputation_score: z.number().nullable(),
  ranking: z.number().int().nullable(),
  total_experts: z.number().int(),
});

export const ZSpendingSummary = z.object({
  total_spent: z.number(),
  budget_remaining: z.number(),
  active_evaluations: z.number().int(),
});
export const ZEarningsSummary = z.object({
  total_earned: z.number(),
  pending_earnings: z.number(),
  approval_rate: z.number(),
});

export const ZExportRequest = z.object({
  format: z.enum(['pdf', 'csv']),
  time_filter: z.object({ period: ZAnalyticsPeriod.default('30d') }).default({ period: '30d' }),
  project_filter: z.object({ project_id: z.string().max(128).optional() }).nullish(),
});
export const ZExportReply = z.object({
  file_name: z.string(),
  download_url: z.string(),
  expires_at: z.string(),
});
