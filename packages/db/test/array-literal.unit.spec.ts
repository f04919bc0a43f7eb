import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { flatArrayLiteral, textArrayLiteral, withArrayLiterals } from '../src/array-literal.js';

// What `pg` itself sends for an array parameter: the text our literal must equal.
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

const TRICKY = [
  '',
  'plain',
  'NULL',
  'with "quotes"',
  'back\\slash',
  '\\"both\\"',
  'comma, {braces} and spaces ',
  'tab\tand\nnewline',
  'unicode é ✓ 𝄞',
  '"',
  '\\',
];

/** A deterministic mix of the elements the statements send: texts, numbers and nulls. */
function mixedArray(seed: number, length: number): unknown[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  return Array.from({ length }, () => {
    const pick = next() % 6;
    if (pick === 0) return null;
    if (pick === 1) return next() - 1_073_741_824;
    if (pick === 2) return next() / 7;
    if (pick === 3) return TRICKY[next() % TRICKY.length];
    if (pick === 4) return `${TRICKY[next() % TRICKY.length]}${next()}${TRICKY[next() % TRICKY.length]}`;
    return `event ${next().toString(16)}`;
  });
}

describe('flatArrayLiteral', () => {
  it('writes every flat array of texts, numbers and nulls exactly as pg does', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const values = mixedArray(seed, seed % 40);
      expect(flatArrayLiteral(values)).toBe(pgUtils.prepareValue(values));
    }
    expect(flatArrayLiteral(TRICKY)).toBe(pgUtils.prepareValue(TRICKY));
    expect(flatArrayLiteral([0, -0, 1e21, -5, 2 ** 53 - 1, 0.1])).toBe(
      pgUtils.prepareValue([0, -0, 1e21, -5, 2 ** 53 - 1, 0.1]),
    );
    expect(flatArrayLiteral([undefined, null])).toBe(pgUtils.prepareValue([undefined, null]));
    expect(flatArrayLiteral([])).toBe('{}');
    expect(textArrayLiteral(TRICKY)).toBe(pgUtils.prepareValue(TRICKY));
    expect(textArrayLiteral([])).toBe('{}');
  });

  it('leaves to pg any array it does not write itself', () => {
    for (const values of [
      [['nested']],
      [new Date(0)],
      [true],
      [Buffer.from('x')],
      [{ a: 1 }],
      [Number.NaN],
      [1n],
    ]) {
      expect(flatArrayLiteral(values)).toBeUndefined();
    }
  });
});

describe('withArrayLiterals', () => {
  it('replaces flat arrays only, and keeps every other parameter as it was', () => {
    const date = new Date(0);
    const dates = [date];
    const object = { a: 1 };
    expect(withArrayLiterals(['a"b', 3, null, ['x', 'y"z', null], dates, object])).toEqual([
      'a"b',
      3,
      null,
      '{"x","y\\"z",NULL}',
      dates,
      object,
    ]);
  });
});
