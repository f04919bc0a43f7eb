import { ZAccountId, ZEntityId, ZStreamId } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isEntityId } from '../src/input-checks.js';
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
