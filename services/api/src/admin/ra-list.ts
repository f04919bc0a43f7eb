import type { SqlExecutor } from '@evalmarket/db';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../http/errors.js';
import { unstorableTextError } from '../http/storable-text.js';
import { afterCursor, cursorError, decodeCursor, encodeCursor, isDataException } from './ra-cursor.js';

/**
 * Staff lists in ra-data-simple-rest form (../shared/STACK-NOTES.md): `sort=["field","ASC"]`,
 * `range=[0,24]` (inclusive), `filter={...}` as URL-encoded JSON; the reply is a bare array with
 * `Content-Range: {resource} {start}-{end}/{total}`. getMany sends `filter={"id":[...]}`.
 *
 * Keyset form (no offset, no count): `after=` (empty for the first page, then the previous page's
 * `X-Next-Cursor`) and `limit=N`; the reply says `X-Has-Next-Page: true|false`.
 */
export const ZRaListQuery = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  after: z.string().max(2000).optional(),
});
export type TRaListQuery = z.infer<typeof ZRaListQuery>;

export const MAX_PAGE_ROWS = 500;
export const DEFAULT_PAGE_ROWS = 25;
/** Offsets beyond this are refused (422) rather than handed to the database. */
export const MAX_RANGE_INDEX = 1_000_000_000;

/** Adds a bound parameter and returns its placeholder. */
export type Bind = (value: unknown) => string;

/** Whether a filter's value is applied: undefined, null and '' are no filter. */
export const applies = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

export interface RaListSpec<Row> {
  resource: string;
  /** SELECT list and FROM clause. */
  select: string;
  from: string;
  /** The id column, for getMany and the stable tie-break. */
  id: string;
  sortFields: Record<string, string>;
  /**
   * Sort columns (as in sortFields) that are never NULL, besides the id: they order without
   * `NULLS LAST`, so a btree index on (column, id) serves the page instead of a sort of every row.
   */
  notNull?: readonly string[];
  defaultSort: [string, 'ASC' | 'DESC'];
  /** Filter name -> SQL condition for its value (undefined: ignore the value). */
  filters: Record<string, (value: unknown, bind: Bind) => string | undefined>;
  toRecord(row: Row): unknown;
  /**
   * The FROM of one page, for a source the planner cannot page by itself (the event log, whose
   * packed journal is a view over JSON arrays): a derived table with `from`'s columns holding at
   * least every row of the page. raList still filters, orders and limits it.
   */
  pageFrom?: (frame: PageFrame) => string;
  /** The offset form's total when there is no filter, where counting `from` would read it all. */
  countAll?: string;
  /**
   * Rows past the page the offset form counts for its total (COUNTED_PAST_PAGE by default); 0
   * gives `*` whenever the list goes on past the page.
   */
  countPastPage?: number;
  /**
   * The executor for a page with this filter, when it is not raList's own: the event log plans a
   * page for its values only where the best plan depends on them (staff-event-routes.ts).
   */
  executorFor?: (filter: Record<string, unknown>) => SqlExecutor;
}

/** What a page asks of `pageFrom`. */
export interface PageFrame {
  /** The page's conditions (filters and cursor) over `from`'s columns, with their parameters bound. */
  conditions: readonly string[];
  order: 'ASC' | 'DESC';
  /**
   * Rows the page needs from the start of the order (its offset included, its look-ahead too,
   * or the offset form's bounded count).
   */
  rows: number;
  /** The filter as sent (its names are known filters). */
  filter: Record<string, unknown>;
  /** The id of the keyset cursor's row, when the page starts after one. */
  afterId: string | undefined;
  bind: Bind;
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

interface ListRequest {
  field: string;
  sortColumn: string;
  order: 'ASC' | 'DESC';
  conditions: string[];
  filter: Record<string, unknown>;
  params: unknown[];
  bind: Bind;
}

function parseSort<Row>(spec: RaListSpec<Row>, query: TRaListQuery) {
  const sortRaw = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  const sort = z.tuple([z.string(), z.string()]).safeParse(sortRaw);
  if (!sort.success) throw ValidationError.at(['query', 'sort'], 'must be ["field","ASC" or "DESC"]');
  const sortColumn = spec.sortFields[sort.data[0]];
  if (!sortColumn) {
    throw ValidationError.at(['query', 'sort'], `can sort by ${Object.keys(spec.sortFields).join(', ')}`);
  }
  const order: 'ASC' | 'DESC' = sort.data[1].toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  return { field: sort.data[0], sortColumn, order };
}

function parseFilters<Row>(
  spec: RaListSpec<Row>,
  query: TRaListQuery,
  bind: Bind,
): { conditions: string[]; filter: Record<string, unknown> } {
  const filterRaw = parseJson(query.filter, 'filter') ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw ValidationError.at(['query', 'filter'], 'must be a JSON object');
  }
  const conditions: string[] = [];
  for (const [name, value] of Object.entries(filterRaw)) {
    if (!applies(value)) continue;
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
  return { conditions, filter: filterRaw as Record<string, unknown> };
}

function parseRequest<Row>(spec: RaListSpec<Row>, query: TRaListQuery): ListRequest {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { ...parseSort(spec, query), ...parseFilters(spec, query, bind), params, bind };
}

const whereClause = (conditions: string[]) =>
  conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

const isNotNull = <Row>(spec: RaListSpec<Row>, column: string) =>
  column === spec.id || (spec.notNull ?? []).includes(column);

/**
 * `column NULLS LAST, id` in one direction. A DESC btree scan puts NULLs first, so `NULLS LAST` is
 * written only where NULLs can occur: elsewhere it would keep the planner from the index.
 */
export function orderBy<Row>(spec: RaListSpec<Row>, column: string, order: 'ASC' | 'DESC'): string {
  if (column === spec.id) return `${column} ${order}`;
  const nulls = isNotNull(spec, column) ? '' : ' NULLS LAST';
  return `${column} ${order}${nulls}, ${spec.id} ${order}`;
}

/**
 * One page of a staff list: keyset when the query has `after`, else the offset form
 * (`range`, with Content-Range and a total counted at most COUNTED_PAST_PAGE rows past the page)
 * that react-admin's simple REST speaks.
 */
export async function raList<Row extends Record<string, unknown>>(
  sql: SqlExecutor,
  reply: FastifyReply,
  spec: RaListSpec<Row>,
  query: TRaListQuery,
): Promise<unknown[]> {
  const keyset = query.after !== undefined;
  if (keyset && query.range !== undefined) {
    throw ValidationError.at(['query', 'range'], 'send either range or after, not both');
  }
  const request = parseRequest(spec, query);
  const executor = spec.executorFor?.(request.filter) ?? sql;
  return keyset
    ? keysetPage(executor, reply, spec, query, request)
    : offsetPage(executor, reply, spec, query, request);
}

async function offsetPage<Row extends Record<string, unknown>>(
  sql: SqlExecutor,
  reply: FastifyReply,
  spec: RaListSpec<Row>,
  query: TRaListQuery,
  { sortColumn, order, conditions, filter, params, bind }: ListRequest,
): Promise<unknown[]> {
  const rangeRaw = parseJson(query.range, 'range') ?? [0, DEFAULT_PAGE_ROWS - 1];
  const index = z.number().int().min(0).max(MAX_RANGE_INDEX);
  const range = z.tuple([index, index]).safeParse(rangeRaw);
  if (!range.success || range.data[1] < range.data[0]) {
    throw ValidationError.at(['query', 'range'], 'must be [start, end] with 0 <= start <= end');
  }
  const start = range.data[0];
  const count = Math.min(range.data[1] - range.data[0] + 1, MAX_PAGE_ROWS);
  // The page's source binds its own values; a count binds its own again after the page has run.
  const mark = params.length;
  const from = pageFrom(spec, sortColumn, {
    conditions,
    order,
    rows: start + count + 1,
    filter,
    afterId: undefined,
    bind,
  });
  // One row more than the page tells whether the list goes on past it.
  const fetched = await sql.query<Row>(
    `SELECT ${spec.select} FROM ${from} ${whereClause(conditions)}
     ORDER BY ${orderBy(spec, sortColumn, order)} LIMIT ${count + 1} OFFSET ${start}`,
    [...params],
  );
  params.length = mark;
  const rows = fetched.rows.slice(0, count);
  const listed = { start, rows: rows.length, more: fetched.rows.length > count };
  const total = await offsetTotal(sql, spec, { conditions, order, filter, params, bind }, listed);
  const end = rows.length > 0 ? start + rows.length - 1 : start;
  reply.header('content-range', `${spec.resource} ${start}-${end}/${total ?? '*'}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  return rows.map((row) => spec.toRecord(row));
}

/**
 * How many rows past a page's end the offset form counts. A list's exact total would count every
 * matching row: seconds on a table of millions (the staff transactions of a ten-million-event
 * world), past the statement timeout on the event log's packed batches. Within this many rows
 * past the page the total is exact; beyond, Content-Range says `*` (RFC 9110's unknown complete
 * length) and the staff console pages on without a last page
 * (consoles/admin/src/providers/unknownTotal.ts). A spec may count less (`countPastPage`).
 */
export const COUNTED_PAST_PAGE = 1000;

/**
 * The offset form's total, undefined where it is not known cheaply. A page that ends the list
 * knows it (no count). Else: what the spec counts cheaply without a filter (`countAll`), or a
 * count of at most `countPastPage` rows past the page (past the end: of the rows before it).
 */
async function offsetTotal<Row>(
  sql: SqlExecutor,
  spec: RaListSpec<Row>,
  request: Pick<ListRequest, 'conditions' | 'order' | 'filter' | 'params' | 'bind'>,
  listed: { start: number; rows: number; more: boolean },
): Promise<number | undefined> {
  const { conditions, order, filter, params, bind } = request;
  if (!listed.more && (listed.rows > 0 || listed.start === 0)) return listed.start + listed.rows;
  if (conditions.length === 0 && spec.countAll) {
    const { rows } = await sql.query<{ total: number | string }>(spec.countAll);
    return Number(rows[0]?.total ?? 0);
  }
  const pastPage = spec.countPastPage ?? COUNTED_PAST_PAGE;
  if (listed.more && pastPage === 0) return undefined;
  // Past the end, the rows before the page are counted (fewer than its start).
  const limit = listed.more ? listed.start + listed.rows + pastPage + 1 : listed.start;
  const counted = spec.pageFrom
    ? spec.pageFrom({ conditions, order, rows: limit, filter, afterId: undefined, bind })
    : spec.from;
  const { rows } = await sql.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM (SELECT 1 FROM ${counted} ${whereClause(conditions)} LIMIT ${limit}) counted`,
    params,
  );
  const total = Number(rows[0]?.total ?? 0);
  return total < limit || !listed.more ? total : undefined;
}

/** `from`, or the page's own derived table where the spec pages its source itself. */
function pageFrom<Row>(spec: RaListSpec<Row>, sortColumn: string, frame: PageFrame): string {
  // A frame is a page in the id's own order (every sort of the event log is by position).
  return spec.pageFrom && sortColumn === spec.id ? spec.pageFrom(frame) : spec.from;
}

/** Extra columns a keyset page selects to build the next cursor. */
const SORT_KEY = 'ra_keyset_sort';
const ID_KEY = 'ra_keyset_id';

async function keysetPage<Row extends Record<string, unknown>>(
  sql: SqlExecutor,
  reply: FastifyReply,
  spec: RaListSpec<Row>,
  query: TRaListQuery,
  { field, sortColumn, order, conditions, filter, params, bind }: ListRequest,
): Promise<unknown[]> {
  const limit = query.limit ?? DEFAULT_PAGE_ROWS;
  let afterId: string | undefined;
  if (query.after !== undefined && query.after !== '') {
    const cursor = decodeCursor(query.after, field, order);
    conditions.push(afterCursor(sortColumn, spec.id, cursor, bind, isNotNull(spec, sortColumn)));
    afterId = cursor.id;
  }
  const from = pageFrom(spec, sortColumn, { conditions, order, rows: limit + 1, filter, afterId, bind });
  let rows: Row[];
  try {
    // One row more than the page tells whether a next page exists without counting.
    ({ rows } = await sql.query<Row>(
      `SELECT ${spec.select}, (${sortColumn})::text AS ${SORT_KEY}, (${spec.id})::text AS ${ID_KEY}
       FROM ${from} ${whereClause(conditions)}
       ORDER BY ${orderBy(spec, sortColumn, order)} LIMIT ${limit + 1}`,
      params,
    ));
  } catch (error) {
    if (query.after && isDataException(error)) throw cursorError();
    throw error;
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit && last !== undefined;
  if (hasNextPage) {
    const v = last[SORT_KEY];
    reply.header(
      'x-next-cursor',
      encodeCursor({ f: field, o: order, v: v === null ? null : String(v), id: String(last[ID_KEY]) }),
    );
  }
  reply.header('x-has-next-page', String(hasNextPage));
  reply.header('access-control-expose-headers', 'X-Next-Cursor, X-Has-Next-Page');
  return page.map((row) => spec.toRecord(row));
}

/** Text matched literally by LIKE (its default escape is the backslash). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
    const placeholder = bind(`%${likeEscape(String(value))}%`);
    return `(${columns.map((column) => `${column} ILIKE ${placeholder}`).join(' OR ')})`;
  };
/**
 * Rows whose person (any of these id columns) has a name, email or id containing the text: the
 * staff lists' `q`, searched like the Users list.
 */
export const personMatches =
  (...idColumns: string[]) =>
  (value: unknown, bind: Bind): string => {
    const matches = contains(
      'u.email',
      `concat_ws(' ', u.first_name, u.last_name)`,
      'u.id::text',
    )(value, bind);
    const people = `SELECT u.id::text FROM users u WHERE ${matches}`;
    return `(${idColumns.map((column) => `${column} IN (${people})`).join(' OR ')})`;
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
