import type { TransactionExecutor } from '@evalmarket/db';

/** A column of a bulk write: its name, and its value in a row. */
export interface InsertColumn<Row> {
  name: string;
  value: (row: Row) => unknown;
}

/**
 * Writes `rows` into `table` (named unqualified, as a projection names it) as plain rows, with
 * COPY. For a bulk fold's write into empty shadow tables; nothing here handles a conflict.
 */
export async function insertRows<Row>(
  tx: TransactionExecutor,
  table: string,
  columns: readonly InsertColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  await tx.copyColumns(
    table,
    columns.map((column) => column.name),
    columns.map((column) => rows.map(column.value)),
  );
}
