import { describe, expect, it } from 'vitest';
import { change } from '../src/analytics/analytics-window.js';
import { splitAtMidnights } from '../src/analytics/reward-windows.js';

describe('a metric against the previous period', () => {
  it('is a signed percentage to one decimal when the previous period had something', () => {
    expect(change(15, 10)).toEqual({ trend: 'up', change_percentage: 50, previous_value: 10 });
    expect(change(2, 3)).toEqual({ trend: 'down', change_percentage: -33.3, previous_value: 3 });
    expect(change(4, 4)).toEqual({ trend: 'stable', change_percentage: 0, previous_value: 4 });
    expect(change(0, 6.5)).toEqual({ trend: 'down', change_percentage: -100, previous_value: 6.5 });
  });

  it('makes up no +100% when there is nothing to compare with', () => {
    expect(change(7, 0)).toEqual({ trend: 'up', change_percentage: null, previous_value: 0 });
    expect(change(0, 0)).toEqual({ trend: 'stable', change_percentage: null, previous_value: 0 });
  });
});

describe('windows cut at UTC midnights for the reward roll-up', () => {
  it('keeps the whole days for the roll-up and the partial ends for the rows', () => {
    const split = splitAtMidnights(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-04T05:00:00Z'))!;
    expect(split.head).toEqual({
      from: new Date('2026-03-01T10:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
    });
    expect(split.days).toEqual({ fromDay: '2026-03-02', toDay: '2026-03-04' });
    expect(split.tail).toEqual({
      from: new Date('2026-03-04T00:00:00Z'),
      to: new Date('2026-03-04T05:00:00Z'),
    });
    // Midnight to midnight: no partial ends.
    const exact = splitAtMidnights(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-03T00:00:00Z'))!;
    expect(exact.head.from).toEqual(exact.head.to);
    expect(exact.days).toEqual({ fromDay: '2026-03-01', toDay: '2026-03-03' });
    expect(exact.tail.from).toEqual(exact.tail.to);
    // No whole day inside: the rows alone.
    expect(
      splitAtMidnights(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-02T09:00:00Z')),
    ).toBeUndefined();
    expect(
      splitAtMidnights(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-01T11:00:00Z')),
    ).toBeUndefined();
  });
});
