import { z } from 'zod';
import { ValidationError } from '../http/errors.js';
import type { Bind } from './ra-list.js';

/**
 * Keyset pages for the staff lists: a cursor is base64url JSON of the last row's sort value and id
 * (both as the database prints them, so timestamps keep their microseconds) plus the sort it was
 * made for. Rows order `sort NULLS LAST, id` in one direction, so (sort, id) is a total order and
 * the next page is "every row after the cursor's", which an index serves without counting rows.
 */
const ZCursor = z
  .object({
    f: z.string().max(100),
    o: z.enum(['ASC', 'DESC']),
    v: z.string().max(1000).nullable(),
    id: z.string().min(1).max(200),
  })
  .strict();
export type TCursor = z.infer<typeof ZCursor>;

const CURSOR_LOCATION = ['query', 'after'];
export const BAD_CURSOR = 'is not a cursor of this list; start again from the first page';

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string, field: string, order: 'ASC' | 'DESC'): TCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw ValidationError.at(CURSOR_LOCATION, BAD_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw ValidationError.at(CURSOR_LOCATION, BAD_CURSOR);
  }
  const cursor = ZCursor.safeParse(parsed);
  if (!cursor.success || /[\0\uD800-\uDFFF]/.test(`${cursor.data.v ?? ''}${cursor.data.id}`)) {
    throw ValidationError.at(CURSOR_LOCATION, BAD_CURSOR);
  }
  if (cursor.data.f !== field || cursor.data.o !== order) {
    throw ValidationError.at(CURSOR_LOCATION, 'belongs to another sort; start again from the first page');
  }
  return cursor.data;
}

/**
 * The rows after the cursor in `column NULLS LAST, id` order (`notNull`: the column is never NULL).
 * The bound texts take the column's own type, so a tampered value fails as a data exception
 * (SQLSTATE class 22), which raList answers as a bad cursor.
 */
export function afterCursor(
  column: string,
  id: string,
  cursor: TCursor,
  bind: Bind,
  notNull = false,
): string {
  const further = cursor.o === 'ASC' ? '>' : '<';
  if (column === id) return `${id} ${further} ${bind(cursor.id)}`;
  // A column that is never NULL: one row comparison, which a (column, id) index answers as a
  // range instead of reading every row before the cursor.
  if (notNull && cursor.v !== null)
    return `(${column}, ${id}) ${further} (${bind(cursor.v)}, ${bind(cursor.id)})`;
  const idAfter = `${id} ${further} ${bind(cursor.id)}`;
  if (cursor.v === null) return `(${column} IS NULL AND ${idAfter})`;
  const value = bind(cursor.v);
  return `(${column} ${further} ${value} OR (${column} = ${value} AND ${idAfter}) OR ${column} IS NULL)`;
}

/** Whether a database error is a value the column's type refused (SQLSTATE class 22). */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

export const cursorError = (): ValidationError => ValidationError.at(CURSOR_LOCATION, BAD_CURSOR);
