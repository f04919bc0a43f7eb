import type { LedgerRejection } from './ledger-rejection.js';
import { LATEST_TIMESTAMP_MS, MAXIMUM_ID_LENGTH, MAXIMUM_REASON_LENGTH } from './limits.js';

/*
 * Run-time checks of command fields. Commands come from HTTP bodies and webhooks, so a field typed
 * `number` may hold NaN, '100' or an object: every check takes `unknown` and never throws.
 */

// The same rule as contracts ZEntityId, which also makes `spending:{id}` a valid ZAccountId and
// `{category}-{id}` a valid ZStreamId. A regex test, not a zod parse: this runs on the hot path.
const ENTITY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAXIMUM_ID_LENGTH && ENTITY_ID_PATTERN.test(value);
}

export function isWholeNumber(value: unknown): value is number {
  // Stryker disable next-line ConditionalExpression: Number.isInteger is false for every non-number too; typeof narrows the type.
  return typeof value === 'number' && Number.isInteger(value);
}

type AmountRejection = Extract<
  LedgerRejection,
  'amount_must_be_integer' | 'amount_must_be_positive' | 'amount_exceeds_maximum'
>;

/** Whole credits in 1..Number.MAX_SAFE_INTEGER, or the first rule it breaks. */
export function positiveAmountRejection(value: unknown): AmountRejection | undefined {
  if (!isWholeNumber(value)) return 'amount_must_be_integer';
  if (value <= 0) return 'amount_must_be_positive';
  if (value > Number.MAX_SAFE_INTEGER) return 'amount_exceeds_maximum';
  return undefined;
}

/** A signed, non-zero amount whose size is within Number.MAX_SAFE_INTEGER. */
export function signedAmountRejection(value: unknown): AmountRejection | undefined {
  if (!isWholeNumber(value)) return 'amount_must_be_integer';
  if (value === 0) return 'amount_must_be_positive';
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return 'amount_exceeds_maximum';
  return undefined;
}

export function isIntegerWithin(value: unknown, minimum: number, maximum: number): value is number {
  return isWholeNumber(value) && value >= minimum && value <= maximum;
}

export function isTimestampMs(value: unknown): value is number {
  return isIntegerWithin(value, 0, LATEST_TIMESTAMP_MS);
}

/** A free-text reason, trimmed, or the rule it breaks. */
export function freeTextReasonRejection(value: unknown): 'reason_required' | 'reason_too_long' | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return 'reason_required';
  if (value.trim().length > MAXIMUM_REASON_LENGTH) return 'reason_too_long';
  return undefined;
}

/**
 * A short, safe rendering of any value for a rejection message: template literals throw on
 * symbols and on objects without a prototype, and a 10 MB string has no place in a log line.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? 'an array' : 'an object';
    // Stryker disable all: unreachable, typeof has no other answer.
    default:
      return 'a value';
    // Stryker restore all
  }
}
