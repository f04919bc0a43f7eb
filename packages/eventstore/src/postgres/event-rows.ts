import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { GENESIS_HASH, type HashedFields } from '../hash-chain.js';
import type { LogHead } from '../packed-journal.js';

// Every append takes this transaction-scoped lock first. Writers are therefore serialised:
// positions are handed out gaplessly and each append commits, and becomes visible, before the
// next one reads the head. A reader that follows positions can never skip an event committed
// out of order, and the hash chain has one well-defined predecessor for every event.
export const APPEND_LOCK_KEY = 7_331_002;

/** The last event of the log, a row or the end of a packed batch, with its hash. */
export const HEAD_QUERY = `SELECT global_position, hash FROM (
    (SELECT global_position, hash FROM events ORDER BY global_position DESC LIMIT 1)
    UNION ALL
    (SELECT last_position, last_hash FROM event_batches ORDER BY last_position DESC LIMIT 1)
  ) head ORDER BY global_position DESC LIMIT 1`;

/** The log's head as `executor` sees it now. */
export async function readHead(executor: SqlExecutor): Promise<LogHead> {
  const row = (await executor.query<{ global_position: number; hash: string }>(HEAD_QUERY)).rows[0];
  return row
    ? { position: Number(row.global_position), hash: row.hash }
    : { position: 0, hash: GENESIS_HASH };
}

export const EVENT_COLUMNS = `global_position, event_id::text AS event_id, stream_id, stream_version, type, schema_version,
  data, metadata, recorded_at, prev_hash, hash`;

/** A row of `events` as read: the hashed fields, with the time as the driver gives it. */
export interface EventRow extends Omit<HashedFields, 'recorded_at'> {
  recorded_at: Date | string;
  prev_hash: string;
  hash: string;
}

export function toStoredEvent(row: EventRow): TStoredEvent {
  return {
    event_id: row.event_id,
    global_position: Number(row.global_position),
    stream_id: row.stream_id,
    stream_version: Number(row.stream_version),
    type: row.type,
    schema_version: Number(row.schema_version),
    data: row.data,
    metadata: (row.metadata ?? {}) as TStoredEvent['metadata'],
    recorded_at: isoTime(row.recorded_at),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Events to write as rows, with the JSON text of their data and metadata (made once, used to write and hash). */
export class EventsToWrite {
  readonly events: TStoredEvent[] = [];
  readonly dataJson: string[] = [];
  readonly metadataJson: string[] = [];
  push(event: TStoredEvent, dataJson: string, metadataJson: string): void {
    this.events.push(event);
    this.dataJson.push(dataJson);
    this.metadataJson.push(metadataJson);
  }
}

export async function insertEvents(tx: SqlExecutor, rows: EventsToWrite): Promise<void> {
  const { events } = rows;
  // One statement per commit: arrays of columns unnested into rows.
  await tx.query(
    `INSERT INTO events (global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata,
                         recorded_at, prev_hash, hash)
     SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb[],
                          $8::jsonb[], $9::timestamptz[], $10::text[], $11::text[])`,
    [
      events.map((e) => e.global_position),
      events.map((e) => e.event_id),
      events.map((e) => e.stream_id),
      events.map((e) => e.stream_version),
      events.map((e) => e.type),
      events.map((e) => e.schema_version),
      rows.dataJson,
      rows.metadataJson,
      events.map((e) => e.recorded_at),
      events.map((e) => e.prev_hash),
      events.map((e) => e.hash),
    ],
  );
}

/** The rows at positions [first, first + count), in order (a deduplicated commit's first result). */
export async function readPositions(
  executor: SqlExecutor,
  first: number,
  count: number,
): Promise<TStoredEvent[]> {
  const result = await executor.query<EventRow & Record<string, unknown>>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position >= $1 AND global_position < $2 ORDER BY global_position`,
    [first, first + count],
  );
  return result.rows.map(toStoredEvent);
}
