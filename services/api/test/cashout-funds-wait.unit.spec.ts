import { describe, expect, it } from 'vitest';
import {
  MAXIMUM_FUNDS_ATTEMPTS,
  nextFundsAttemptAt,
  transferIdempotencyKey,
} from '../src/payments/cashout-funds-wait.js';

const now = new Date('2026-01-01T00:00:00.000Z');
const minutesLater = (attempt: number) => {
  const at = nextFundsAttemptAt(attempt, now);
  return at && (at.getTime() - now.getTime()) / 60_000;
};

describe('waiting for funds', () => {
  it('waits 15 minutes, doubling, at most 6 hours, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(minutesLater)).toEqual([15, 30, 60, 120, 240, 360, 360]);
    expect(minutesLater(MAXIMUM_FUNDS_ATTEMPTS - 1)).toBe(360);
    expect(nextFundsAttemptAt(MAXIMUM_FUNDS_ATTEMPTS, now)).toBeUndefined();
  });

  it('gives each attempt after a refusal its own idempotency key', () => {
    expect(transferIdempotencyKey('co_1', 0)).toBe('cashout-co_1');
    expect(transferIdempotencyKey('co_1', 1)).toBe('cashout-co_1-funds-1');
    expect(transferIdempotencyKey('co_1', 2)).not.toBe(transferIdempotencyKey('co_1', 1));
  });
});
