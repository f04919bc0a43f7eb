import { z } from 'zod';

/*
 * What an owner reads about an evaluation: its quality metrics, budget and alerts, and how fresh
 * its votes are (spec 001 section 3; GET /api/v1/evaluations/{id}/metrics, /budget, /freshness).
 */

export const ZQualityMetrics = z.object({
  evaluation_id: z.string(),
  time_weighted_score: z.number().nullable(),
  decay_lambda: z.number(),
  freshness: z.number(),
  vote_completeness: z.number(),
  population_confidence: z.number(),
  last_evaluation_time: z.string().nullable(),
  unique_evaluators: z.number(),
  majority_good_votes: z.number(),
  majority_percentage: z.number(),
  total_traces_evaluated: z.number(),
  average_votes_per_trace: z.number(),
  total_evaluations: z.number(),
  items_ingested: z.number(),
  complete_items: z.number(),
  krippendorff_alpha: z.number().nullable(),
});

export const BUDGET_ALERT_LEVELS = ['none', 'on_track', 'warning', 'alert', 'exhausted'] as const;
export const ZBudget = z.object({
  evaluation_id: z.string(),
  total_budget_allocated: z.number().nullable(),
  total_spent: z.number(),
  reserved: z.number(),
  budget_remaining: z.number().nullable(),
  budget_utilization_rate: z.number(),
  alert_threshold_percentage: z.number(),
  alert_threshold_reached: z.boolean(),
  alert_level: z.enum(BUDGET_ALERT_LEVELS),
  alert_title: z.string().nullable(),
  alert_message: z.string().nullable(),
  bar_color: z.enum(['green', 'yellow', 'red']),
  average_cost_per_evaluation: z.number(),
  community_evaluations_count: z.number(),
  expert_evaluations_count: z.number(),
  budget_period: z.enum(['monthly', 'total']).nullable(),
});
export const DEFAULT_ALERT_THRESHOLDS = [50, 80, 100] as const;
export const ZBudgetAlertsRequest = z.object({
  thresholds: z
    .array(z.number().int().min(1).max(100))
    .min(1)
    .max(10)
    .default([...DEFAULT_ALERT_THRESHOLDS]),
  enabled: z.boolean().default(true),
});
export const ZBudgetAlerts = z.object({
  evaluation_id: z.string(),
  thresholds: z.array(z.number()),
  enabled: z.boolean(),
  raised: z.array(
    z.object({
      threshold: z.number(),
      period_start: z.string(),
      utilization_rate: z.number(),
      raised_at: z.string(),
    }),
  ),
});

export const ZFreshness = z.object({
  evaluation_id: z.string(),
  time_window_days: z.number(),
  freshness: z.number(),
  votes_in_window: z.number(),
  total_votes: z.number(),
  last_evaluation_time: z.string().nullable(),
});
