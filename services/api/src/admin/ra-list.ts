import type { SqlExecutor } from '@evalmarket/db';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../http/errors.js';
import { unstorableTextError } from '../http/storable-text.js';

/**
 * Staff lists in ra-data-simple-rest form (../shared/STACK-NOTES.md): `sort=["field","ASC"]`,
 * `range=[0,24]` (inclusive), `filter={...}` as URL-encoded JSON; the reply is a bare array with
 * `Content-Range: {resource} {start}-{end}/{total}`. getMany sends `filter={"id":[...]}`.
 */
export const ZRaListQuery = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
});
export type TRaListQuery = z.infer<typeof ZRaListQuery>;

export const MAX_PAGE_ROWS = 500;
export const DEFAULT_PAGE_ROWS = 25;
/** Offsets beyond this are refused (422) rather than handed to the database. */
export const MAX_RANGE_INDEX = 1_000_000_000;

/** Adds a bound parameter and returns its placeholder. */
export type Bind = (value: unknown) => string;

export interface RaListSpec<Row> {
  resource: string;
  /** SELECT list and FROM clause. */
  select: string;
  from: string;
  /** The id column, for getMany and the stable tie-break. */
  id: string;
  sortFields: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** Filter name -> SQL condition for its value (undefined: ignore the value). */
  filters: Record<string, (value: unknown, bind: Bind) => string | undefined>;
  toRecord(row: Row): unknown;
}

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ValidationError.at(['query', name], 'must be URL-encoded JSON');
  }
  // The JSON may spell a NUL or a lone surrogate as an escape the edge's text rule could not see.
  const unstorable = unstorableTextError(parsed, ['query', name]);
  if (unstorable) throw unstorable;
  return parsed;
}

export async function raList<Row extends Record<string, unknown>>(
  sql: SqlExecutor,
  reply: FastifyReply,
  spec: RaListSpec<Row>,
  query: TRaListQuery,
): Promise<unknown[]> {
  const sortRaw = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  const sort = z.tuple([z.string(), z.string()]).safeParse(sortRaw);
  if (!sort.success) throw ValidationError.at(['query', 'sort'], 'must be ["field","ASC" or "DESC"]');
  const sortColumn = spec.sortFields[sort.data[0]];
  if (!sortColumn) {
    throw ValidationError.at(['query', 'sort'], `can sort by ${Object.keys(spec.sortFields).join(', ')}`);
  }
  const order = sort.data[1].toUpperCase() === 'ASC' ? 'ASC' : 'DESC';

  const rangeRaw = parseJson(query.range, 'range') ?? [0, DEFAULT_PAGE_ROWS - 1];
  const index = z.number().int().min(0).max(MAX_RANGE_INDEX);
  const range = z.tuple([index, index]).safeParse(rangeRaw);
  if (!range.success || range.data[1] < range.data[0]) {
    throw ValidationError.at(['query', 'range'], 'must be [start, end] with 0 <= start <= end');
  }
  const start = range.data[0];
  const count = Math.min(range.data[1] - range.data[0] + 1, MAX_PAGE_ROWS);

  const filterRaw = parseJson(query.filter, 'filter') ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw ValidationError.at(['query', 'filter'], 'must be a JSON object');
  }
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  for (const [name, value] of Object.entries(filterRaw)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      conditions.push(`${spec.id}::text = ANY(${bind(ids)}::text[])`);
      continue;
    }
    const filter = spec.filters[name];
    if (!filter) {
      throw ValidationError.at(
        ['query', 'filter', name],
        `unknown filter; use ${['id', ...Object.keys(spec.filters)].join(', ')}`,
      );
    }
    const condition = filter(value, bind);
    if (condition) conditions.push(condition);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const totalResult = await sql.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM ${spec.from} ${where}`,
    params,
  );
  const total = Number(totalResult.rows[0]?.total ?? 0);
  const { rows } = await sql.query<Row>(
    `SELECT ${spec.select} FROM ${spec.from} ${where}
     ORDER BY ${sortColumn} ${order} NULLS LAST, ${spec.id} ${order} LIMIT ${count} OFFSET ${start}`,
    params,
  );
  const end = rows.length > 0 ? start + rows.length - 1 : start;
  reply.header('content-range', `${spec.resource} ${start}-${end}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  return rows.map((row) => spec.toRecord(row));
}

// Filter builders shared by the resources.
export const equals =
  (column: string) =>
  (value: unknown, bind: Bind): string =>
    Array.isArray(value)
      ? `${column}::text = ANY(${bind(value.map(String))}::text[])`
      : `${column}::text = ${bind(String(value))}`;
export const contains =
  (...columns: string[]) =>
  (value: unknown, bind: Bind): string => {
    const placeholder = bind(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return `(${columns.map((column) => `${column} ILIKE ${placeholder}`).join(' OR ')})`;
  };
export const flag =
  (column: string) =>
  (value: unknown, bind: Bind): string =>
    `${column} = ${bind(value === true || value === 'true')}`;
export const atOrAfter =
  (column: string) =>
  (value: unknown, bind: Bind): string =>
    `${column} >= ${bind(timestamp(value))}::timestamptz`;
export const before =
  (column: string) =>
  (value: unknown, bind: Bind): string =>
    `${column} < ${bind(timestamp(value))}::timestamptz`;

function timestamp(value: unknown): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999)
    throw ValidationError.at(['query', 'filter'], `${JSON.stringify(value)} is not a date`);
  return date.toISOString();
}
