import { describe, expect, it } from 'vitest';
import { COPY_ROWS_PER_CHUNK, copyChunks, copyField, copyLines, copyStatement } from '../src/copy-text.js';

describe('COPY text fields', () => {
  it('escape the characters that end a field or a row, and nothing else', () => {
    expect(copyField('plain é ✓')).toBe('plain é ✓');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    // The text \N is not NULL: its backslash is escaped.
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('{"quote":"\\"","line":"\\n"}')).toBe('{"quote":"\\\\"","line":"\\\\n"}');
  });

  it('write NULL, numbers, booleans and instants as PostgreSQL reads them', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(-42)).toBe('-42');
    expect(copyField(9_007_199_254_740_993n)).toBe('9007199254740993');
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(new Date('2026-03-01T10:00:00.123Z'))).toBe('2026-03-01T10:00:00.123Z');
  });

  it('refuse what would be written as something unintended', () => {
    expect(() => copyField(Number.NaN)).toThrow('cannot hold the number NaN');
    expect(() => copyField(Number.POSITIVE_INFINITY)).toThrow('cannot hold the number Infinity');
    expect(() => copyField({ a: 1 })).toThrow('type object');
    expect(() => copyField('nul\0here')).toThrow('NUL character');
  });
});

describe('COPY text rows', () => {
  it('are lines of tab-separated fields, taken across the columns', () => {
    const columns = [
      ['a', 'b', 'c'],
      [1, null, 3],
    ];
    expect(copyLines(columns, 0, 3)).toBe('a\t1\nb\t\\N\nc\t3\n');
    expect(copyLines(columns, 1, 2)).toBe('b\t\\N\n');
  });

  it('come in pieces of at most COPY_ROWS_PER_CHUNK rows, every row once', () => {
    const ids = Array.from({ length: COPY_ROWS_PER_CHUNK * 2 + 1 }, (_, index) => index);
    const chunks = [...copyChunks([ids])];
    expect(chunks.map((chunk) => chunk.split('\n').length - 1)).toEqual([
      COPY_ROWS_PER_CHUNK,
      COPY_ROWS_PER_CHUNK,
      1,
    ]);
    expect(chunks.join('')).toBe(ids.map((id) => `${id}\n`).join(''));
    expect([...copyChunks([[]])]).toEqual([]);
  });

  it('refuse columns of different lengths', () => {
    expect(() => [...copyChunks([[1, 2], [1]])]).toThrow('as many values');
  });

  it('are read by a statement naming the table and its columns', () => {
    expect(copyStatement('votes', ['id', 'value'])).toBe('COPY votes (id, value) FROM STDIN');
    expect(copyStatement('votes', ['id'], "'/dev/blob'")).toBe("COPY votes (id) FROM '/dev/blob'");
  });
});
