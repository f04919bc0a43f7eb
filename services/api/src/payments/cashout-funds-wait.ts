/*
 * A cash-out Stripe refuses with balance_insufficient waits for the platform's card money to
 * become available (2 business days for most US cards, up to 7-14 days for a new account)
 * instead of failing: the payout worker tries the transfer again on this schedule. Pure policy;
 * cashout.ts does the I/O.
 */

/** What the evaluator sees while the cash-out waits. */
export const WAITING_FOR_FUNDS =
  'Waiting for funds: recent card payments are still settling. Your cash-out is sent automatically as soon as they are available.';

/** Refused transfers before the cash-out fails and the credits are restored (about 9 days). */
export const MAXIMUM_FUNDS_ATTEMPTS = 40;
const FIRST_WAIT_MS = 15 * 60_000;
const LONGEST_WAIT_MS = 6 * 3_600_000;

/**
 * When to try again after the `attempt`-th refusal (15 minutes, doubling, at most 6 hours), or
 * undefined once MAXIMUM_FUNDS_ATTEMPTS refusals were made and the cash-out must fail.
 */
export function nextFundsAttemptAt(attempt: number, now: Date): Date | undefined {
  if (attempt >= MAXIMUM_FUNDS_ATTEMPTS) return undefined;
  const wait = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt - 1, 20));
  return new Date(now.getTime() + wait);
}

/**
 * The transfer's idempotency key for the next attempt. Stripe replays a key's first reply, a
 * refusal included, so each attempt after a refusal needs its own key; the attempt count is
 * recorded before the next try, so a retry after a crash reuses the key of the attempt it
 * repeats and can never transfer twice.
 */
export function transferIdempotencyKey(cashoutId: string, refusedAttempts: number): string {
  return refusedAttempts === 0 ? `cashout-${cashoutId}` : `cashout-${cashoutId}-funds-${refusedAttempts}`;
}
