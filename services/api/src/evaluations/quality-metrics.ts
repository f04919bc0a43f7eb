/*
 * Pure formulas of DESIGN.md section 6 (no I/O, no clock: ages and "now" come in). Ages are in
 * days; a vote's value v is 1 for good, 0 for bad.
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;
export const MS_PER_DAY = 86_400_000;

export interface WilsonInterval {
  lower: number;
  upper: number;
}

/** Wilson score interval of `successes` out of `n`; with n = 0 nothing is known: [0, 1]. */
export function wilsonInterval(successes: number, n: number, z = Z_95): WilsonInterval {
  if (n <= 0) return { lower: 0, upper: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { lower: Math.max(0, centre - margin), upper: Math.min(1, centre + margin) };
}

/** Quality score 0-5 = 5 x the Wilson lower bound (95%) of the approval rate. */
export function qualityScore(approved: number, judged: number): number {
  return 5 * wilsonInterval(approved, judged).lower;
}

export interface VoteSample {
  /** Age of the vote in days (>= 0). */
  ageDays: number;
  good: boolean;
}

/** sum(exp(-lambda*age) * v) / sum(exp(-lambda*age)); null without votes. */
export function timeWeightedScore(votes: readonly VoteSample[], lambda: number): number | null {
  if (votes.length === 0) return null;
  let weighted = 0;
  let total = 0;
  for (const vote of votes) {
    const weight = Math.exp(-lambda * Math.max(0, vote.ageDays));
    total += weight;
    if (vote.good) weighted += weight;
  }
  return total === 0 ? null : weighted / total;
}

/** Share of votes cast in the last `windowDays` days (0 without votes). */
export function freshness(votes: readonly Pick<VoteSample, 'ageDays'>[], windowDays = 7): number {
  if (votes.length === 0) return 0;
  return votes.filter((vote) => vote.ageDays <= windowDays).length / votes.length;
}

/** Complete items / items ingested (0 when nothing was ingested). */
export function voteCompleteness(completeItems: number, itemsIngested: number): number {
  return itemsIngested === 0 ? 0 : completeItems / itemsIngested;
}

/** 1 - (width of the 95% Wilson interval of the good share). */
export function populationConfidence(goodVotes: number, totalVotes: number): number {
  const { lower, upper } = wilsonInterval(goodVotes, totalVotes);
  return 1 - (upper - lower);
}

export interface ItemTally {
  good: number;
  bad: number;
}

/** The majority of an item: good share > 0.5 good, < 0.5 bad, exactly 0.5 none. */
export function itemMajority(tally: ItemTally): 'good' | 'bad' | null {
  const total = tally.good + tally.bad;
  if (total === 0 || tally.good * 2 === total) return null;
  return tally.good * 2 > total ? 'good' : 'bad';
}

export interface MajoritySummary {
  total_traces_evaluated: number;
  majority_good_votes: number;
  majority_percentage: number;
  average_votes_per_trace: number;
}

/** Over items with at least one vote; the threshold is fixed at 0.5 (spec 001 section 2.10). */
export function majoritySummary(tallies: readonly ItemTally[]): MajoritySummary {
  const evaluated = tallies.filter((tally) => tally.good + tally.bad > 0);
  const votes = evaluated.reduce((sum, tally) => sum + tally.good + tally.bad, 0);
  const majorityGood = evaluated.filter((tally) => tally.good / (tally.good + tally.bad) > 0.5).length;
  return {
    total_traces_evaluated: evaluated.length,
    majority_good_votes: majorityGood,
    majority_percentage: evaluated.length === 0 ? 0 : (majorityGood / evaluated.length) * 100,
    average_votes_per_trace: evaluated.length === 0 ? 0 : votes / evaluated.length,
  };
}

/**
 * Krippendorff's alpha for nominal data. `units` holds each item's values (any labels); units
 * with fewer than two values are not pairable and are left out. Null when undefined (fewer than
 * two pairable values, or a single category everywhere, where expected disagreement is 0).
 */
export function krippendorffAlphaNominal(units: readonly (readonly string[])[]): number | null {
  const coincidence = new Map<string, Map<string, number>>();
  const add = (c: string, k: string, amount: number) => {
    const row = coincidence.get(c) ?? new Map<string, number>();
    row.set(k, (row.get(k) ?? 0) + amount);
    coincidence.set(c, row);
  };
  let n = 0;
  for (const values of units) {
    const m = values.length;
    if (m < 2) continue;
    n += m;
    for (let i = 0; i < m; i += 1) {
      for (let j = 0; j < m; j += 1) {
        if (i !== j) add(values[i]!, values[j]!, 1 / (m - 1));
      }
    }
  }
  if (n < 2) return null;
  const marginals = new Map<string, number>();
  let observed = 0;
  for (const [c, row] of coincidence) {
    for (const [k, count] of row) {
      marginals.set(c, (marginals.get(c) ?? 0) + count);
      if (c !== k) observed += count;
    }
  }
  let expected = 0;
  for (const [c, nc] of marginals) {
    for (const [k, nk] of marginals) if (c !== k) expected += nc * nk;
  }
  const dObserved = observed / n;
  const dExpected = expected / (n * (n - 1));
  if (dExpected === 0) return null;
  return 1 - dObserved / dExpected;
}

export type BudgetAlertLevel = 'none' | 'on_track' | 'warning' | 'alert' | 'exhausted';

export interface BudgetAlert {
  level: BudgetAlertLevel;
  title: string | null;
  message: string | null;
  barColor: 'green' | 'yellow' | 'red';
  /** Bar width in percent, capped at 100. */
  barWidth: number;
}

/** Spec 001 section 4 "Budget alert levels", by budget_utilization_rate (percent). */
export function budgetAlert(utilizationRate: number): BudgetAlert {
  const barColor = utilizationRate >= 80 ? 'red' : utilizationRate >= 50 ? 'yellow' : 'green';
  const barWidth = Math.min(100, Math.max(0, utilizationRate));
  if (utilizationRate >= 100) {
    return {
      level: 'exhausted',
      title: 'Budget Exhausted',
      message: 'Budget exhausted. Consider purchasing additional credits to continue evaluations.',
      barColor,
      barWidth,
    };
  }
  if (utilizationRate >= 80) {
    return {
      level: 'alert',
      title: 'Budget Alert: 80% Threshold Reached',
      message: 'Budget running low. Buy 500 credits now and save 15% with bulk discount.',
      barColor,
      barWidth,
    };
  }
  if (utilizationRate >= 50) {
    return {
      level: 'warning',
      title: 'Budget Warning: 50% Threshold Reached',
      message: "You're halfway through your budget. Consider adding credits to avoid interruptions.",
      barColor,
      barWidth,
    };
  }
  if (utilizationRate > 0) {
    return { level: 'on_track', title: 'Budget On Track', message: null, barColor, barWidth };
  }
  return { level: 'none', title: null, message: null, barColor, barWidth };
}

/** Age in days of `at` seen from `now` (never negative). */
export function ageInDays(at: Date, now: Date): number {
  return Math.max(0, (now.getTime() - at.getTime()) / MS_PER_DAY);
}

/** Start of the budget period containing `now`: the calendar month (UTC), or the beginning. */
export function budgetPeriodStart(period: 'monthly' | 'total', now: Date): Date {
  if (period === 'total') return new Date(0);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface EvaluatorJudgement {
  approved: number;
  rejected: number;
  /** 5 x the Wilson lower bound of approved / (approved + rejected). */
  quality_score: number;
}

/**
 * Approval of each evaluator's votes (DESIGN.md section 6): once an item is complete
 * (`votesPerItem` votes), a vote agreeing with its majority is approved, any other rejected; a
 * tie has no majority and judges nobody; votes on incomplete items are not judged yet.
 */
export function judgeEvaluators(
  items: ReadonlyArray<ReadonlyArray<{ evaluatorId: string; good: boolean }>>,
  votesPerItem: number,
): Map<string, EvaluatorJudgement> {
  const counts = new Map<string, { approved: number; rejected: number }>();
  for (const votes of items) {
    if (votes.length < votesPerItem) continue;
    const good = votes.filter((vote) => vote.good).length;
    const majority = itemMajority({ good, bad: votes.length - good });
    if (majority === null) continue;
    for (const vote of votes) {
      const entry = counts.get(vote.evaluatorId) ?? { approved: 0, rejected: 0 };
      if ((vote.good ? 'good' : 'bad') === majority) entry.approved += 1;
      else entry.rejected += 1;
      counts.set(vote.evaluatorId, entry);
    }
  }
  const judged = new Map<string, EvaluatorJudgement>();
  for (const [evaluatorId, { approved, rejected }] of counts) {
    judged.set(evaluatorId, {
      approved,
      rejected,
      quality_score: qualityScore(approved, approved + rejected),
    });
  }
  return judged;
}
