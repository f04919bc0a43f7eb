import { MAX_VOTES_PER_ITEM, type TEvaluationConfig, type TPermissionLevel } from '@evalmarket/contracts';
import type { ApiError } from '../../../../api/client';

/** The configuration panel's pure rules: defaults, the cost estimate, field parsing, error wording. */

/** Spec 000 section 9: the form's defaults; 50 and 60 are the calculator's starting points. */
export const DEFAULT_CONFIG: TEvaluationConfig = {
  evaluation_enabled: true,
  permission_level: 'disabled',
  credit_rates: { community_rate: 100, expert_rate: 100, custom_rates: [] },
  evaluation_instructions: {
    general_guidelines: '',
    evaluation_criteria: '',
    app_context: '',
    good_example: '',
    poor_example: '',
  },
  app_detection: { primary_url: '', app_identifier: null, access_level: 'public' },
  budget_control: {
    budget_enabled: false,
    max_budget_amount: 100,
    max_evaluations: 50,
    budget_period: 'monthly',
  },
  votes_per_item: 3,
};
export const DEFAULT_EVALUATIONS_PER_MONTH = 50;
export const DEFAULT_COMMUNITY_SHARE = 60;

export const LEVELS: { value: TPermissionLevel; label: string; hint: string }[] = [
  { value: 'disabled', label: 'Disabled', hint: 'No human evaluation.' },
  { value: 'volunteer_only', label: 'Volunteer only', hint: 'Community volunteers evaluate without pay.' },
  { value: 'paid_only', label: 'Paid only', hint: 'Paid community and expert evaluators.' },
  { value: 'both', label: 'Volunteers and paid evaluators', hint: 'Paid evaluators, plus volunteers.' },
];
export const PAID = new Set<TPermissionLevel>(['paid_only', 'both']);

/**
 * Spec 000 section 2: counts rounded; total = community × community rate + expert × expert rate.
 * Each evaluated item takes votes_per_item votes, so the counts are votes: evaluations × votes.
 */
export function costEstimate(
  perMonth: number,
  communityShare: number,
  communityRate: number,
  expertRate: number,
  votesPerItem = 1,
) {
  const votes = perMonth * votesPerItem;
  const community = Math.round((votes * communityShare) / 100);
  const expert = Math.round(votes - community);
  return { votes, community, expert, total: community * communityRate + expert * expertRate };
}

/** Rates: minimum 1, 100 when not a number. Budget fields: minimum 1, 1 when not a number. */
export const rate = (raw: string) =>
  Number.isFinite(parseInt(raw, 10)) ? Math.max(1, parseInt(raw, 10)) : 100;
export const atLeastOne = (raw: string) =>
  Number.isFinite(parseInt(raw, 10)) ? Math.max(1, parseInt(raw, 10)) : 1;
export const votesPerItem = (raw: string) => Math.min(MAX_VOTES_PER_ITEM, atLeastOne(raw));

export function saveErrorMessage(error: ApiError): string {
  if (error.message.startsWith('Network error while'))
    return 'Network error: Unable to connect to the server. Please check your connection.';
  if (error.status === 401) return 'Authentication failed. Please sign in again.';
  if (error.status === 403) return 'You do not have permission to modify this configuration.';
  if (error.status === 422) return `Validation error: ${error.message}`;
  if (error.status === 400) return `Configuration error: ${error.message}`;
  if (error.status >= 500) return 'Server error. Please try again later.';
  return error.message || 'An unexpected error occurred while saving configuration.';
}

export const INSTRUCTIONS: { key: keyof TEvaluationConfig['evaluation_instructions']; label: string }[] = [
  { key: 'general_guidelines', label: 'General guidelines' },
  { key: 'evaluation_criteria', label: 'Evaluation criteria' },
  { key: 'app_context', label: 'App context' },
  { key: 'good_example', label: 'Example of a good answer' },
  { key: 'poor_example', label: 'Example of a poor answer' },
];

/** Why the configuration did not load; undefined when the panel shows something else instead. */
export function loadErrorMessage(error: ApiError): string {
  if (error.status === 401) return 'Authentication required. Please sign in.';
  if (error.message.startsWith('Network error while')) return error.message;
  return error.status >= 500 ? 'Failed to load configuration' : 'Failed to fetch configuration';
}

/** Edits part of the configuration (each section edits its own fields). */
export type UpdateConfig = (next: Partial<TEvaluationConfig>) => void;
