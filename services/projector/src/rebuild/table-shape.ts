import type { SqlExecutor } from '@evalmarket/db';

/** What a generic compare needs to know of a read-model table, read from the catalog. */
export interface TableShape {
  table: string;
  /** Every column, in table order. */
  columns: string[];
  /** The primary key's columns: how a differing row is named and replaced. */
  key: string[];
  /**
   * The columns compared as text: a `json` column has no equality operator (jsonb, arrays and
   * the scalar types compare as themselves).
   */
  comparedAsText: string[];
}

/** A name the catalog returned, quoted for SQL (read-model names are plain, but never trust that). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The shape of `table` in `schema`; throws when it does not exist or has no primary key. */
export async function readTableShape(sql: SqlExecutor, schema: string, table: string): Promise<TableShape> {
  const { rows } = await sql.query<{ column_name: string; data_type: string; is_key: boolean }>(
    `SELECT a.attname AS column_name, format_type(a.atttypid, NULL) AS data_type,
            coalesce(a.attnum = ANY(i.indkey), false) AS is_key
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
     WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [schema, table],
  );
  if (rows.length === 0) throw new Error(`read-model table ${schema}.${table} does not exist`);
  const key = rows.filter((row) => row.is_key).map((row) => row.column_name);
  if (key.length === 0)
    throw new Error(`read-model table ${table} has no primary key, so it cannot be compared`);
  return {
    table,
    columns: rows.map((row) => row.column_name),
    key,
    comparedAsText: rows.filter((row) => row.data_type === 'json').map((row) => row.column_name),
  };
}
