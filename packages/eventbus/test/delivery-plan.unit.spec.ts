import { describe, expect, it } from 'vitest';
import { holeIsPermanent, planDelivery } from '../src/delivery-plan.js';

const plan = (seqs: number[], expected: number) => {
  const p = planDelivery(seqs, (s) => s, expected);
  return { duplicates: p.duplicates, run: p.run, blocked: p.blocked };
};

describe('planDelivery', () => {
  it('hands over a contiguous run from the expected sequence, sorted', () => {
    expect(plan([7, 5, 6], 5)).toEqual({ duplicates: [], run: [5, 6, 7], blocked: [] });
  });

  it('acks what is below the expected sequence without handing it over', () => {
    expect(plan([3, 4, 5], 5)).toEqual({ duplicates: [3, 4], run: [5], blocked: [] });
  });

  it('holds back everything after a hole', () => {
    expect(plan([5, 6, 8, 9], 5)).toEqual({ duplicates: [], run: [5, 6], blocked: [8, 9] });
    expect(plan([8, 9], 5)).toEqual({ duplicates: [], run: [], blocked: [8, 9] });
  });

  it('keeps only the latest copy of a repeated sequence, and never acks the other', () => {
    type M = { seq: number; copy: string };
    const p = planDelivery<M>(
      [
        { seq: 5, copy: 'old' },
        { seq: 8, copy: 'old' },
        { seq: 5, copy: 'new' },
        { seq: 6, copy: 'only' },
        { seq: 8, copy: 'new' },
      ],
      (m) => m.seq,
      5,
    );
    expect(p.duplicates).toEqual([]);
    expect(p.run).toEqual([
      { seq: 5, copy: 'new' },
      { seq: 6, copy: 'only' },
    ]);
    expect(p.blocked).toEqual([{ seq: 8, copy: 'new' }]);
  });
});

describe('holeIsPermanent', () => {
  it('is permanent when the missing sequences were purged or deleted', () => {
    expect(holeIsPermanent({ expectedSeq: 1, targetSeq: 10, firstSeq: 10, deleted: new Set() })).toBe(true);
    expect(holeIsPermanent({ expectedSeq: 1, targetSeq: 10, firstSeq: 8, deleted: new Set([8, 9]) })).toBe(
      true,
    );
  });

  it('is not when a missing sequence still exists (pending elsewhere or nak-delayed)', () => {
    expect(holeIsPermanent({ expectedSeq: 5, targetSeq: 8, firstSeq: 1, deleted: new Set([5, 7]) })).toBe(
      false,
    );
  });
});
