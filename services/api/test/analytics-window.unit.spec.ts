import { describe, expect, it } from 'vitest';
import { change } from '../src/analytics/analytics-window.js';

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
