import { describe, expect, it } from 'vitest';
import { segmentsInTypeOrder } from '../src/index.js';

const ORDER = ['Applied', 'Verified', 'Interested'];
const ev = (type: string, key: string) => ({ type, key });
const names = (segments: { type: string; key: string }[][]) =>
  segments.map((segment) => segment.map((e) => `${e.type}:${e.key}`));

describe('segmentsInTypeOrder', () => {
  it('keeps people whose events each come in the order in one segment, however they interleave', () => {
    const run = [
      ev('Applied', 'a'),
      ev('Verified', 'a'),
      ev('Applied', 'b'),
      ev('Interested', 'a'),
      ev('Verified', 'b'),
    ];
    expect(names(segmentsInTypeOrder(run, (e) => e.key, ORDER))).toEqual([
      ['Applied:a', 'Verified:a', 'Applied:b', 'Interested:a', 'Verified:b'],
    ]);
  });

  it('starts a new segment where a person repeats a type or goes back in the order', () => {
    const run = [
      ev('Applied', 'a'),
      ev('Applied', 'b'),
      // a second application of a: a statement must not meet a twice
      ev('Applied', 'a'),
      ev('Verified', 'a'),
      // back in the order for a: applied after being verified
      ev('Interested', 'b'),
      ev('Applied', 'a'),
    ];
    expect(names(segmentsInTypeOrder(run, (e) => e.key, ORDER))).toEqual([
      ['Applied:a', 'Applied:b'],
      ['Applied:a', 'Verified:a', 'Interested:b'],
      ['Applied:a'],
    ]);
  });

  it('gives no segment for no events and refuses a type outside the order', () => {
    expect(segmentsInTypeOrder([], (e: { type: string }) => e.type, ORDER)).toEqual([]);
    expect(() => segmentsInTypeOrder([ev('Rejected', 'a')], (e) => e.key, ORDER)).toThrow(
      /Rejected is not in the order/,
    );
  });
});
