import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cashoutBreakdown, cashoutFee } from '../src/index.js';

describe('cashoutFee', () => {
  it.each([
    { gross: 0, fee: 0, why: 'nothing' },
    { gross: 10, fee: 0, why: '1 cent -> 0.1 cent rounds down' },
    { gross: 40, fee: 0, why: '4 cents -> 0.4 cent rounds down' },
    { gross: 50, fee: 10, why: '5 cents -> 0.5 cent rounds half up to 1 cent' },
    { gross: 140, fee: 10, why: '14 cents -> 1.4 cents' },
    { gross: 150, fee: 20, why: '15 cents -> 1.5 cents rounds up to 2' },
    { gross: 10_000, fee: 1_000, why: '$10.00 -> $1.00 exactly' },
    { gross: 12_340, fee: 1_230, why: '1,234 cents -> 123.4 -> 123 cents' },
    { gross: 12_350, fee: 1_240, why: '1,235 cents -> 123.5 -> 124 cents' },
    {
      gross: 9_007_199_254_740_990,
      fee: 900_719_925_474_100,
      why: 'near MAX_SAFE_INTEGER: 900,719,925,474,099 cents -> .0 -> exact',
    },
  ])('$gross credits -> fee $fee credits ($why)', ({ gross, fee }) => {
    expect(cashoutFee(gross)).toBe(fee);
    expect(cashoutBreakdown(gross)).toEqual({
      gross_credits: gross,
      fee_credits: fee,
      net_credits: gross - fee,
    });
  });

  it('is always whole cents, rounds half up, and never exceeds the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 10) }), (cents) => {
        const gross = cents * 10;
        const fee = cashoutFee(gross);
        // Exact reference: 10% of `cents` is cents/10; half up means tenths >= 5 round up.
        const expectedCents = BigInt(cents) / 10n + (BigInt(cents) % 10n >= 5n ? 1n : 0n);
        expect(BigInt(fee)).toBe(expectedCents * 10n);
        expect(fee % 10).toBe(0);
        expect(fee).toBeLessThanOrEqual(gross);
      }),
    );
  });

  it.each([Number.NaN, -10, 1.5, Infinity, 2 ** 53])('throws a RangeError for %s', (gross) => {
    expect(() => cashoutFee(gross)).toThrow(RangeError);
    expect(() => cashoutFee(gross)).toThrow(
      `cashoutFee needs a non-negative safe integer, got ${String(gross)}`,
    );
  });
});
