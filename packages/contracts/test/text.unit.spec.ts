import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableTextReason, ZMultiLineText, ZSingleLineText } from '../src/index.js';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, and nothing PostgreSQL can hold', () => {
    expect(unstorableTextReason('a\u0000b')).toBe('nul');
    expect(unstorableTextReason('\ud800')).toBe('lone_surrogate');
    expect(unstorableTextReason('x\udc00')).toBe('lone_surrogate');
    expect(unstorableTextReason('\udc00\ud800')).toBe('lone_surrogate');
    for (const fine of ['', '\u{1F600}', '\u202E', '\u0001\t\n', '\\u0000', '\uFFFF']) {
      expect(unstorableTextReason(fine)).toBeUndefined();
    }
  });

  it('names the path of every bad value and key, walking parameter objects without Object.prototype', () => {
    const params = Object.create(null) as Record<string, unknown>;
    params.id = 'a\u0000';
    expect(
      findUnstorableText({ items: [{ ok: 'x' }, { ['k\ud800']: 'v', note: '\u0000' }], params }),
    ).toEqual([
      { path: ['items', 1, 'k\ud800'], reason: 'lone_surrogate' },
      { path: ['items', 1, 'note'], reason: 'nul' },
      { path: ['params', 'id'], reason: 'nul' },
    ]);
    expect(findUnstorableText(Buffer.from([0, 1]))).toEqual([]);
  });

  it('keeps newlines in multi-line text and refuses control characters in one line', () => {
    expect(ZMultiLineText().safeParse('line one\nline two\ttab').success).toBe(true);
    expect(ZMultiLineText().safeParse('a\u0000').success).toBe(false);
    expect(ZSingleLineText().safeParse('Ada \u202E Lovelace \u{1F600}').success).toBe(true);
    const refused = ZSingleLineText().safeParse('Ada\nLovelace');
    expect(refused.success || refused.error.issues[0]?.message).toBe(
      'Text must be one line without control characters',
    );
    expect(ZSingleLineText().max(3).safeParse('abcd').success).toBe(false);
  });
});
