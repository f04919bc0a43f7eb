import { randomUUID } from 'node:crypto';
import { findUnstorableText, isStreamId, ZEventMetadata, type TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import { batchLinkHash, eventHash, GENESIS_HASH, packedEventHash } from './hash-chain.js';
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
  type LogHead,
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

/** The log's head as `executor` sees it now. */
async function readHead(executor: SqlExecutor): Promise<LogHead> {
  const row = (await executor.query<{ global_position: number; hash: string }>(HEAD_QUERY)).rows[0];
  return row
    ? { position: Number(row.global_position), hash: row.hash }
    : { position: 0, hash: GENESIS_HASH };
}

/** Most packed batches fetched per query while reading (the first query fetches one). */
const PACKED_READ_CHUNK = 8;

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
    recorded_at: isoTime(row.recorded_at),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

const EVENT_TYPE = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Events read from a format 1 batch, whose own hashes cover their JSON as written. */
const packedEvents = new WeakSet<TStoredEvent>();

/** A format 2 batch as stored: one link of the chain over its events' text. */
interface BatchLink {
  first: number;
  last: number;
  prev_hash: string;
  hash: string;
  recorded_at: string;
  body: string;
  /** How many entries the body holds. */
  count: number;
}

/** The batch each event read from a format 2 batch came from, to verify its link. */
const batchLinks = new WeakMap<TStoredEvent, BatchLink>();

/** A batch's entry: [event_id, stream_id, stream_version, type, schema_version, data, metadata]. */
type BatchEntry = [string, string, number, string, number, unknown, TStoredEvent['metadata']];

/** A run of consecutive packed events on its way to one format 2 batch. */
class PackedRun {
  readonly events: TStoredEvent[] = [];
  readonly entries: string[] = [];
  readonly types = new Set<string>();
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

  push(event: TStoredEvent, dataJson: string, metadataJson: string): void {
    // Ids, stream ids and types were checked against patterns that need no JSON escaping.
    this.entries.push(
      `["${event.event_id}","${event.stream_id}",${event.stream_version},"${event.type}",${event.schema_version},${dataJson},${metadataJson}]`,
    );
    this.events.push(event);
    this.types.add(event.type);
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

const checkedMetadata = new WeakSet<object>();

/** Each valid event's data as JSON, made once while checking it and reused to write it. */
const dataJsonOf = new WeakMap<object, string>();

/**
 * Checks one unit without touching the database; returns the error or undefined. Exported so a
 * writer that adds a caller's appends to its own units can refuse a bad one before it shares a
 * commit with others.
 */
// JSON.stringify writes NUL and lone surrogates as escapes (\u0000, \ud800); any other text
// PostgreSQL can hold. A match is only a hint (it may be an escaped backslash before "u0000"),
// so the few matching payloads are parsed and walked to be sure and to name the field.
const SUSPICIOUS_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * The refusal of event data (its JSON text) or metadata holding text that PostgreSQL text or jsonb
 * cannot store (NUL, lone surrogates), naming the first such field; undefined when it can be stored.
 */
function unstorableTextError(value: unknown, part: 'data' | 'metadata'): EventStoreError | undefined {
  if (value === undefined) return undefined;
  const json = typeof value === 'string' ? value : JSON.stringify(value);
  if (!SUSPICIOUS_ESCAPE.test(json)) return undefined;
  const [finding] = findUnstorableText(JSON.parse(json) as unknown, 1);
  if (!finding) return undefined;
  return new EventStoreError(
    'unstorable_text',
    `Event ${part} holds text PostgreSQL cannot store (${finding.reason}) at ${[part, ...finding.path].join('.')}`,
    { part, path: finding.path, reason: finding.reason },
  );
}

export function validateUnit(unit: CommitUnit): EventStoreError | undefined {
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
      if (event.data_json !== undefined && typeof event.data_json !== 'string') {
        return new EventStoreError('invalid_event', 'data_json must be the JSON text of the data');
      }
      const json = event.data_json ?? JSON.stringify(event.data);
      if (json !== undefined && event.data_json === undefined) dataJsonOf.set(event, json);
      if (json === undefined || typeof event.data !== 'object' || event.data === null) {
        return new EventStoreError('invalid_event', 'Event data must be a JSON object');
      }
      if (json.length > MAX_EVENT_DATA_BYTES) {
        return new EventStoreError(
          'event_too_large',
          `Event data is larger than ${MAX_EVENT_DATA_BYTES} bytes`,
        );
      }
      const unstorable = unstorableTextError(json, 'data') ?? unstorableTextError(event.metadata, 'metadata');
      if (unstorable) return unstorable;
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

/** A stream's version as the log has it; a packed stream's writer is trusted for its own. */
function logVersion(versions: Map<string, number>, unit: CommitUnit, append: StreamAppend): number {
  return (
    versions.get(append.stream_id) ??
    (unit.packed && typeof append.expected_version === 'number' ? append.expected_version : 0)
  );
}

/** Commands share one metadata object among their events: its JSON is made once. */
const metadataJsonCache = new WeakMap<object, string>();

function metadataJsonOf(metadata: object | undefined): string {
  if (metadata === undefined) return '{}';
  let json = metadataJsonCache.get(metadata);
  if (json === undefined) {
    json = JSON.stringify(metadata);
    metadataJsonCache.set(metadata, json);
  }
  return json;
}

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  if (expected === 'stream_exists') return current > 0;
  return expected === current;
}

/** Events to write, with the JSON text of their data and metadata (made once, used to write and hash). */
class EventsToWrite {
  readonly events: TStoredEvent[] = [];
  readonly dataJson: string[] = [];
  readonly metadataJson: string[] = [];
  push(event: TStoredEvent, dataJson: string, metadataJson: string): void {
    this.events.push(event);
    this.dataJson.push(dataJson);
    this.metadataJson.push(metadataJson);
  }
}

interface KeyRow {
  key: string;
  payload_hash: string;
  first_position: number;
  event_count: number;
}

/** A commit worked out in memory: what to write, on top of which head, with what outcomes. */
interface CommitPlan {
  head: LogHead;
  next: LogHead;
  outcomes: (CommitOutcome | undefined)[];
  rows: EventsToWrite;
  batches: PackedRun[];
  keyRows: KeyRow[];
  dedupReads: { index: number; first: number; count: number }[];
}

export interface PostgresEventStoreOptions {
  /** How often an idle subscription looks for events written by other processes. */
  pollIntervalMs?: number;
  /** Clock for recorded_at (tests). */
  now?: () => Date;
  /** Most events of this process's own commits kept for `ownCommitsFromMemory` subscribers. */
  ownCommitsKept?: number;
}

/** Events of the latest commits kept in memory (see `SubscribeOptions.ownCommitsFromMemory`). */
const OWN_COMMITS_KEPT = 20_000;

/**
 * The events this process committed lately, by position, for subscribers that would otherwise
 * read them straight back. Only a gap-free run from a position is handed out: a position that
 * is missing (another process's commit, one whose reply is still on its way, or one dropped to
 * bound memory) sends the reader to the database. Nothing is kept while no such subscriber is
 * open (the embedded runtime has none).
 */
class CommittedTail {
  private readonly byPosition = new Map<number, TStoredEvent>();
  private highest = 0;
  private readers = 0;
  constructor(private readonly kept: number) {}

  /** A subscriber starts reading; the returned function says it has stopped (once). */
  open(): () => void {
    this.readers += 1;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.readers -= 1;
      if (this.readers === 0) this.byPosition.clear();
    };
  }

  add(events: readonly TStoredEvent[]): void {
    if (this.readers === 0) return;
    for (const event of events) {
      this.byPosition.set(event.global_position, event);
      this.highest = Math.max(this.highest, event.global_position);
    }
    // Oldest commits first (a Map keeps insertion order).
    for (const position of this.byPosition.keys()) {
      if (this.byPosition.size <= this.kept) break;
      this.byPosition.delete(position);
    }
  }

  /**
   * Up to `limit` events from `after + 1` on, when all of them are here: a run cut short by a
   * gap with later events kept beyond it is not (the gap's events are in the log).
   */
  after(after: number, limit: number): TStoredEvent[] | undefined {
    const events: TStoredEvent[] = [];
    let position = after + 1;
    for (; events.length < limit; position += 1) {
      const event = this.byPosition.get(position);
      if (!event) break;
      events.push(event);
    }
    if (events.length === 0 || (events.length < limit && position <= this.highest)) return undefined;
    return events;
  }
}

export function createPostgresEventStore(
  sql: SqlClient,
  options: PostgresEventStoreOptions = {},
): EventStore {
  const wakeups = new Set<() => void>();
  const now = options.now ?? (() => new Date());
  const ownCommits = new CommittedTail(options.ownCommitsKept ?? OWN_COMMITS_KEPT);

  async function readPositions(executor: SqlExecutor, first: number, count: number): Promise<TStoredEvent[]> {
    const result = await executor.query<EventRow & Record<string, unknown>>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position >= $1 AND global_position < $2 ORDER BY global_position`,
      [first, first + count],
    );
    return result.rows.map(toStoredEvent);
  }

  /** The stream versions and idempotency keys the units refer to, as the log has them now. */
  async function lookUp(tx: SqlExecutor, units: CommitUnit[], outcomes: (CommitOutcome | undefined)[]) {
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
    const knownKeys = new Map<string, KeyRow>();
    if (keys.length > 0) {
      const existing = await tx.query<KeyRow & Record<string, unknown>>(
        'SELECT key, payload_hash, first_position, event_count FROM idempotency_keys WHERE key = ANY($1::text[])',
        [keys],
      );
      for (const row of existing.rows) knownKeys.set(row.key, row);
    }
    return { versions, knownKeys };
  }

  /**
   * Works out in memory what a commit writes on top of `head`: each unit checked against the
   * versions and keys and the units before it, positions, hashes. `checked` holds the outcomes
   * of validation and is not changed; the plan has its own.
   */
  function plan(
    units: CommitUnit[],
    checked: readonly (CommitOutcome | undefined)[],
    head: LogHead,
    versions: Map<string, number>,
    knownKeys: Map<string, KeyRow>,
  ): CommitPlan {
    const outcomes = [...checked];
    let position = head.position;
    let prevHash = head.hash;
    const rows = new EventsToWrite();
    const batches: PackedRun[] = [];
    // Consecutive packed units form one batch, so a batch is one contiguous run of positions
    // and the chain runs through rows and batches in position order.
    let run: PackedRun | undefined;
    const keyRows: KeyRow[] = [];
    const recordedAt = now().toISOString();
    const dedupReads: { index: number; first: number; count: number }[] = [];

    for (let index = 0; index < units.length; index += 1) {
      const unit = units[index]!;
      if (outcomes[index]) continue;
      if (unit.idempotency) {
        const known = knownKeys.get(unit.idempotency.key);
        if (known) {
          if (known.payload_hash === unit.idempotency.payload_hash) {
            dedupReads.push({ index, first: Number(known.first_position), count: Number(known.event_count) });
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
          continue;
        }
      }
      // Check every stream of the unit before writing any, so a unit lands whole or not at all.
      // (Most units append to one stream, which needs no bookkeeping across appends.)
      const single = unit.appends.length === 1;
      const unitVersions = single ? undefined : new Map<string, number>();
      let refused = false;
      for (const append of unit.appends) {
        const current = unitVersions?.get(append.stream_id) ?? logVersion(versions, unit, append);
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
          refused = true;
          break;
        }
        unitVersions?.set(append.stream_id, current + append.events.length);
      }
      if (refused) continue;
      if (unit.packed) {
        if (!run) {
          run = new PackedRun(position + 1, prevHash, recordedAt);
          batches.push(run);
        }
      } else if (run) {
        prevHash = run.close();
        run = undefined;
      }
      const unitEvents: TStoredEvent[] = [];
      const streamCursor = single ? undefined : new Map<string, number>();
      for (const append of unit.appends) {
        let version = streamCursor?.get(append.stream_id) ?? logVersion(versions, unit, append);
        for (const event of append.events) {
          version += 1;
          position += 1;
          const metadata: Record<string, unknown> = { ...event.metadata };
          if (unit.idempotency) metadata.idempotency_key ??= unit.idempotency.key;
          const dataJson = event.data_json ?? dataJsonOf.get(event) ?? JSON.stringify(event.data);
          const stored: TStoredEvent = {
            event_id: event.event_id ?? randomUUID(),
            global_position: position,
            stream_id: append.stream_id,
            stream_version: version,
            type: event.type,
            schema_version: event.schema_version ?? 1,
            data: event.data,
            metadata: metadata as TStoredEvent['metadata'],
            recorded_at: recordedAt,
            prev_hash: prevHash,
            hash: '',
          };
          const metadataJson = unit.idempotency ? JSON.stringify(metadata) : metadataJsonOf(event.metadata);
          if (run) {
            // Linked when the run closes.
            run.push(stored, dataJson, metadataJson);
          } else {
            stored.hash = eventHash(prevHash, stored);
            prevHash = stored.hash;
            rows.push(stored, dataJson, metadataJson);
          }
          unitEvents.push(stored);
        }
        streamCursor?.set(append.stream_id, version);
        if (single) versions.set(append.stream_id, version);
      }
      if (streamCursor) for (const [streamId, version] of streamCursor) versions.set(streamId, version);
      if (unit.idempotency) {
        const keyRow = {
          key: unit.idempotency.key,
          payload_hash: unit.idempotency.payload_hash,
          first_position: unitEvents[0]!.global_position,
          event_count: unitEvents.length,
        };
        keyRows.push(keyRow);
        knownKeys.set(keyRow.key, keyRow);
      }
      outcomes[index] = { ok: true, deduplicated: false, events: unitEvents };
    }
    if (run) prevHash = run.close();
    return { head, next: { position, hash: prevHash }, outcomes, rows, batches, keyRows, dedupReads };
  }

  async function write(tx: SqlExecutor, planned: CommitPlan): Promise<void> {
    if (planned.rows.events.length > 0) await insertEvents(tx, planned.rows);
    for (const batch of planned.batches) await tx.query(insertBatchSql(batch, false));
    const { keyRows } = planned;
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
    for (const read of planned.dedupReads) {
      planned.outcomes[read.index] = {
        ok: true,
        deduplicated: true,
        events: await readPositions(tx, read.first, read.count),
      };
    }
  }

  /**
   * Writes the units in one transaction under the append lock. A plan made in advance is used
   * when the log's head is still the one it was made on; otherwise (another writer appended in
   * between) the commit is planned again here, against the log as it is.
   */
  async function commitChecked(
    units: CommitUnit[],
    checked: readonly (CommitOutcome | undefined)[],
    planned: CommitPlan | undefined,
  ): Promise<(CommitOutcome | undefined)[]> {
    if (planned && isBatchesOnly(planned)) {
      if (await writePlannedBatches(planned)) return planned.outcomes;
      // Another writer appended in between. Packed units need nothing else from the log, so they
      // are planned once more on the head as it is now and sent the same way, which holds the
      // lock for one round trip instead of four; only if that loses too are they planned under it.
      const again = plan(units, checked, await readHead(sql), new Map(), new Map());
      if (isBatchesOnly(again) && (await writePlannedBatches(again))) return again.outcomes;
    }
    return sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const head = await readHead(tx);
      let current = planned;
      if (!current || current.head.position !== head.position || current.head.hash !== head.hash) {
        const { versions, knownKeys } = await lookUp(tx, units, [...checked]);
        current = plan(units, checked, head, versions, knownKeys);
      }
      await write(tx, current);
      return current.outcomes;
    });
  }

  /**
   * A commit planned in advance that only writes batches (the ledger writer's usual commit) goes
   * to the server as one script: lock, then each batch inserted only if the log's head is still
   * the one it was planned on, then commit. One round trip instead of five; false (nothing
   * written) when another writer appended in between, and the caller plans again under the lock.
   */
  async function writePlannedBatches(planned: CommitPlan): Promise<boolean> {
    const results = await sql.script(
      `BEGIN; SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY}); ${planned.batches.map((batch) => insertBatchSql(batch, true)).join(' ')} COMMIT;`,
    );
    const written = results
      .slice(2, 2 + planned.batches.length)
      .filter((result) => result.rows.length === 1).length;
    if (written === planned.batches.length) return true;
    if (written === 0) return false;
    // Each batch's condition is the one before it, in the same transaction: all or none.
    throw new Error(`planned commit wrote ${written} of ${planned.batches.length} batches`);
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
    // One batch often holds a whole page; fetch more per query only while they do not.
    for (let chunk = 1; ; chunk = Math.min(chunk * 2, PACKED_READ_CHUNK)) {
      const { rows } = await sql.query<BatchRow & Record<string, unknown>>(
        `SELECT format, first_position, last_position, prev_hash, last_hash, recorded_at, events FROM event_batches
         WHERE last_position > $1 AND first_position <= $2
         ${types ? 'AND types && $4::text[]' : ''} ORDER BY last_position LIMIT $3`,
        types ? [cursor, upper, chunk, [...types]] : [cursor, upper, chunk],
      );
      for (const batch of rows) {
        if (Number(batch.format) === 1) {
          for (const event of JSON.parse(batch.events) as TStoredEvent[]) {
            if (event.global_position <= after || event.global_position > upper) continue;
            if (wanted && !wanted.has(event.type)) continue;
            packedEvents.add(event);
            found.push(event);
          }
        } else {
          unpackBatch(batch, after, upper, wanted, found);
        }
        cursor = Number(batch.last_position);
      }
      if (rows.length < chunk || found.length >= limit) return found;
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

    commit(units) {
      return store.prepare(units).run();
    },

    prepare(units, after) {
      const checked: (CommitOutcome | undefined)[] = units.map((unit) => {
        const error = validateUnit(unit);
        return error ? { ok: false, error } : undefined;
      });
      const pending = checked.some((outcome) => outcome === undefined);
      // Only packed units need nothing from the database to be planned, so only they are
      // planned ahead; the rest is planned under the lock.
      const planned =
        pending && after && units.every((unit, index) => checked[index] || unit.packed)
          ? plan(units, checked, after, new Map(), new Map())
          : undefined;
      return {
        head: planned ? planned.next : pending ? undefined : after,
        async run() {
          const outcomes = pending ? await commitChecked(units, checked, planned) : checked;
          if (pending) {
            for (const outcome of outcomes) {
              if (outcome?.ok && !outcome.deduplicated) ownCommits.add(outcome.events);
            }
            store.notify();
          }
          return outcomes.map(
            (outcome) =>
              outcome ?? { ok: false, error: new EventStoreError('invalid_event', 'not committed') },
          );
        },
      };
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
      const head = (await readHead(sql)).position;
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
      return (await readHead(sql)).position;
    },

    subscribe(subscribeOptions) {
      const fromMemory = subscribeOptions.ownCommitsFromMemory && !subscribeOptions.types;
      const subscription = createPollingSubscription({
        store,
        read: fromMemory
          ? async (readOptions) =>
              ownCommits.after(readOptions.after, readOptions.limit) ?? store.readAll(readOptions)
          : undefined,
        options: subscribeOptions,
        pollIntervalMs: options.pollIntervalMs ?? 100,
        wakeups,
      });
      if (!fromMemory) return subscription;
      const closeReader = ownCommits.open();
      return {
        get position() {
          return subscription.position;
        },
        waitFor: (position, timeoutMs) => subscription.waitFor(position, timeoutMs),
        async stop() {
          await subscription.stop();
          closeReader();
        },
      };
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
          const link = batchLinks.get(event);
          const problem = link ? checkBatchLink(link, event, prevHash) : checkEventLink(event, prevHash);
          if (problem) return { ok: false, checked, broken_at: event.global_position, reason: problem };
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

/** Why an event of a row or a format 1 batch breaks the chain after `prevHash`, if it does. */
function checkEventLink(event: TStoredEvent, prevHash: string): string | undefined {
  if (event.prev_hash !== prevHash) return 'link to the previous event does not match';
  const expected = packedEvents.has(event)
    ? packedEventHash(prevHash, event, JSON.stringify(event.data), JSON.stringify(event.metadata))
    : eventHash(prevHash, event);
  return expected === event.hash ? undefined : 'event content does not match its hash';
}

/**
 * The same for an event of a format 2 batch: the batch is one link, checked at its first event
 * (over the text as stored); the events after it must belong to the link just checked.
 */
function checkBatchLink(link: BatchLink, event: TStoredEvent, prevHash: string): string | undefined {
  if (event.global_position !== link.first) {
    return link.hash === prevHash ? undefined : 'event is not part of the batch before it';
  }
  if (link.prev_hash !== prevHash) return 'link to the previous event does not match';
  const expected = batchLinkHash(link.prev_hash, link.first, link.last, link.recorded_at, link.body);
  if (expected !== link.hash || link.count !== link.last - link.first + 1) {
    return 'batch content does not match its hash';
  }
  return undefined;
}

function isBatchesOnly(planned: CommitPlan): boolean {
  return (
    planned.batches.length > 0 &&
    planned.rows.events.length === 0 &&
    planned.keyRows.length === 0 &&
    planned.dedupReads.length === 0
  );
}

/**
 * One batch's INSERT as SQL text; with `onlyAfterPredecessor`, it writes only when the log's head
 * is the batch's predecessor (a script planned outside the lock). Every value but the body
 * matches a pattern that needs no quoting beyond '...' (types, hex hashes, ISO time); the body,
 * a JSON array (so it ends with `]`), is dollar-quoted with a tag it does not contain. Sent as
 * text rather than as a parameter, so the driver copies the body once and never escapes it.
 */
function insertBatchSql(batch: PackedRun, onlyAfterPredecessor: boolean): string {
  let tag = '$evb$';
  for (let n = 0; batch.body.includes(tag); n += 1) tag = `$evb${n}$`;
  const types = [...batch.types].map((type) => `'${type}'`).join(',');
  const condition = onlyAfterPredecessor
    ? `WHERE coalesce((SELECT global_position || ':' || hash FROM (${HEAD_QUERY}) head), '0:${GENESIS_HASH}')
      = '${batch.first - 1}:${batch.prevHash}'`
    : '';
  return `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
      recorded_at, events)
    SELECT 2, ${batch.first}, ${batch.last}, ${batch.events.length}, ARRAY[${types}]::text[], '${batch.prevHash}',
      '${batch.hash}', '${batch.recordedAt}', ${tag}${batch.body}${tag}
    ${condition}
    RETURNING first_position;`;
}

interface BatchRow {
  format: number;
  first_position: number;
  last_position: number;
  prev_hash: string | null;
  last_hash: string;
  recorded_at: Date | string | null;
  events: string;
}

/** The events of a format 2 batch in (after, upper] and of the wanted types, onto `found`. */
function unpackBatch(
  batch: BatchRow,
  after: number,
  upper: number,
  wanted: Set<string> | undefined,
  found: TStoredEvent[],
): void {
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
    const event: TStoredEvent = {
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
    };
    batchLinks.set(event, link);
    found.push(event);
  }
}

function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

async function insertEvents(tx: SqlExecutor, rows: EventsToWrite): Promise<void> {
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
