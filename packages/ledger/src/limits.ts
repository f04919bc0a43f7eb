/**
 * Bounds on every input the ledger accepts (TigerBeetle habit: a limit on everything).
 * Units are last in the names.
 */

/** Ids (user, purchase, transfer, cash-out, vote, Stripe transfer, actor) follow contracts ZEntityId. */
export const MAXIMUM_ID_LENGTH = 128;

/** Free-text reasons (cash-out failure, admin adjustment) are capped like the contracts' events. */
export const MAXIMUM_REASON_LENGTH = 500;

/** The longest reward lease: a claim held for a week is a bug upstream, not a slow evaluator. */
export const MAXIMUM_REWARD_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

/** Most rewards one ExpireRewards decision voids; the caller repeats until nothing expires. */
export const MAXIMUM_EXPIRE_REWARDS_COUNT = 1_000;

/**
 * Latest accepted `metadata.now`: 9999-12-31T23:59:59.999Z minus the longest lease, so an expiry
 * always prints as a four-digit-year ISO string and parses back to the same milliseconds.
 */
export const LATEST_TIMESTAMP_MS = 253_402_300_799_999 - MAXIMUM_REWARD_TIMEOUT_MS;
