import type { SqlExecutor } from '@evalmarket/db';

/**
 * Rows per insert statement of a bulk write. Each statement's parameters are built whole in
 * memory (an array of this many values per column), so this bounds the extra memory of writing.
 */
const ROWS_PER_INSERT = 10_000;

/** `rows` in slices of at most ROWS_PER_INSERT. */
export function* insertChunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) yield rows.slice(at, at + ROWS_PER_INSERT);
}

/** A column of a bulk insert: its name, its PostgreSQL type, and its value in a row. */
export interface InsertColumn<Row> {
  name: string;
  type: string;
  value: (row: Row) => unknown;
}

/**
 * Inserts `rows` into `table` (named unqualified, as a projection names it) as plain rows: one
 * array parameter per column, unnested, in statements of ROWS_PER_INSERT rows. For a bulk fold's
 * write into empty shadow tables; nothing here handles a conflict.
 */
export async function insertRows<Row>(
  tx: SqlExecutor,
  table: string,
  columns: readonly InsertColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  const names = columns.map((column) => column.name).join(', ');
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const statement = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`;
  for (const chunk of insertChunks(rows)) {
    await tx.query(
      statement,
      columns.map((column) => chunk.map(column.value)),
    );
  }
}
