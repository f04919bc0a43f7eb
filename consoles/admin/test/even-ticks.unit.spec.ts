import { describe, expect, it } from 'vitest';
import { evenTicks } from '../src/dashboard/evenTicks';

describe('evenTicks (platform-accounts chart axis)', () => {
  it('puts every tick one even step apart, with zero among them and every value covered', () => {
    for (const values of [
      [-50_000, -12_500, 2_450, 0],
      [-1_234_567, 89_000],
      [3, 7],
      [-0.4, 0.2],
      [-62_500, -10_000, 1_250],
    ]) {
      const { domain, ticks } = evenTicks(values);
      const steps = ticks.slice(1).map((tick, index) => tick - ticks[index]!);
      expect(new Set(steps.map((step) => step.toPrecision(6))).size, JSON.stringify(ticks)).toBe(1);
      expect(ticks).toContain(0);
      expect(domain).toEqual([ticks[0], ticks.at(-1)]);
      expect(domain[0]).toBeLessThanOrEqual(Math.min(...values));
      expect(domain[1]).toBeGreaterThanOrEqual(Math.max(...values));
      expect(ticks.length).toBeLessThanOrEqual(8);
      const step = steps[0]!;
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(Math.round(mantissa));
    }
  });

  it('gives an axis for an empty or all-zero chart', () => {
    expect(evenTicks([])).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(evenTicks([0, 0])).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });
});
