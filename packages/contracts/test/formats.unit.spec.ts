import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formatUsd, formatUsdFromCredits, toCsv } from '../src/index.js';

describe('formatUsd', () => {
  it('writes dollars with Intl, the sign before the symbol', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-1)).toBe('-$1.00');
    expect(formatUsdFromCredits(-700)).toBe('-$0.70');
    expect(formatUsdFromCredits(6500)).toBe('$6.50');
  });
});

describe('toCsv', () => {
  it('writes a header even without records', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });

  it('neutralises formulas in text and keeps numbers, dates, JSON and empty cells readable', () => {
    const text = toCsv(
      ['comment', 'amount', 'when', 'payload', 'missing', 'flag'],
      [
        {
          comment: '=HYPERLINK("http://evil.example","click")',
          amount: -5,
          when: new Date('2026-01-02T03:04:05.000Z'),
          payload: { said: 'He said "fine", ok' },
          missing: null,
          flag: false,
        },
        { comment: '+1', amount: 7 },
        { comment: '-2' },
        { comment: '@SUM(A1)' },
        { comment: '\tcmd' },
      ],
    );
    const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Array<Record<string, string>>;
    expect(rows[0]).toEqual({
      comment: '\'=HYPERLINK("http://evil.example","click")',
      amount: '-5',
      when: '2026-01-02T03:04:05.000Z',
      payload: '{"said":"He said \\"fine\\", ok"}',
      missing: '',
      flag: 'false',
    });
    expect(rows.slice(1).map((row) => row.comment)).toEqual(["'+1", "'-2", "'@SUM(A1)", "'\tcmd"]);
    expect(text.split('\r\n')).toHaveLength(7);
  });
});
