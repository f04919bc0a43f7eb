import type { ObservationsV2Response, ObservationV2 } from '@langfuse/core';

/*
 * GET /api/public/v2/observations of the Langfuse fake, as Langfuse v4 serves it
 * (web/src/pages/api/public/v2/observations/index.ts, GetObservationsV2Query in
 * web/src/features/public-api/types/observations.ts, orderByForObservationsQuery in
 * packages/shared/src/server/repositories/events.ts). See README.md for the fidelity table.
 */

export interface FakeObservation {
  id: string;
  traceId: string;
  startTime: string;
  endTime: string | null;
  parentObservationId: string | null;
  type: string;
  name: string | null;
  input?: unknown;
  output?: unknown;
  metadata?: Record<string, unknown>;
  updatedAt: string;
}

/** A 400 as Langfuse's middleware sends it for a query its schema refuses. */
export class InvalidQuery extends Error {}

const FIELD_GROUPS = ['core', 'basic', 'time', 'io', 'metadata', 'model', 'usage', 'prompt', 'metrics'];
const METADATA_VALUE_CHARS = 200;

interface Cursor {
  lastStartTimeTo: string;
  lastTraceId: string;
  lastId: string;
}

function parseLimit(raw: string | null): number {
  if (raw === null) return 50;
  // z.coerce.number().nonnegative().lte(1000)
  const limit = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(limit) || limit < 0 || limit > 1000) {
    throw new InvalidQuery('limit must be a number from 0 to 1000');
  }
  return Math.floor(limit);
}

function parseCursor(raw: string | null): Cursor | undefined {
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<Cursor>;
    if (
      typeof parsed.lastStartTimeTo === 'string' &&
      !Number.isNaN(Date.parse(parsed.lastStartTimeTo)) &&
      typeof parsed.lastTraceId === 'string' &&
      typeof parsed.lastId === 'string'
    ) {
      return parsed as Cursor;
    }
  } catch {
    // falls through
  }
  throw new InvalidQuery('Invalid cursor format');
}

function parseTime(raw: string | null, name: string): number | undefined {
  if (raw === null) return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new InvalidQuery(`${name} must be an ISO 8601 datetime`);
  return at;
}

/** Langfuse's order: start time, then trace, then observation id, all descending. */
function compare(a: FakeObservation | Cursor, b: FakeObservation | Cursor): number {
  const key = (o: FakeObservation | Cursor) =>
    'lastId' in o
      ? [Date.parse(o.lastStartTimeTo), o.lastTraceId, o.lastId]
      : [Date.parse(o.startTime), o.traceId, o.id];
  const [at, atrace, aid] = key(a);
  const [bt, btrace, bid] = key(b);
  if (at !== bt) return (bt as number) - (at as number);
  if (atrace !== btrace) return atrace! < btrace! ? 1 : -1;
  return aid === bid ? 0 : aid! < bid! ? 1 : -1;
}

/** Input and output go out as the raw strings Langfuse stores (parseIoAsJson is retired). */
const rawIo = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

function project(observation: FakeObservation, groups: Set<string>): ObservationV2 {
  const out: Record<string, unknown> = {
    id: observation.id,
    traceId: observation.traceId,
    startTime: observation.startTime,
    endTime: observation.endTime,
    projectId: 'fake',
    parentObservationId: observation.parentObservationId,
    type: observation.type,
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
  };
  if (groups.has('basic')) {
    out.name = observation.name;
    out.level = 'DEFAULT';
    out.isRootObservation = observation.parentObservationId === null;
  }
  if (groups.has('time')) out.updatedAt = observation.updatedAt;
  if (groups.has('io')) {
    out.input = rawIo(observation.input);
    out.output = rawIo(observation.output);
  }
  if (groups.has('metadata')) {
    out.metadata = Object.fromEntries(
      Object.entries(observation.metadata ?? {}).map(([key, value]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        return [key, text.length > METADATA_VALUE_CHARS ? text.slice(0, METADATA_VALUE_CHARS) : value];
      }),
    );
  }
  return out as unknown as ObservationV2;
}

/** One page: filters, Langfuse's order, the cursor after the last row when there are more. */
export function observationsPage(
  all: readonly FakeObservation[],
  query: URLSearchParams,
): ObservationsV2Response {
  const limit = parseLimit(query.get('limit'));
  const cursor = parseCursor(query.get('cursor'));
  const from = parseTime(query.get('fromStartTime'), 'fromStartTime');
  const to = parseTime(query.get('toStartTime'), 'toStartTime');
  if (query.get('parseIoAsJson') === 'true') {
    throw new InvalidQuery('parseIoAsJson=true is no longer supported on the v2 observations endpoint.');
  }
  const root = query.get('isRootObservation');
  if (root !== null && root !== 'true' && root !== 'false') {
    throw new InvalidQuery('isRootObservation must be true or false');
  }
  const requested = (query.get('fields') ?? '')
    .split(',')
    .map((group) => group.trim())
    .filter((group) => FIELD_GROUPS.includes(group));
  const groups = new Set(['core', ...(requested.length > 0 ? requested : ['basic'])]);
  const traceId = query.get('traceId');
  const matching = all
    .filter((o) => from === undefined || Date.parse(o.startTime) >= from)
    .filter((o) => to === undefined || Date.parse(o.startTime) < to)
    .filter((o) => root === null || (o.parentObservationId === null) === (root === 'true'))
    .filter((o) => traceId === null || o.traceId === traceId)
    .filter((o) => !cursor || compare(o, cursor) > 0)
    .sort(compare);
  const rows = matching.slice(0, limit);
  const last = rows[rows.length - 1];
  const more = matching.length > limit && last !== undefined;
  return {
    data: rows.map((row) => project(row, groups)),
    meta: more
      ? {
          cursor: Buffer.from(
            JSON.stringify({ lastStartTimeTo: last.startTime, lastTraceId: last.traceId, lastId: last.id }),
          ).toString('base64'),
        }
      : {},
  };
}
