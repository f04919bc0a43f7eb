import type { TStoredEvent } from '@evalmarket/contracts';
import { textArrayLiteral } from '@evalmarket/db';
import { batchLinkHash, GENESIS_HASH } from '../hash-chain.js';
import { BatchNames, NAME_KINDS } from './batch-names.js';
import { HEAD_QUERY, isoTime } from './event-rows.js';

/** A format 2 batch as stored: one link of the chain over its events' text. */
export interface BatchLink {
  first: number;
  last: number;
  prev_hash: string;
  hash: string;
  recorded_at: string;
  body: string;
  /** How many entries the body holds. */
  count: number;
}

/** A batch's entry: [event_id, stream_id, stream_version, type, schema_version, data, metadata]. */
type BatchEntry = [string, string, number, string, number, unknown, TStoredEvent['metadata']];

/** A row of `event_batches` as read. */
export interface BatchRow {
  format: number;
  first_position: number;
  last_position: number;
  prev_hash: string | null;
  last_hash: string;
  recorded_at: Date | string | null;
  events: string;
}

/**
 * How an event read from the log is linked into the hash chain: a row or a format 1 batch entry
 * carries its own hash (`'row'`, `'format1'`); a format 2 batch entry shares its batch's link.
 */
export type ChainProof = 'row' | 'format1' | BatchLink;

/** Events read from the log, each with its proof (a missing proof is a row's). */
export interface LogEvents {
  events: TStoredEvent[];
  proofs: ChainProof[];
}

/** A run of consecutive packed events on its way to one format 2 batch. */
export class PackedRun {
  readonly events: TStoredEvent[] = [];
  readonly entries: string[] = [];
  readonly types = new Set<string>();
  /** The batch's names, indexed for the staff event log's filters (migrations 023 and 032). */
  readonly names = new BatchNames();
  /**
   * Where each entry starts in the body's UTF-8 bytes, and the body's length last (migration 027):
   * `[` is byte 0, and each entry is followed by one byte, a comma or `]`.
   */
  readonly entryOffsets: number[] = [1];
  body = '';
  hash = '';
  constructor(
    readonly first: number,
    readonly prevHash: string,
    readonly recordedAt: string,
  ) {}

  get last(): number {
    return this.first + this.events.length - 1;
  }

  /** The body's length in UTF-8 bytes, so far. */
  get bodyBytes(): number {
    return this.entryOffsets.at(-1)!;
  }

  push(event: TStoredEvent, dataJson: string, metadataJson: string): void {
    // Ids, stream ids and types were checked against patterns that need no JSON escaping.
    const entry = `["${event.event_id}","${event.stream_id}",${event.stream_version},"${event.type}",${event.schema_version},${dataJson},${metadataJson}]`;
    this.entries.push(entry);
    this.entryOffsets.push(this.entryOffsets.at(-1)! + Buffer.byteLength(entry) + 1);
    this.events.push(event);
    this.types.add(event.type);
    this.names.add(event);
  }

  /** Seals the run: its text, its link hash, and that link on each of its events. */
  close(): string {
    this.body = `[${this.entries.join(',')}]`;
    this.hash = batchLinkHash(this.prevHash, this.first, this.last, this.recordedAt, this.body);
    for (const event of this.events) {
      event.prev_hash = this.prevHash;
      event.hash = this.hash;
    }
    return this.hash;
  }
}

/** A '...' literal of any string, its quotes doubled. */
const textLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A text[] of any strings as one '...' literal of the array's text (textArrayLiteral: each
 * element double-quoted, its quotes and backslashes escaped). The server reads it as one
 * constant, where an ARRAY[...] of constants or a VALUES list is parsed and typed element by
 * element: for a batch naming 2,000 people, a VALUES list of its name rows took 23-25 ms to
 * insert against 7.6-8.3 ms from arrays.
 */
const textArray = (values: Iterable<string>) => `${textLiteral(textArrayLiteral([...values]))}::text[]`;

/**
 * The batch's rows of event_batch_names as a FROM item `n` (kind, name, ordinals); undefined
 * when it names nothing.
 */
function nameRows(names: BatchNames): string | undefined {
  const kinds: string[] = [];
  const texts: string[] = [];
  const ordinals: string[] = [];
  for (const kind of NAME_KINDS)
    for (const [name, entries] of names.entries[kind]) {
      kinds.push(kind);
      texts.push(name);
      ordinals.push(`{${entries.join(',')}}`);
    }
  if (kinds.length === 0) return undefined;
  return `unnest(${textArray(kinds)}, ${textArray(texts)}, ${textArray(ordinals)}) n(kind, name, ordinals)`;
}

/**
 * One batch's INSERT as SQL text, with its names' rows (migration 032) in the same statement;
 * with `onlyAfterPredecessor`, it writes only when the log's head is the batch's predecessor (a
 * script planned outside the lock), and then neither. Every value but the body is a '...'
 * literal (types, hex hashes, ISO time; the names and the entry offsets as array literals, read
 * as one constant each, see textArray); the body, a JSON array (so it ends with `]`), is
 * dollar-quoted with a tag it does not contain. Sent as text rather than as parameters, so the
 * driver copies the body once and never escapes it; the names ride in the same statement, so
 * they cost no round trip. It returns the batch's first position when it wrote the batch.
 */
export function insertBatchSql(batch: PackedRun, onlyAfterPredecessor: boolean): string {
  let tag = '$evb$';
  for (let n = 0; batch.body.includes(tag); n += 1) tag = `$evb${n}$`;
  const condition = onlyAfterPredecessor
    ? `WHERE coalesce((SELECT global_position || ':' || hash FROM (${HEAD_QUERY}) head), '0:${GENESIS_HASH}')
      = '${batch.first - 1}:${batch.prevHash}'`
    : '';
  const names = nameRows(batch.names);
  const insertNames = names
    ? `, named AS (INSERT INTO event_batch_names (kind, name, first_position, last_position, format, ordinals)
      SELECT n.kind, n.name, ${batch.first}, ${batch.last}, 2, n.ordinals::integer[] FROM written, ${names})`
    : '';
  return `WITH written AS (INSERT INTO event_batches (format, first_position, last_position, event_count, types,
      stream_ids, entry_offsets, prev_hash, last_hash, recorded_at, events)
    SELECT 2, ${batch.first}, ${batch.last}, ${batch.events.length}, ${textArray(batch.types)},
      ${textArray(batch.names.streamIds)}, '{${batch.entryOffsets.join(',')}}'::integer[], '${batch.prevHash}',
      '${batch.hash}', '${batch.recordedAt}', ${tag}${batch.body}${tag}
    ${condition}
    RETURNING first_position)${insertNames}
    SELECT first_position FROM written;`;
}

/** The events of a batch (either format) in (after, upper] and of the wanted types, onto `found`. */
export function unpackBatch(
  batch: BatchRow,
  after: number,
  upper: number,
  wanted: Set<string> | undefined,
  found: LogEvents,
): void {
  if (Number(batch.format) === 1) {
    // Format 1 (before migration 010): one JSON object per event, each with its own hash.
    for (const event of JSON.parse(batch.events) as TStoredEvent[]) {
      if (event.global_position <= after || event.global_position > upper) continue;
      if (wanted && !wanted.has(event.type)) continue;
      found.events.push(event);
      found.proofs.push('format1');
    }
    return;
  }
  const first = Number(batch.first_position);
  const entries = JSON.parse(batch.events) as BatchEntry[];
  const link: BatchLink = {
    first,
    last: Number(batch.last_position),
    prev_hash: batch.prev_hash ?? '',
    hash: batch.last_hash,
    recorded_at: isoTime(batch.recorded_at ?? ''),
    body: batch.events,
    count: entries.length,
  };
  for (let index = Math.max(0, after + 1 - first); index < entries.length; index += 1) {
    const position = first + index;
    if (position > upper) break;
    const [event_id, stream_id, stream_version, type, schema_version, data, metadata] = entries[index]!;
    if (wanted && !wanted.has(type)) continue;
    found.events.push({
      event_id,
      global_position: position,
      stream_id,
      stream_version,
      type,
      schema_version,
      data,
      metadata,
      recorded_at: link.recorded_at,
      prev_hash: link.prev_hash,
      hash: link.hash,
    });
    found.proofs.push(link);
  }
}
