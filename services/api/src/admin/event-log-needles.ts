import { applies } from './ra-list.js';

/*
 * Which texts an event's JSON text must hold to match the staff event log's filters, so that a
 * packed batch's entries are parsed only when they could match (event-log-source.ts). A needle
 * only skips entries whose text cannot match: the filters' own conditions still decide each one.
 */

/** The filters whose condition (staff-event-routes.ts) compares the value as one text, a list too. */
const ONE_TEXT = new Set(['user_id', 'party', 'account', 'stream_prefix']);

/** The texts a filter's condition compares: its value as one text, or each of a list's. */
export function filterTexts(name: string, value: unknown): string[] {
  if (ONE_TEXT.has(name)) return [String(value)];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * Filters that compare a `->>` text. An object's or array's `->>` text is jsonb's rendering
 * (it starts with `{` or `[`), not the text the writer stored.
 */
export const ARROW_TEXT = new Set(['user_id', 'actor', 'correlation_id', 'causation_id', 'party']);
export const COULD_BE_JSON_TEXT = /^[[{]/;

/**
 * Filters whose matching events hold the value as a JSON string or a part of one (an account in
 * a posting, the stream id or its prefix, the type), or as a `->>` text (ARROW_TEXT).
 */
const NEEDLE_FILTERS = new Set([...ARROW_TEXT, 'account', 'stream_id', 'stream_prefix', 'type']);

/**
 * The value as the writer's JSON holds it inside a string: JSON.stringify's escapes, which the
 * packed journal's canonical JSON writes for every string (and ids, streams and types need none).
 */
const inJsonString = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * A `->>` text the stored JSON need not hold as it is: a number the writer printed otherwise
 * (JSON.stringify writes `1e+21` and `1.5e-7`, `->>` reads `1000000000000000000000` and
 * `0.00000015`), or an object's or array's jsonb rendering.
 */
function notStoredAsIs(text: string): boolean {
  if (COULD_BE_JSON_TEXT.test(text)) return true;
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) && JSON.stringify(number) !== text;
}

/**
 * For each filter that has them, the texts one of which every event it matches holds in its JSON
 * text: an entry must hold one of each group. A filter with a value that may not be stored as it
 * is (notStoredAsIs) gives no group.
 */
export function entryNeedles(filter: Record<string, unknown>): string[][] {
  const groups: string[][] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (!NEEDLE_FILTERS.has(name) || !applies(value)) continue;
    const texts = filterTexts(name, value);
    if (texts.length === 0) continue;
    if (ARROW_TEXT.has(name) && texts.some(notStoredAsIs)) continue;
    groups.push(texts.map(inJsonString));
  }
  return groups;
}
