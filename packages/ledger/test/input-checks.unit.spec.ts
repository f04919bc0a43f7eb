import { ZAccountId, ZEntityId, ZStreamId } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeValue, isEntityId } from '../src/input-checks.js';
import { LEDGER_STREAM_CATEGORIES } from '../src/index.js';

describe('isEntityId', () => {
  it('agrees with contracts ZEntityId, and whatever it accepts forms valid account and stream ids', () => {
    const idLike = fc.oneof(
      fc.string({ maxLength: 140 }),
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,130}$/),
      fc.constantFrom(
        '',
        'a',
        'a:b',
        '-a',
        'a b',
        'ü',
        'x'.repeat(128),
        'x'.repeat(129),
        '__proto__',
        'constructor',
      ),
    );
    fc.assert(
      fc.property(idLike, (id) => {
        const accepted = isEntityId(id);
        expect(accepted).toBe(ZEntityId.safeParse(id).success);
        if (accepted) {
          expect(ZAccountId.safeParse(`spending:${id}`).success).toBe(true);
          expect(ZAccountId.safeParse(`earning:${id}`).success).toBe(true);
          for (const category of LEDGER_STREAM_CATEGORIES) {
            expect(ZStreamId.safeParse(`${category}-${id}`).success).toBe(true);
          }
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it.each([null, undefined, 1, {}, ['a']])('refuses %s', (value) => {
    expect(isEntityId(value)).toBe(false);
  });
});

describe('describeValue', () => {
  it.each([
    { value: 'co_1', text: '"co_1"' },
    { value: 'x'.repeat(40), text: `"${'x'.repeat(40)}"` },
    { value: 'x'.repeat(41), text: `"${'x'.repeat(40)}…"` },
    { value: 1.5, text: '1.5' },
    { value: Number.NaN, text: 'NaN' },
    { value: true, text: 'true' },
    { value: 10n, text: '10' },
    { value: undefined, text: 'undefined' },
    { value: Symbol('s'), text: 'a symbol' },
    { value: () => 1, text: 'a function' },
    { value: null, text: 'null' },
    { value: ['a'], text: 'an array' },
    { value: Object.create(null) as unknown, text: 'an object' },
  ])('renders $text for a rejection message, briefly and without throwing', ({ value, text }) => {
    expect(describeValue(value)).toBe(text);
  });
});
