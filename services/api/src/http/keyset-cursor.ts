import { ValidationError } from './errors.js';

/**
 * Opaque keyset cursors: the sort key of a page's last row (a time and an id), which the next
 * page starts strictly after. Unlike an offset, a cursor stays on the same row while rows are
 * added above it, and every page costs one index range read.
 */

/** Reply header carrying the cursor of the next page (the wallet's transactions use the same). */
export const NEXT_PAGE_HEADER = 'x-next-before';

/** The time as PostgreSQL prints it for the cursor: `to_char(... , TIME_KEY_FORMAT)` in UTC. */
export const TIME_KEY_SQL = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const TIME_KEY = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const ID_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

export interface TimeIdKey {
  /** A microsecond UTC time in TIME_KEY_SQL's format. */
  time: string;
  id: string;
}

export function encodeTimeIdCursor(key: TimeIdKey): string {
  return Buffer.from(JSON.stringify([key.time, key.id]), 'utf8').toString('base64url');
}

/**
 * The key of a cursor this server handed out, or a 422 naming the parameter for anything else
 * (never a database error: the time is checked to be a real calendar time before it is cast).
 */
export function decodeTimeIdCursor(text: string, loc: Array<string | number>): TimeIdKey {
  const refuse = () => ValidationError.at(loc, 'is not a cursor this server gave out');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw refuse();
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'string' || typeof id !== 'string' || !ID_KEY.test(id) || !isCalendarTime(time)) {
    throw refuse();
  }
  return { time, id };
}

function isCalendarTime(text: string): boolean {
  const parts = TIME_KEY.exec(text)?.slice(1).map(Number);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}
