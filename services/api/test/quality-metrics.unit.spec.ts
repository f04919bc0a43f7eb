import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  budgetAlert,
  budgetPeriodStart,
  freshness,
  itemMajority,
  judgeEvaluators,
  krippendorffAlphaNominal,
  majoritySummary,
  populationConfidence,
  qualityScore,
  timeWeightedScore,
  voteCompleteness,
  wilsonInterval,
} from '../src/evaluations/quality-metrics.js';

describe('quality metrics (DESIGN.md section 6)', () => {
  it('computes the Wilson interval', () => {
    // 8 of 10, z = 1.959964: centre (0.8 + 0.19208)/1.384146 = 0.716751, margin 0.225086.
    const { lower, upper } = wilsonInterval(8, 10);
    expect(lower).toBeCloseTo(0.490162, 5);
    expect(upper).toBeCloseTo(0.943317, 5);
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
    expect(wilsonInterval(5, 5).upper).toBe(1);
  });

  it('scores quality as 5 x the Wilson lower bound of the approval rate', () => {
    expect(qualityScore(8, 10)).toBeCloseTo(5 * 0.490162, 4);
    expect(qualityScore(0, 0)).toBe(0);
  });

  it('weights votes by exp(-lambda * age)', () => {
    expect(timeWeightedScore([], 0.1)).toBeNull();
    // good at age 0 (weight 1), bad at age 10 with lambda ln(2)/10 (weight 0.5): 1 / 1.5.
    const score = timeWeightedScore(
      [
        { ageDays: 0, good: true },
        { ageDays: 10, good: false },
      ],
      Math.LN2 / 10,
    );
    expect(score).toBeCloseTo(2 / 3, 12);
    expect(
      timeWeightedScore(
        [
          { ageDays: 3, good: true },
          { ageDays: 300, good: false },
        ],
        0,
      ),
    ).toBe(0.5);
  });

  it('measures freshness, completeness and confidence', () => {
    const votes = [{ ageDays: 1 }, { ageDays: 6.9 }, { ageDays: 7.5 }, { ageDays: 30 }];
    expect(freshness(votes)).toBe(0.5);
    expect(freshness(votes, 31)).toBe(1);
    expect(freshness([])).toBe(0);
    expect(voteCompleteness(3, 4)).toBe(0.75);
    expect(voteCompleteness(0, 0)).toBe(0);
    expect(populationConfidence(0, 0)).toBe(0);
    expect(populationConfidence(3, 6)).toBeCloseTo(0.375233, 5);
  });

  it('counts majorities with the fixed 0.5 threshold', () => {
    expect(itemMajority({ good: 2, bad: 1 })).toBe('good');
    expect(itemMajority({ good: 1, bad: 1 })).toBeNull();
    expect(itemMajority({ good: 0, bad: 3 })).toBe('bad');
    const summary = majoritySummary([
      { good: 2, bad: 1 },
      { good: 1, bad: 1 },
      { good: 0, bad: 2 },
      { good: 0, bad: 0 },
    ]);
    expect(summary).toMatchObject({ total_traces_evaluated: 3, majority_good_votes: 1 });
    expect(summary.majority_percentage).toBeCloseTo(100 / 3, 10);
    expect(summary.average_votes_per_trace).toBeCloseTo(7 / 3, 10);
  });

  it("computes Krippendorff's alpha (nominal) as in the textbook example", () => {
    // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", nominal example: 0.743.
    const units = [
      ['1', '1', '1'],
      ['2', '2', '3', '2'],
      ['3', '3', '3', '3'],
      ['3', '3', '3', '3'],
      ['2', '2', '2', '2'],
      ['1', '2', '3', '4'],
      ['4', '4', '4', '4'],
      ['1', '1', '2', '1'],
      ['2', '2', '2', '2'],
      ['5', '5', '5'],
      ['1', '1'],
      ['3'], // one value: not pairable, left out
    ];
    expect(krippendorffAlphaNominal(units)).toBeCloseTo(0.743, 3);
    expect(krippendorffAlphaNominal([['good', 'good']])).toBeNull();
    expect(krippendorffAlphaNominal([['good']])).toBeNull();
    expect(
      krippendorffAlphaNominal([
        ['good', 'bad'],
        ['bad', 'good'],
      ]),
    ).toBeCloseTo(-0.5, 10); // D_o = 1, D_e = 2/3
  });

  it('maps budget utilisation to the spec alert levels', () => {
    expect(budgetAlert(0)).toMatchObject({ level: 'none', barColor: 'green' });
    expect(budgetAlert(10)).toMatchObject({ level: 'on_track', title: 'Budget On Track', barColor: 'green' });
    expect(budgetAlert(50)).toMatchObject({
      level: 'warning',
      title: 'Budget Warning: 50% Threshold Reached',
      message: "You're halfway through your budget. Consider adding credits to avoid interruptions.",
      barColor: 'yellow',
    });
    expect(budgetAlert(79.9).barColor).toBe('yellow');
    expect(budgetAlert(80)).toMatchObject({
      level: 'alert',
      title: 'Budget Alert: 80% Threshold Reached',
      message: 'Budget running low. Buy 500 credits now and save 15% with bulk discount.',
      barColor: 'red',
    });
    expect(budgetAlert(130)).toMatchObject({
      level: 'exhausted',
      title: 'Budget Exhausted',
      message: 'Budget exhausted. Consider purchasing additional credits to continue evaluations.',
      barWidth: 100,
    });
  });

  it('computes ages and budget periods from the given clock', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(ageInDays(new Date('2026-03-14T12:00:00Z'), now)).toBe(1);
    expect(ageInDays(new Date('2026-03-16T12:00:00Z'), now)).toBe(0);
    expect(budgetPeriodStart('monthly', now).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(budgetPeriodStart('total', now).getTime()).toBe(0);
  });

  it('approves votes that agree with the majority of complete items only', () => {
    const g = (evaluatorId: string) => ({ evaluatorId, good: true });
    const b = (evaluatorId: string) => ({ evaluatorId, good: false });
    const judged = judgeEvaluators(
      [
        [g('ann'), g('bo'), b('cy')], // majority good
        [b('ann'), b('bo'), b('cy')], // majority bad, unanimous
        [g('ann'), b('bo')], // incomplete: not judged
        [g('ann'), b('bo'), g('cy'), b('dee')], // a tie at 4 votes (complete at 3): judges nobody
      ],
      3,
    );
    expect(judged.get('ann')).toMatchObject({ approved: 2, rejected: 0 });
    expect(judged.get('cy')).toMatchObject({ approved: 1, rejected: 1 });
    expect(judged.has('dee')).toBe(false);
    // Wilson lower bound of 2/2 is 0.342372: score 1.71186.
    expect(judged.get('ann')!.quality_score).toBeCloseTo(5 * 0.342372, 4);
  });

  it('leaves votes on incomplete items unjudged, even when they already agree', () => {
    const g = (evaluatorId: string) => ({ evaluatorId, good: true });
    const b = (evaluatorId: string) => ({ evaluatorId, good: false });
    const judged = judgeEvaluators(
      [
        [g('ann'), g('bo'), b('cy')],
        [g('ann'), g('bo')], // a clear majority already, but 2 of 3 votes
        [b('dee')],
      ],
      3,
    );
    expect(judged.get('bo')).toMatchObject({ approved: 1, rejected: 0 });
    expect(judged.has('dee')).toBe(false);
    // cy: 0 of 1 approved; the denominator is approved + rejected, never their difference.
    expect(judged.get('cy')).toMatchObject({ approved: 0, rejected: 1, quality_score: 0 });
    const mixed = judgeEvaluators(
      [
        [g('ann'), g('bo'), b('cy')],
        [b('ann'), g('bo'), g('cy')],
      ],
      3,
    );
    // ann: 1 of 2 approved; Wilson lower bound of 1/2 is 0.094531.
    expect(mixed.get('ann')).toMatchObject({ approved: 1, rejected: 1 });
    expect(mixed.get('ann')!.quality_score).toBeCloseTo(5 * 0.0945312, 6);
    expect(judgeEvaluators([], 3).size).toBe(0);
  });

  it('holds at its exact limits and on empty input', () => {
    // Freshness counts a vote exactly windowDays old.
    expect(freshness([{ ageDays: 7 }, { ageDays: 7.000001 }])).toBe(0.5);
    expect(freshness([{ ageDays: 3 }], 3)).toBe(1);
    // A tie has no majority, in the summary too; one vote more either way has one.
    expect(majoritySummary([{ good: 2, bad: 2 }])).toEqual({
      total_traces_evaluated: 1,
      majority_good_votes: 0,
      majority_percentage: 0,
      average_votes_per_trace: 4,
    });
    expect(itemMajority({ good: 3, bad: 2 })).toBe('good');
    expect(itemMajority({ good: 2, bad: 3 })).toBe('bad');
    expect(itemMajority({ good: 0, bad: 0 })).toBeNull();
    expect(majoritySummary([])).toEqual({
      total_traces_evaluated: 0,
      majority_good_votes: 0,
      majority_percentage: 0,
      average_votes_per_trace: 0,
    });
    // A budget used exactly up is exhausted; 99.99 is still an alert. The bar stays in 0..100.
    expect(budgetAlert(100)).toMatchObject({ level: 'exhausted', barColor: 'red', barWidth: 100 });
    expect(budgetAlert(99.99)).toMatchObject({ level: 'alert', barWidth: 99.99 });
    expect(budgetAlert(49.99)).toMatchObject({ level: 'on_track', barColor: 'green', barWidth: 49.99 });
    expect(budgetAlert(0.01)).toMatchObject({ level: 'on_track', barWidth: 0.01 });
    expect(budgetAlert(-5)).toMatchObject({ level: 'none', title: null, message: null, barWidth: 0 });
    // Alpha is defined from two pairable values: one disagreeing pair is alpha 0.
    expect(krippendorffAlphaNominal([['good', 'bad']])).toBe(0);
    expect(krippendorffAlphaNominal([])).toBeNull();
    expect(timeWeightedScore([{ ageDays: 0, good: true }], 0.1)).toBe(1);
    // Weights that all underflow to 0 leave nothing to average: null, not NaN.
    expect(timeWeightedScore([{ ageDays: 1_000, good: true }], 10)).toBeNull();
    // A vote dated in the future weighs as a vote of today.
    expect(
      timeWeightedScore(
        [
          { ageDays: -10, good: true },
          { ageDays: 0, good: false },
        ],
        Math.LN2,
      ),
    ).toBe(0.5);
    // 4 of 4: the interval is [0.510109, 1].
    expect(populationConfidence(4, 4)).toBeCloseTo(0.510109, 5);
  });
});
