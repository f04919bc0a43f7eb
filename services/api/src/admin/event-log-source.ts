import { NAME_KINDS } from '@evalmarket/eventstore';
import { ARROW_TEXT, COULD_BE_JSON_TEXT, entryNeedles, filterTexts } from './event-log-needles.js';
import { applies, type Bind, type PageFrame } from './ra-list.js';

/*
 * One page of the staff event log without reading the whole log. The event_log view (migrations
 * 009 and 010) is `events` UNION ALL the packed journal's batches unpacked from JSON, so ordering
 * it by position or counting it parses every batch: tens of seconds at a few hundred thousand
 * events. A page instead takes from each source, in position order, only the rows it needs:
 *   * `events` by its primary key (or by an index a filter has, such as events_type_position_idx);
 *   * the batches in position order, one batch at a time, unpacking a batch only when its
 *     position range, its `types` and its names (the people, accounts, ids and streams it holds,
 *     migrations 023 and 025) can hold a row of the page, and stopping at the page's end (an incremental sort within each
 *     batch keeps the planner from sorting every event).
 * Each source is cut at the page's row count; raList orders and cuts the union again.
 */

/** The event_log view's columns, in its order. */
export const EVENT_LOG_COLUMNS =
  'global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, prev_hash, hash';

/** Format 1 batches (`b`, from `batches`): one JSON object per event, with its own position and hash. */
const FORMAT_1 = (
  batches: string,
) => `SELECT b.first_position AS batch_position, (e->>'global_position')::bigint AS global_position,
    (e->>'event_id')::uuid AS event_id, e->>'stream_id' AS stream_id, (e->>'stream_version')::integer AS stream_version,
    e->>'type' AS type, (e->>'schema_version')::integer AS schema_version, e->'data' AS data,
    e->'metadata' AS metadata, (e->>'recorded_at')::timestamptz AS recorded_at, e->>'prev_hash' AS prev_hash,
    e->>'hash' AS hash
  FROM ${batches} b CROSS JOIN LATERAL jsonb_array_elements(b.events::jsonb) e`;

/** The event_log columns of a format 2 entry `e.v` at ordinal `e.ord` of batch `b`. */
const FORMAT_2_COLUMNS = `b.first_position AS batch_position, b.first_position + e.ord - 1 AS global_position,
    (e.v->>0)::uuid AS event_id, e.v->>1 AS stream_id, (e.v->>2)::integer AS stream_version, e.v->>3 AS type,
    (e.v->>4)::integer AS schema_version, e.v->5 AS data, e.v->6 AS metadata, b.recorded_at AS recorded_at,
    b.prev_hash AS prev_hash, b.last_hash AS hash`;

/** Format 2 batches: arrays of [event_id, stream_id, stream_version, type, schema_version, data, metadata]. */
const FORMAT_2 = (batches: string) => `SELECT ${FORMAT_2_COLUMNS}
  FROM ${batches} b CROSS JOIN LATERAL jsonb_array_elements(b.events::jsonb) WITH ORDINALITY e(v, ord)`;

/**
 * Which entries of a format 2 batch a page parses, when it need not parse them all: `named`,
 * only those whose ordinals the batch's row of a name carries (`b.named_ordinals`, see
 * pageBatches); `window`, conditions and a limit on the entry's ordinal `ord` (the page's
 * positions in this batch); and `needles`, conditions on its text `entry.text` (a filter's value
 * as the writer wrote it).
 */
interface EntryPick {
  named?: boolean;
  window?: string;
  needles?: string;
}

/**
 * Format 2 batches, parsing only the entries `pick` keeps: each entry's bytes are cut from the
 * body at its offsets (migration 027) and only those kept are parsed. The body and the offsets
 * are read once per batch (`raw`, kept whole by OFFSET 0; the offsets copied by `|| '{}'`, since
 * a stored array may be out of line and every subscript of it would read it again), and the
 * parsed entries are computed once each (OFFSET 0 again; flattened, every `e.v` below would
 * parse its entry anew).
 */
const FORMAT_2_ENTRIES = (pick: EntryPick) => (batches: string) => `SELECT ${FORMAT_2_COLUMNS}
  FROM ${batches} b
    CROSS JOIN LATERAL (SELECT convert_to(b.events, 'UTF8') AS bytes,
      b.entry_offsets || '{}'::integer[] AS offsets OFFSET 0) raw
    CROSS JOIN LATERAL (
      SELECT entry.ord, entry.text::jsonb AS v
      FROM (SELECT ord, convert_from(substring(raw.bytes FROM raw.offsets[ord] + 1
                FOR raw.offsets[ord + 1] - raw.offsets[ord] - 1), 'UTF8') AS text
            FROM (SELECT ord FROM ${pick.named ? 'unnest(b.named_ordinals)' : 'generate_series(1, b.event_count)'} ord
              ${pick.window ?? ''}) ords) entry
      ${pick.needles ? `WHERE ${pick.needles}` : ''} OFFSET 0) e`;

/**
 * A tsquery of stream ids (`prefix`: ids that start so): each a quoted lexeme, its quotes and
 * backslashes doubled, as tsquery's input reads them.
 */
const streamQuery = (values: string[], prefix: boolean) =>
  values.map((value) => `'${value.replace(/['\\]/g, (c) => c + c)}'${prefix ? ':*' : ''}`).join(' | ');

/**
 * The batches that hold a filter's value, as rows `n` with first_position, last_position and
 * format (and, from event_batch_names, the ordinals of the entries that hold it). `one`: the
 * rows of one name, each batch once, which the primary key of event_batch_names gives in
 * position order.
 */
interface NamedSet {
  sql: string;
  one: boolean;
}

/**
 * The filters whose values event_batch_names holds (migration 032, written with each batch:
 * see the event store's batch-names.ts), each the kind of its rows.
 */
const NAMED_FILTERS: ReadonlySet<string> = new Set(NAME_KINDS);

/** The rows of event_batch_names for one of the values of the filter `kind`. */
function naming(kind: string, values: string[], bind: Bind): NamedSet {
  const one = values.length === 1;
  const names = one ? `n.name = ${bind(values[0])}` : `n.name = ANY(${bind(values)}::text[])`;
  return { sql: `SELECT n.* FROM event_batch_names n WHERE n.kind = '${kind}' AND ${names}`, one };
}

/**
 * The batches whose stream ids match the values, or start with them (`prefix`), from the stream
 * ids' tsvector index (migration 031), which finds a prefix too.
 */
function streaming(values: string[], bind: Bind, prefix: boolean): NamedSet {
  return {
    sql: `SELECT n.* FROM event_batches_with_streams(${bind(streamQuery(values, prefix))}::tsquery) n`,
    one: false,
  };
}

/**
 * The batches a filter's value is looked up in, by the names written with each batch: the texts
 * its own condition compares on the batch's events. The names hold only the texts of strings,
 * numbers and booleans; a `->>` filter's value that could be an object's or array's text is not
 * looked up in them: the page then parses the batches in order, as for `q`.
 */
function namedBatches(name: string, value: unknown, bind: Bind): NamedSet | undefined {
  const values = filterTexts(name, value);
  if (values.length === 0) return undefined;
  if (ARROW_TEXT.has(name) && values.some((text) => COULD_BE_JSON_TEXT.test(text))) return undefined;
  if (NAMED_FILTERS.has(name)) return naming(name, values, bind);
  if (name === 'stream_id') return streaming(values, bind, false);
  if (name === 'stream_prefix') return streaming(values, bind, true);
  return undefined;
}

/** What the batches holding a row of the page meet, apart by how those batches are found. */
interface BatchConditions {
  /** Sets of the batches that hold a filter's value (see namedBatches): a batch must be in each. */
  named: NamedSet[];
  /** Conditions on the set's rows `n` (first_position, last_position): the page's position range. */
  onSet: string[];
  /** Conditions on a batch row `b`: its types, and its position range when no set is taken. */
  onBatch: string[];
}

/**
 * What every batch holding a row of the page meets: it only skips batches, the page's own
 * conditions still decide each event. People, accounts, ids and streams are looked up in the
 * batches' names; `q` (a name) parses the batches in order until the page is full.
 */
function batchConditions(frame: PageFrame, bind: Bind): BatchConditions {
  const { filter } = frame;
  const named: NamedSet[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (!applies(value)) continue;
    const batches = namedBatches(name, value, bind);
    if (batches) named.push(batches);
  }
  const onBatch: string[] = [];
  if (applies(filter.type)) onBatch.push(`b.types && ${bind(filterTexts('type', filter.type))}::text[]`);
  if (named.length === 0)
    return {
      named,
      onSet: [],
      onBatch: [...onBatch, ...positionBounds(frame, bind, 'b.first_position', 'b.last_position')],
    };
  return { named, onSet: positionBounds(frame, bind, 'n.first_position', 'n.last_position'), onBatch };
}

/** Whether the page looks up one name alone: its batches then come from the names' primary key. */
const oneName = ({ named }: BatchConditions) => named.length === 1 && named[0]!.one;

/**
 * The batches of one format that may hold a row of the page, in the page's order. Without names
 * to look up, the primary key is walked and the unpacking above them stops once the page is
 * full. With one name, its rows of event_batch_names are read in position order from their
 * primary key, as far as the page reaches, each batch fetched by its primary key and carrying the
 * name's ordinals (`named_ordinals`), so only those entries are parsed: a party named in 208
 * batches of the 1M world reads the 14 or so its page reaches, and parses the entries naming it
 * instead of searching the text of 300 entries a batch. Otherwise the positions of the batches in
 * every set (NAMED_BATCHES, looked up once for both formats) are taken first, as a set (OFFSET 0
 * keeps it whole), and each batch is then fetched by its primary key as the page reaches it.
 * Left beside the page's ORDER BY and LIMIT, a set was tested batch by batch along the primary
 * key, in the hope of an early page: for a stream no batch holds, every batch (computing
 * array_to_tsvector for each), 200-330 ms on the 1M world against 4 ms from the index. Joined to
 * the batches as a set, it was matched by reading every batch row (a hash or merge join). The
 * one-name read stops early only on a plan made for the name (staff-event-routes.ts plans these
 * pages per call): a generic plan expects a row or two and sorts every event of them.
 */
function pageBatches(batches: BatchConditions, format: 1 | 2, order: PageFrame['order']): string {
  const { named, onSet, onBatch } = batches;
  const fetched = `CROSS JOIN LATERAL (SELECT * FROM event_batches b ${where(['b.first_position = named.first_position', ...onBatch])}) b`;
  if (named.length === 0)
    return `(SELECT * FROM event_batches b ${where([`b.format = ${format}`, ...onBatch])} ORDER BY b.first_position ${order})`;
  if (oneName(batches))
    return `(SELECT b.*, named.ordinals AS named_ordinals FROM (SELECT n.first_position, n.ordinals
        FROM (${named[0]!.sql}) n ${where([`n.format = ${format}`, ...onSet])}
        ORDER BY n.first_position ${order} OFFSET 0) named ${fetched})`;
  return `(SELECT b.* FROM (SELECT n.first_position FROM ${NAMED_BATCHES} n WHERE n.format = ${format}
        ORDER BY n.first_position ${order} OFFSET 0) named ${fetched})`;
}

/** The batches in every named filter's set (and the page's range), looked up once for both formats. */
const NAMED_BATCHES = 'named_batches';

/**
 * The page's named batches as a materialized CTE, each batch once; nothing when the page has no
 * named filter, or one name alone (pageBatches reads it in order).
 */
function namedBatchesCte(batches: BatchConditions): string {
  const { named, onSet } = batches;
  if (named.length === 0 || oneName(batches)) return '';
  const sets = named
    .map((set) => `SELECT n.first_position, n.last_position, n.format FROM (${set.sql}) n`)
    .join(' INTERSECT ');
  return `WITH ${NAMED_BATCHES} AS MATERIALIZED (SELECT DISTINCT n.* FROM (${sets}) n ${where(onSet)})`;
}

/**
 * The page's position bounds on the positions from `first` to `last`: a batch's range, or one
 * entry's position (first and last the same). The position filters were checked as whole
 * numbers by raList, which ran them first; the cursor's id is a position (a tampered one fails
 * as a data exception, a bad cursor).
 */
function positionBounds(frame: PageFrame, bind: Bind, first: string, last: string): string[] {
  const { filter, order, afterId } = frame;
  const bounds: string[] = [];
  if (applies(filter.position_from)) bounds.push(`${last} >= ${bind(Number(filter.position_from))}`);
  if (applies(filter.position_to)) bounds.push(`${first} <= ${bind(Number(filter.position_to))}`);
  if (afterId !== undefined)
    bounds.push(order === 'DESC' ? `${first} < ${bind(afterId)}` : `${last} > ${bind(afterId)}`);
  return bounds;
}

/** `entry.text` holds one needle of each group (event-log-needles.ts); undefined: none. */
function needleConditions(frame: PageFrame, bind: Bind): string | undefined {
  const groups = entryNeedles(frame.filter);
  if (groups.length === 0) return undefined;
  return groups
    .map((group) => `(${group.map((needle) => `strpos(entry.text, ${bind(needle)}) > 0`).join(' OR ')})`)
    .join(' AND ');
}

/** Filters on the position alone: a batch's entries on the page are consecutive ordinals. */
const POSITION_FILTERS = new Set(['position_from', 'position_to']);

/**
 * When the page's conditions are on the position alone (none, a position range, the cursor),
 * the entries of a batch it can hold: those in its range, at most a page of them from the
 * page's end of the batch. The newest page then parses its 26 entries, not the batch's 300.
 */
function positionWindow(frame: PageFrame, bind: Bind): string | undefined {
  const { filter, order } = frame;
  if (Object.entries(filter).some(([name, value]) => applies(value) && !POSITION_FILTERS.has(name)))
    return undefined;
  const position = 'b.first_position + ord - 1';
  return `${where(positionBounds(frame, bind, position, position))} ORDER BY ord ${order} LIMIT ${frame.rows}`;
}

const where = (conditions: readonly string[]) =>
  conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

/** The event log's page source for raList (`pageFrom`). */
export function eventLogPage(frame: PageFrame): string {
  const { order, conditions, bind } = frame;
  const { rows } = frame;
  const batches = batchConditions(frame, bind);
  const needles = needleConditions(frame, bind);
  const window = positionWindow(frame, bind);
  const named = oneName(batches);
  // The batches are chosen and ordered first, in a subquery of their own: however they are
  // found (walking the primary key, or an index of their names and a sort of the few rows), the
  // unpacking above them meets them in position order and stops once the page is full.
  const packed = (format: 1 | 2, unpack: (batches: string) => string) =>
    `(SELECT ${EVENT_LOG_COLUMNS} FROM (${unpack(pageBatches(batches, format, order))}) packed
      ${where(conditions)} ORDER BY batch_position ${order}, global_position ${order} LIMIT ${rows})`;
  return `(${namedBatchesCte(batches)} (SELECT ${EVENT_LOG_COLUMNS} FROM events ${where(conditions)} ORDER BY global_position ${order} LIMIT ${rows})
    UNION ALL ${packed(1, FORMAT_1)}
    UNION ALL ${packed(2, named || needles || window ? FORMAT_2_ENTRIES({ named, window, needles }) : FORMAT_2)}) event_log`;
}

/** The log's length: it is gapless, so its head position, without reading a batch. */
export const EVENT_LOG_COUNT = `SELECT GREATEST(
    (SELECT COALESCE(max(global_position), 0) FROM events),
    (SELECT COALESCE(max(last_position), 0) FROM event_batches)) AS total`;
