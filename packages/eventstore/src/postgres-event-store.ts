import { randomUUID } from 'node:crypto';
import { isStreamId, ZEventMetadata, type TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import { eventHash, GENESIS_HASH, packedEventHash } from './hash-chain.js';
import {
  EventStoreError,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENTS_PER_COMMIT,
  MAX_READ_BATCH,
  type CommitOutcome,
  type CommitUnit,
  type EventStore,
  type ExpectedVersion,
  type HashChainReport,
  type ReadAllOptions,
  type StreamAppend,
} from './port.js';
import { createPollingSubscription } from './subscription.js';

// Every append takes this transaction-scoped lock first. Writers are therefore serialised:
// positions are handed out gaplessly and each append commits, and becomes visible, before the
// next one reads the head. A reader that follows positions can never skip an event committed
// out of order, and the hash chain has one well-defined predecessor for every event.
const APPEND_LOCK_KEY = 7_331_002;

/** The last event of the log, a row or the end of a packed batch, with its hash. */
const HEAD_QUERY = `SELECT global_position, hash FROM (
    (SELECT global_position, hash FROM events ORDER BY global_position DESC LIMIT 1)
    UNION ALL
    (SELECT last_position, last_hash FROM event_batches ORDER BY last_position DESC LIMIT 1)
  ) head ORDER BY global_position DESC LIMIT 1`;

/** Packed batches fetched per query while reading. */
const PACKED_READ_CHUNK = 4;

const EVENT_COLUMNS = `global_position, event_id::text AS event_id, stream_id, stream_version, type, schema_version,
  data, metadata, recorded_at, prev_hash, hash`;

interface EventRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
  prev_hash: string;
  hash: string;
}

function toStoredEvent(row: EventRow): TStoredEvent {
  return {
    event_id: row.event_id,
    global_position: Number(row.global_position),
    stream_id: row.stream_id,
    stream_version: Number(row.stream_version),
    type: row.type,
    schema_version: Number(row.schema_version),
    data: row.data,
    metadata: (row.metadata ?? {}) as TStoredEvent['metadata'],
    recorded_at:
      row.recorded_at instanceof Date
        ? row.recorded_at.toISOString()
        : new Date(row.recorded_at).toISOString(),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

const EVENT_TYPE = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Events read from the packed journal, whose hashes cover their JSON as written. */
const packedEvents = new WeakSet<TStoredEvent>();

const checkedMetadata = new WeakSet<object>();

/** Each valid event's data as JSON, made once while checking it and reused to write it. */
const dataJsonOf = new WeakMap<object, string>();

/** Checks one unit without touching the database; returns the error or undefined. */
function validateUnit(unit: CommitUnit): EventStoreError | undefined {
  if (!Array.isArray(unit.appends) || unit.appends.length === 0) {
    return new EventStoreError('invalid_event', 'A commit needs at least one stream append');
  }
  let count = 0;
  for (const append of unit.appends) {
    if (!isStreamId(append.stream_id)) {
      return new EventStoreError(
        'invalid_stream_id',
        `Malformed stream id: ${JSON.stringify(append.stream_id)}`,
        {
          stream_id: append.stream_id,
        },
      );
    }
    if (!isExpectedVersion(append.expected_version)) {
      return new EventStoreError('invalid_event', `Malformed expected version for ${append.stream_id}`);
    }
    if (!Array.isArray(append.events) || append.events.length === 0) {
      return new EventStoreError('invalid_event', `No events for ${append.stream_id}`);
    }
    count += append.events.length;
    for (const event of append.events) {
      if (typeof event.type !== 'string' || !EVENT_TYPE.test(event.type)) {
        return new EventStoreError('invalid_event', `Malformed event type: ${JSON.stringify(event.type)}`);
      }
      if (event.event_id !== undefined && !UUID.test(event.event_id)) {
        return new EventStoreError('invalid_event', 'event_id must be a UUID');
      }
      if (
        event.schema_version !== undefined &&
        !(Number.isInteger(event.schema_version) && event.schema_version > 0)
      ) {
        return new EventStoreError('invalid_event', 'schema_version must be a positive integer');
      }
      if (event.metadata !== undefined && !checkedMetadata.has(event.metadata)) {
        if (!ZEventMetadata.safeParse(event.metadata).success) {
          return new EventStoreError('invalid_event', 'Malformed event metadata');
        }
        // A command's events share one metadata object: check it once.
        checkedMetadata.add(event.metadata);
      }
      const json = JSON.stringify(event.data);
      if (json !== undefined) dataJsonOf.set(event, json);
      if (json === undefined || typeof event.data !== 'object' || event.data === null) {
        return new EventStoreError('invalid_event', 'Event data must be a JSON object');
      }
      if (json.length > MAX_EVENT_DATA_BYTES) {
        return new EventStoreError(
          'event_too_large',
          `Event data is larger than ${MAX_EVENT_DATA_BYTES} bytes`,
        );
      }
      // PostgreSQL text and jsonb cannot hold NUL characters.
      if (json.includes('\\u0000')) {
        return new EventStoreError('invalid_event', 'Event data must not contain NUL characters');
      }
    }
  }
  if (count > MAX_EVENTS_PER_COMMIT) {
    return new EventStoreError('too_many_events', `At most ${MAX_EVENTS_PER_COMMIT} events per commit`);
  }
  if (unit.idempotency && (typeof unit.idempotency.key !== 'string' || unit.idempotency.key.length === 0)) {
    return new EventStoreError('invalid_event', 'An idempotency key must be a non-empty string');
  }
  if (unit.packed) {
    if (unit.idempotency)
      return new EventStoreError('invalid_event', 'A packed unit takes no idempotency key');
    const open = unit.appends.find(
      (a) => typeof a.expected_version !== 'number' && a.expected_version !== 'no_stream',
    );
    if (open) {
      return new EventStoreError(
        'invalid_event',
        `A packed append needs an exact expected version (${open.stream_id})`,
      );
    }
  }
  return undefined;
}

function isExpectedVersion(value: unknown): value is ExpectedVersion {
  return (
    value === 'any' ||
    value === 'no_stream' ||
    value === 'stream_exists' ||
    (typeof value === 'number' && Number.isInteger(value) && value >= 0)
  );
}

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  if (expected === 'stream_exists') return current > 0;
  return expected === current;
}

interface PendingRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: string;
  prev_hash: string;
  hash: string;
  data_json: string;
  metadata_json: string;
}

export interface PostgresEventStoreOptions {
  /** How often an idle subscription looks for events written by other processes. */
  pollIntervalMs?: number;
  /** Clock for recorded_at (tests). */
  now?: () => Date;
}

export function createPostgresEventStore(
  sql: SqlClient,
  options: PostgresEventStoreOptions = {},
): EventStore {
  const wakeups = new Set<() => void>();
  const now = options.now ?? (() => new Date());

  async function readPositions(executor: SqlExecutor, first: number, count: number): Promise<TStoredEvent[]> {
    const result = await executor.query<EventRow & Record<string, unknown>>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position >= $1 AND global_position < $2 ORDER BY global_position`,
      [first, first + count],
    );
    return result.rows.map(toStoredEvent);
  }

  async function commitValid(units: CommitUnit[], outcomes: (CommitOutcome | undefined)[]): Promise<void> {
    await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const head = await tx.query<{ global_position: number; hash: string }>(HEAD_QUERY);
      let position = head.rows[0] ? Number(head.rows[0].global_position) : 0;
      let prevHash = head.rows[0]?.hash ?? GENESIS_HASH;

      const streamIds = new Set<string>();
      const keys: string[] = [];
      units.forEach((unit, index) => {
        if (outcomes[index]) return;
        // Packed streams belong to their single writer, whose expected versions are the truth.
        if (!unit.packed) for (const append of unit.appends) streamIds.add(append.stream_id);
        if (unit.idempotency) keys.push(unit.idempotency.key);
      });

      const versions = new Map<string, number>();
      if (streamIds.size > 0) {
        const current = await tx.query<{ stream_id: string; version: number }>(
          `SELECT stream_id, max(stream_version) AS version FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
          [[...streamIds]],
        );
        for (const row of current.rows) versions.set(row.stream_id, Number(row.version));
      }
      const knownKeys = new Map<
        string,
        { payload_hash: string; first_position: number; event_count: number }
      >();
      if (keys.length > 0) {
        const existing = await tx.query<{
          key: string;
          payload_hash: string;
          first_position: number;
          event_count: number;
        }>(
          'SELECT key, payload_hash, first_position, event_count FROM idempotency_keys WHERE key = ANY($1::text[])',
          [keys],
        );
        for (const row of existing.rows) knownKeys.set(row.key, row);
      }

      const rows: PendingRow[] = [];
      const packedRows: PendingRow[] = [];
      const keyRows: { key: string; payload_hash: string; first_position: number; event_count: number }[] =
        [];
      const recordedAt = now().toISOString();
      const dedupReads: { index: number; first: number; count: number }[] = [];

      units.forEach((unit, index) => {
        if (outcomes[index]) return;
        if (unit.idempotency) {
          const known = knownKeys.get(unit.idempotency.key);
          if (known) {
            if (known.payload_hash === unit.idempotency.payload_hash) {
              dedupReads.push({
                index,
                first: Number(known.first_position),
                count: Number(known.event_count),
              });
            } else {
              outcomes[index] = {
                ok: false,
                error: new EventStoreError(
                  'idempotency_key_reused_with_different_payload',
                  'This idempotency key was already used with a different payload',
                  { key: unit.idempotency.key },
                ),
              };
            }
            return;
          }
        }
        // Check every stream of the unit before writing any, so a unit lands whole or not at all.
        const unitVersions = new Map<string, number>();
        const logVersion = (append: StreamAppend): number =>
          versions.get(append.stream_id) ??
          (unit.packed && typeof append.expected_version === 'number' ? append.expected_version : 0);
        for (const append of unit.appends) {
          const current = unitVersions.get(append.stream_id) ?? logVersion(append);
          if (!versionMatches(append.expected_version, current)) {
            outcomes[index] = {
              ok: false,
              error: new EventStoreError(
                'wrong_expected_version',
                `Stream ${append.stream_id} is at version ${current}, expected ${String(append.expected_version)}`,
                {
                  stream_id: append.stream_id,
                  current_version: current,
                  expected_version: append.expected_version,
                },
              ),
            };
            return;
          }
          unitVersions.set(append.stream_id, current + append.events.length);
        }
        const unitRows: PendingRow[] = [];
        const streamCursor = new Map<string, number>();
        for (const append of unit.appends) {
          let version = streamCursor.get(append.stream_id) ?? logVersion(append);
          for (const event of append.events) {
            version += 1;
            position += 1;
            const row: PendingRow = {
              global_position: position,
              event_id: event.event_id ?? randomUUID(),
              stream_id: append.stream_id,
              stream_version: version,
              type: event.type,
              schema_version: event.schema_version ?? 1,
              data: event.data,
              metadata: { ...(event.metadata ?? {}) },
              recorded_at: recordedAt,
              prev_hash: prevHash,
              hash: '',
              data_json: dataJsonOf.get(event) ?? JSON.stringify(event.data),
              metadata_json: '',
            };
            if (unit.idempotency) row.metadata.idempotency_key ??= unit.idempotency.key;
            row.metadata_json = JSON.stringify(row.metadata);
            row.hash = unit.packed
              ? packedEventHash(prevHash, row, row.data_json, row.metadata_json)
              : eventHash(prevHash, row);
            prevHash = row.hash;
            unitRows.push(row);
          }
          streamCursor.set(append.stream_id, version);
        }
        for (const [streamId, version] of streamCursor) versions.set(streamId, version);
        if (unit.idempotency) {
          keyRows.push({
            key: unit.idempotency.key,
            payload_hash: unit.idempotency.payload_hash,
            first_position: unitRows[0]!.global_position,
            event_count: unitRows.length,
          });
          knownKeys.set(unit.idempotency.key, keyRows[keyRows.length - 1]!);
        }
        (unit.packed ? packedRows : rows).push(...unitRows);
        outcomes[index] = { ok: true, deduplicated: false, events: unitRows.map(toStoredEventFromPending) };
      });

      if (rows.length > 0) await insertEvents(tx, rows);
      if (packedRows.length > 0) await insertBatch(tx, packedRows);
      if (keyRows.length > 0) {
        await tx.query(
          `INSERT INTO idempotency_keys (key, payload_hash, first_position, event_count)
           SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[])`,
          [
            keyRows.map((k) => k.key),
            keyRows.map((k) => k.payload_hash),
            keyRows.map((k) => k.first_position),
            keyRows.map((k) => k.event_count),
          ],
        );
      }
      for (const read of dedupReads) {
        outcomes[read.index] = {
          ok: true,
          deduplicated: true,
          events: await readPositions(tx, read.first, read.count),
        };
      }
    });
  }

  /** Packed events in (after, upper], in position order, until `limit` of the wanted types. */
  async function readPacked(
    after: number,
    upper: number,
    limit: number,
    types: readonly string[] | undefined,
  ): Promise<TStoredEvent[]> {
    const wanted = types ? new Set(types) : undefined;
    const found: TStoredEvent[] = [];
    let cursor = after;
    for (;;) {
      const { rows } = await sql.query<{ last_position: number; events: string }>(
        `SELECT last_position, events FROM event_batches WHERE last_position > $1 AND first_position <= $2
         ${types ? 'AND types && $4::text[]' : ''} ORDER BY last_position LIMIT $3`,
        types ? [cursor, upper, PACKED_READ_CHUNK, [...types]] : [cursor, upper, PACKED_READ_CHUNK],
      );
      for (const batch of rows) {
        for (const event of JSON.parse(batch.events) as TStoredEvent[]) {
          if (event.global_position <= after || event.global_position > upper) continue;
          if (wanted && !wanted.has(event.type)) continue;
          packedEvents.add(event);
          found.push(event);
        }
        cursor = Number(batch.last_position);
      }
      if (rows.length < PACKED_READ_CHUNK || found.length >= limit) return found;
    }
  }

  const store: EventStore = {
    async append(stream_id, events, expected_version, appendOptions) {
      const [outcome] = await store.commit([
        { appends: [{ stream_id, expected_version, events }], idempotency: appendOptions?.idempotency },
      ]);
      if (!outcome) throw new Error('commit returned no outcome');
      if (!outcome.ok) throw outcome.error;
      return { deduplicated: outcome.deduplicated, events: outcome.events };
    },

    async commit(units) {
      const outcomes: (CommitOutcome | undefined)[] = units.map((unit) => {
        const error = validateUnit(unit);
        return error ? { ok: false, error } : undefined;
      });
      if (outcomes.some((outcome) => outcome === undefined)) {
        await commitValid(units, outcomes);
        store.notify();
      }
      return outcomes.map(
        (outcome) => outcome ?? { ok: false, error: new EventStoreError('invalid_event', 'not committed') },
      );
    },

    async readStream(stream_id, readOptions = {}) {
      if (!isStreamId(stream_id)) {
        throw new EventStoreError('invalid_stream_id', `Malformed stream id: ${JSON.stringify(stream_id)}`);
      }
      const limit = Math.min(readOptions.limit ?? MAX_READ_BATCH, MAX_READ_BATCH);
      const result = await sql.query<EventRow & Record<string, unknown>>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
        [stream_id, readOptions.fromVersion ?? 1, limit],
      );
      return result.rows.map(toStoredEvent);
    },

    async readAll(readOptions: ReadAllOptions) {
      const limit = Math.max(1, Math.min(readOptions.limit, MAX_READ_BATCH));
      const { after, types } = readOptions;
      // Everything up to the head read first is committed (appends are serialised), so reading
      // rows and packed events up to it gives both halves of the log complete, whatever commits
      // in between.
      const headRows = await sql.query<{ global_position: number }>(HEAD_QUERY);
      const head = Number(headRows.rows[0]?.global_position ?? 0);
      if (head <= after) return [];
      const rows = (
        types
          ? await sql.query<EventRow & Record<string, unknown>>(
              `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND global_position <= $4
               AND type = ANY($3::text[]) ORDER BY global_position LIMIT $2`,
              [after, limit, [...types], head],
            )
          : await sql.query<EventRow & Record<string, unknown>>(
              `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND global_position <= $3
               ORDER BY global_position LIMIT $2`,
              [after, limit, head],
            )
      ).rows.map(toStoredEvent);
      // With a full page of rows, packed events past its last one cannot make the cut.
      const upper = rows.length === limit ? rows[limit - 1]!.global_position : head;
      const packed = await readPacked(after, upper, limit, types);
      if (packed.length === 0) return rows;
      return mergeByPosition(rows, packed, limit);
    },

    async headPosition() {
      const result = await sql.query<{ global_position: number }>(HEAD_QUERY);
      return Number(result.rows[0]?.global_position ?? 0);
    },

    subscribe(subscribeOptions) {
      return createPollingSubscription({
        store,
        options: subscribeOptions,
        pollIntervalMs: options.pollIntervalMs ?? 100,
        wakeups,
      });
    },

    async verifyHashChain(verifyOptions = {}): Promise<HashChainReport> {
      const batchSize = Math.min(verifyOptions.batchSize ?? 5000, MAX_READ_BATCH);
      let after = 0;
      let prevHash = GENESIS_HASH;
      let checked = 0;
      for (;;) {
        const events = await store.readAll({ after, limit: batchSize });
        if (events.length === 0) return { ok: true, checked };
        for (const event of events) {
          if (event.global_position !== after + 1) {
            return { ok: false, checked, broken_at: after + 1, reason: `position ${after + 1} is missing` };
          }
          if (event.prev_hash !== prevHash) {
            return {
              ok: false,
              checked,
              broken_at: event.global_position,
              reason: 'link to the previous event does not match',
            };
          }
          const expected = packedEvents.has(event)
            ? packedEventHash(prevHash, event, JSON.stringify(event.data), JSON.stringify(event.metadata))
            : eventHash(prevHash, event);
          if (expected !== event.hash) {
            return {
              ok: false,
              checked,
              broken_at: event.global_position,
              reason: 'event content does not match its hash',
            };
          }
          prevHash = event.hash;
          after = event.global_position;
          checked += 1;
        }
      }
    },

    notify() {
      for (const wake of wakeups) wake();
    },
  };
  return store;
}

function toStoredEventFromPending(row: PendingRow): TStoredEvent {
  return {
    event_id: row.event_id,
    global_position: row.global_position,
    stream_id: row.stream_id,
    stream_version: row.stream_version,
    type: row.type,
    schema_version: row.schema_version,
    data: row.data,
    metadata: row.metadata as TStoredEvent['metadata'],
    recorded_at: row.recorded_at,
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

/** A packed event as the journal stores it: a TStoredEvent in JSON, built from checked parts. */
function packedEventJson(row: PendingRow): string {
  return `{"global_position":${row.global_position},"event_id":"${row.event_id}","stream_id":${JSON.stringify(
    row.stream_id,
  )},"stream_version":${row.stream_version},"type":"${row.type}","schema_version":${row.schema_version},"data":${
    row.data_json
  },"metadata":${row.metadata_json},"recorded_at":"${row.recorded_at}","prev_hash":"${row.prev_hash}","hash":"${row.hash}"}`;
}

async function insertEvents(tx: SqlExecutor, rows: PendingRow[]): Promise<void> {
  // One statement per commit: arrays of columns unnested into rows.
  await tx.query(
    `INSERT INTO events (global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata,
                         recorded_at, prev_hash, hash)
     SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb[],
                          $8::jsonb[], $9::timestamptz[], $10::text[], $11::text[])`,
    [
      rows.map((r) => r.global_position),
      rows.map((r) => r.event_id),
      rows.map((r) => r.stream_id),
      rows.map((r) => r.stream_version),
      rows.map((r) => r.type),
      rows.map((r) => r.schema_version),
      rows.map((r) => r.data_json),
      rows.map((r) => r.metadata_json),
      rows.map((r) => r.recorded_at),
      rows.map((r) => r.prev_hash),
      rows.map((r) => r.hash),
    ],
  );
}

async function insertBatch(tx: SqlExecutor, rows: PendingRow[]): Promise<void> {
  const last = rows[rows.length - 1]!;
  await tx.query(
    `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
     VALUES ($1, $2, $3, $4::text[], $5, $6)`,
    [
      rows[0]!.global_position,
      last.global_position,
      rows.length,
      [...new Set(rows.map((row) => row.type))],
      last.hash,
      `[${rows.map(packedEventJson).join(',')}]`,
    ],
  );
}

/** Two position-ordered lists as one, cut at `limit`. */
function mergeByPosition(a: TStoredEvent[], b: TStoredEvent[], limit: number): TStoredEvent[] {
  const merged: TStoredEvent[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i]!.global_position < b[j]!.global_position))
      merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}

export type { StreamAppend };
