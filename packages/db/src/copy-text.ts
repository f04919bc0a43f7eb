/**
 * Rows in the text format of PostgreSQL's `COPY ... FROM` (one line per row, fields separated by
 * tabs, `\N` for NULL), for bulk writes into tables that nothing else reads yet (a rebuild's
 * shadows). COPY parses each field as its column's type, as an insert would parse a parameter,
 * without planning a statement or building arrays: on the 1M world it wrote a rebuild's folded
 * rows about three times as fast as unnested inserts (docs/perf/2026-12-06-copy-fold-writes.md).
 */

/** Rows per piece of text sent at once: bounds the memory the text of a write holds. */
export const COPY_ROWS_PER_CHUNK = 10_000;

/**
 * A text field with COPY's escapes: backslash, tab, newline and carriage return are the
 * characters that would otherwise end a field or a row, or start an escape.
 */
function escaped(text: string): string {
  if (text.includes('\0')) throw new Error('a COPY field cannot hold a NUL character');
  if (!/[\\\t\n\r]/.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] as string);
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value as a COPY text field: a string as it is (escaped), a finite number or a bigint in
 * decimal, a boolean as t or f, a Date as its ISO instant, null or undefined as NULL. Anything
 * else (an object, an array, NaN) is refused rather than written as something unintended.
 */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escaped(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`a COPY field cannot hold the number ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  throw new Error(`a COPY field cannot hold a value of type ${typeof value}`);
}

/** How many rows columns hold: one array per column, all of one length. */
export function columnRows(columns: readonly (readonly unknown[])[]): number {
  const rows = columns[0]?.length ?? 0;
  if (columns.some((values) => values.length !== rows)) {
    throw new Error('every column of a COPY must hold as many values as the others');
  }
  return rows;
}

/** Rows [from, to) of `columns` (one array per column) as COPY text lines, each ending in \n. */
export function copyLines(columns: readonly (readonly unknown[])[], from: number, to: number): string {
  let text = '';
  for (let row = from; row < to; row += 1) {
    for (let column = 0; column < columns.length; column += 1) {
      if (column > 0) text += '\t';
      text += copyField((columns[column] as readonly unknown[])[row]);
    }
    text += '\n';
  }
  return text;
}

/** The text of `columns`' rows in pieces of at most COPY_ROWS_PER_CHUNK rows. */
export function* copyChunks(columns: readonly (readonly unknown[])[]): Generator<string> {
  const rows = columnRows(columns);
  for (let from = 0; from < rows; from += COPY_ROWS_PER_CHUNK) {
    yield copyLines(columns, from, Math.min(rows, from + COPY_ROWS_PER_CHUNK));
  }
}

/** The COPY statement reading `columns` of `table` in text format from the client. */
export function copyStatement(table: string, columns: readonly string[], source = 'STDIN'): string {
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}
