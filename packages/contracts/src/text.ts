import { z } from 'zod';

/**
 * The one text rule for everything a person or an SDK sends: PostgreSQL text and jsonb cannot hold
 * NUL (U+0000), and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses it; a text column
 * would silently get U+FFFD instead). Such a string must be refused at the edge, before it is
 * appended or sealed: a sealed payload hides it from every later check and only fails in a
 * projection, which then cannot move past it.
 */

/** Why a string cannot be stored; the message a 422 shows for its field. */
export const UNSTORABLE_TEXT_MESSAGES = {
  nul: 'Text must not contain NUL characters (U+0000)',
  lone_surrogate: 'Text must not contain unpaired surrogate code units (invalid Unicode)',
} as const;
export type TUnstorableTextReason = keyof typeof UNSTORABLE_TEXT_MESSAGES;

/** The zod issue type / validation `type` of a refused string. */
export const UNSTORABLE_TEXT_ISSUE = 'unstorable_text';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored in PostgreSQL text or jsonb, or undefined when it can. */
export function unstorableTextReason(text: string): TUnstorableTextReason | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

export interface UnstorableTextFinding {
  /** Keys and indexes from the root to the string (an object key itself is reported at its own path). */
  path: Array<string | number>;
  reason: TUnstorableTextReason;
}

/** Nesting beyond this is not walked further (request bodies are far shallower; Fastify's JSON parser has its own limits). */
const MAX_WALK_DEPTH = 64;

/**
 * Every string (values and object keys) in a JSON-like value that cannot be stored, with its path,
 * at most `limit` of them. Buffers, streams and other non-plain objects are not walked.
 */
export function findUnstorableText(value: unknown, limit = 20): UnstorableTextFinding[] {
  const found: UnstorableTextFinding[] = [];
  const walk = (current: unknown, path: Array<string | number>, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) found.push({ path, reason });
      return;
    }
    if (current === null || typeof current !== 'object' || depth > MAX_WALK_DEPTH) return;
    if (Array.isArray(current)) {
      current.forEach((item, index) => walk(item, [...path, index], depth + 1));
      return;
    }
    if (!isWalkable(current)) return;
    for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) found.push({ path: [...path, key], reason: keyReason });
      walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
  return found.slice(0, limit);
}

/**
 * Plain records only: parsed JSON, and the router's and query parser's parameter objects (whose
 * prototypes are bare classes, not Object.prototype). Bytes, streams and dates are not text.
 */
function isWalkable(value: object): boolean {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

// C0 controls and DEL: PostgreSQL holds them (NUL aside), but a name, title, address or URL is one
// line of visible text, and a control character there only hides or forges what a reader sees.
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit === 0x7f) return true;
  }
  return false;
}
export const SINGLE_LINE_TEXT_MESSAGE = 'Text must be one line without control characters';

function refineStorable(text: string, context: z.RefinementCtx): void {
  const reason = unstorableTextReason(text);
  if (reason) {
    context.addIssue({
      code: 'custom',
      message: UNSTORABLE_TEXT_MESSAGES[reason],
      params: { type: UNSTORABLE_TEXT_ISSUE },
    });
  }
}

/**
 * Multi-line text (descriptions, comments, reasons): anything PostgreSQL can hold, newlines and
 * tabs included. `z.string()` options pass through (e.g. the spec's message when missing).
 */
export const ZMultiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).superRefine(refineStorable);

/**
 * One line of text (names, titles, emails, URLs, ids): storable and without control characters.
 * `controlMessage` replaces the default message where the spec names one for an invalid value.
 */
export const ZSingleLineText = (
  params?: Parameters<typeof z.string>[0],
  controlMessage = SINGLE_LINE_TEXT_MESSAGE,
) =>
  z.string(params).superRefine((text, context) => {
    refineStorable(text, context);
    if (!unstorableTextReason(text) && hasControlCharacter(text)) {
      context.addIssue({ code: 'custom', message: controlMessage });
    }
  });
