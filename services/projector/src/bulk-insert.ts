import type { TransactionExecutor } from '@evalmarket/db';

/**
 * Writes `rows` into `table` (named unqualified, as a projection names it) as plain rows, with
 * COPY: each of `columns` is the row's field of that name. For a bulk fold's write into empty
 * shadow tables; nothing here handles a conflict.
 */
export async function insertRows<Row>(
  tx: TransactionExecutor,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  await tx.copyColumns(
    table,
    columns,
    columns.map((column) => rows.map((row) => row[column])),
  );
}
