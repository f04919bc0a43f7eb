import { describe, expect, it } from 'vitest';
import { segmentsInTypeOrder } from '../src/index.js';

const ORDER = ['Applied', 'Verified', 'Interested'];

/** Segments of a run written as `Type:key` names, in the same notation. */
const segmentsOf = (run: string[]) => {
  const events = run.map((name) => {
    const [type, key] = name.split(':') as [string, string];
    return { type, key, name };
  });
  return segmentsInTypeOrder(events, (e) => e.key, ORDER).map((segment) => segment.map((e) => e.name));
};

describe('segmentsInTypeOrder', () => {
  it('keeps people whose events each come in the order in one segment, however they interleave', () => {
    const run = ['Applied:a', 'Verified:a', 'Applied:b', 'Interested:a', 'Verified:b'];
    expect(segmentsOf(run)).toEqual([run]);
  });

  it('starts a new segment where a person repeats a type or goes back in the order', () => {
    const run = [
      'Applied:a',
      'Applied:b',
      // a second application of a: a statement must not meet a twice
      'Applied:a',
      'Verified:a',
      // back in the order for a: applied after being verified
      'Interested:b',
      'Applied:a',
    ];
    expect(segmentsOf(run)).toEqual([
      ['Applied:a', 'Applied:b'],
      ['Applied:a', 'Verified:a', 'Interested:b'],
      ['Applied:a'],
    ]);
  });

  it('gives no segment for no events and refuses a type outside the order', () => {
    expect(segmentsOf([])).toEqual([]);
    expect(() => segmentsOf(['Rejected:a'])).toThrow(/Rejected is not in the order/);
  });
});
