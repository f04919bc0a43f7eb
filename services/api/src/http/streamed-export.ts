import { Readable } from 'node:stream';
import { toCsv } from '@evalmarket/contracts';

/**
 * Rows an export reads per query. An export holds one page (and the socket's buffer) in memory,
 * however many rows it has: a page is read only when the reply has sent what came before.
 */
export const EXPORT_PAGE_ROWS = 500;

/** Bytes the reply stream buffers before it stops reading the next page. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/**
 * A keyset-ordered read, page by page: `readPage(after, limit)` answers the rows that sort after
 * the key `after` (undefined: from the start), at most `limit` of them, in the export's order.
 * Keyset rather than offset, so every page costs the same and rows are never read twice.
 */
export async function* keysetPages<Row, Key>(
  readPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await readPage(after, pageRows);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < pageRows || last === undefined) return;
    after = keyOf(last);
  }
}

/** Every page of a read, gathered: for the bounded documents (PDFs) that are laid out whole. */
export async function allRows<Row>(pages: AsyncIterable<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

/**
 * CSV text page by page: the header with the first page (alone when there is no row), the rows
 * of every later page without it, so the whole equals `toCsv` of every record at once.
 */
export async function* csvChunks<Column extends string>(
  columns: readonly Column[],
  pages: AsyncIterable<ReadonlyArray<Partial<Record<Column, unknown>>>>,
): AsyncGenerator<string> {
  let header = true;
  for await (const records of pages) {
    yield toCsv(columns, records, { header });
    header = false;
  }
  if (header) yield toCsv(columns, []);
}

/** A JSON array page by page; the whole equals `JSON.stringify` of every record at once. */
export async function* jsonArrayChunks(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  let separator = '';
  yield '[';
  for await (const records of pages) {
    if (records.length === 0) continue;
    yield separator + records.map((record) => JSON.stringify(record)).join(',');
    separator = ',';
  }
  yield ']';
}

/**
 * A reply body that pulls text chunks only as fast as the client takes them (a byte stream with
 * a small buffer, so at most about one page is read ahead of what was sent).
 */
export function replyStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
}
