import { findUnstorableText, isStreamId, ZEventMetadata } from '@evalmarket/contracts';
import type { JournalAppend, JournalEvent, JournalUnit } from '../packed-journal.js';
import {
  EventStoreError,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENTS_PER_COMMIT,
  type ExpectedVersion,
} from '../port.js';

const EVENT_TYPE = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// JSON.stringify writes NUL and lone surrogates as escapes (\u0000, \ud800); any other text
// PostgreSQL can hold. A match is only a hint (it may be an escaped backslash before "u0000"),
// so the few matching payloads are parsed and walked to be sure and to name the field.
const SUSPICIOUS_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** A unit that passed validation, with what validation made on the way. */
export interface CheckedUnit {
  unit: JournalUnit;
  /** Each event's data as JSON, in the order of the appends and their events: made once, written as is. */
  dataJson: string[];
}

/**
 * Checks one unit without touching the database: the unit with its events' data JSON, or the
 * error. `checkedMetadata` holds the metadata objects already found valid in this commit (a
 * command's events share one object, so it is checked once).
 */
export function checkUnit(
  unit: JournalUnit,
  checkedMetadata = new Set<object>(),
): CheckedUnit | EventStoreError {
  if (!Array.isArray(unit.appends) || unit.appends.length === 0) {
    return new EventStoreError('invalid_event', 'A commit needs at least one stream append');
  }
  const dataJson: string[] = [];
  for (const append of unit.appends) {
    const error = checkAppend(append, checkedMetadata, dataJson);
    if (error) return error;
  }
  if (dataJson.length > MAX_EVENTS_PER_COMMIT) {
    return new EventStoreError('too_many_events', `At most ${MAX_EVENTS_PER_COMMIT} events per commit`);
  }
  return checkUnitOptions(unit) ?? { unit, dataJson };
}

/**
 * The error `checkUnit` finds, or undefined. Exported so a writer that adds a caller's appends to
 * its own units can refuse a bad one before it shares a commit with others.
 */
export function validateUnit(unit: JournalUnit): EventStoreError | undefined {
  const checked = checkUnit(unit);
  return checked instanceof EventStoreError ? checked : undefined;
}

function checkAppend(
  append: JournalAppend,
  checkedMetadata: Set<object>,
  dataJson: string[],
): EventStoreError | undefined {
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
  for (const event of append.events) {
    const checked = checkEvent(event, checkedMetadata);
    if (typeof checked !== 'string') return checked;
    dataJson.push(checked);
  }
  return undefined;
}

/** The event's data JSON, or why it cannot be stored. */
function checkEvent(event: JournalEvent, checkedMetadata: Set<object>): string | EventStoreError {
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
  const metadata = event.metadata;
  const metadataSeen = metadata !== undefined && checkedMetadata.has(metadata);
  if (metadata !== undefined && !metadataSeen && !ZEventMetadata.safeParse(metadata).success) {
    return new EventStoreError('invalid_event', 'Malformed event metadata');
  }
  if (event.data_json !== undefined && typeof event.data_json !== 'string') {
    return new EventStoreError('invalid_event', 'data_json must be the JSON text of the data');
  }
  const json = event.data_json ?? JSON.stringify(event.data);
  if (json === undefined || typeof event.data !== 'object' || event.data === null) {
    return new EventStoreError('invalid_event', 'Event data must be a JSON object');
  }
  if (json.length > MAX_EVENT_DATA_BYTES) {
    return new EventStoreError('event_too_large', `Event data is larger than ${MAX_EVENT_DATA_BYTES} bytes`);
  }
  const unstorable =
    unstorableTextError(json, 'data') ??
    (metadataSeen ? undefined : unstorableTextError(metadata, 'metadata'));
  if (unstorable) return unstorable;
  // Remembered only once it passed every check, so a later event sharing it may skip them.
  if (metadata !== undefined) checkedMetadata.add(metadata);
  return json;
}

function checkUnitOptions(unit: JournalUnit): EventStoreError | undefined {
  if (unit.idempotency && (typeof unit.idempotency.key !== 'string' || unit.idempotency.key.length === 0)) {
    return new EventStoreError('invalid_event', 'An idempotency key must be a non-empty string');
  }
  if (!unit.packed) return undefined;
  if (unit.idempotency) return new EventStoreError('invalid_event', 'A packed unit takes no idempotency key');
  const open = unit.appends.find(
    (a) => typeof a.expected_version !== 'number' && a.expected_version !== 'no_stream',
  );
  return open
    ? new EventStoreError(
        'invalid_event',
        `A packed append needs an exact expected version (${open.stream_id})`,
      )
    : undefined;
}

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

function isExpectedVersion(value: unknown): value is ExpectedVersion {
  return (
    value === 'any' ||
    value === 'no_stream' ||
    value === 'stream_exists' ||
    (typeof value === 'number' && Number.isInteger(value) && value >= 0)
  );
}
