/**
 * JetStream may hand a pull consumer messages out of stream order: a message nak'd with a delay,
 * or one still pending on a crashed process until its ack wait runs out, comes back after newer
 * ones. A handler that de-duplicates by position would then skip the older event for good. So
 * the consumer only passes on a run that starts exactly at the next stream sequence it needs and
 * has no holes; everything after a hole waits.
 */
export interface DeliveryPlan<M> {
  /** Below the expected sequence, so already handled: ack without handling. */
  duplicates: M[];
  /** Contiguous from the expected sequence, in order: hand these to the handler. */
  run: M[];
  /** After a hole: must not be handled before the missing sequences are. */
  blocked: M[];
}

/**
 * When one sequence is present twice (redelivered while an earlier copy was still held), the
 * later copy is kept and the earlier one forgotten: acking it would settle a message that has
 * not been handled yet.
 */
export function planDelivery<M>(
  messages: readonly M[],
  seqOf: (m: M) => number,
  expectedSeq: number,
): DeliveryPlan<M> {
  const latest = new Map<number, M>();
  for (const message of messages) latest.set(seqOf(message), message);
  const sorted = [...latest.entries()].sort(([a], [b]) => a - b);
  const plan: DeliveryPlan<M> = { duplicates: [], run: [], blocked: [] };
  let next = expectedSeq;
  for (const [seq, message] of sorted) {
    if (plan.blocked.length > 0) plan.blocked.push(message);
    else if (seq < next) plan.duplicates.push(message);
    else if (seq === next) {
      plan.run.push(message);
      next += 1;
    } else plan.blocked.push(message);
  }
  return plan;
}

/**
 * Whether the hole before `targetSeq` is real, i.e. every missing sequence was removed from the
 * stream (purged below `firstSeq` or deleted), so nothing will ever fill it.
 */
export function holeIsPermanent(args: {
  expectedSeq: number;
  targetSeq: number;
  firstSeq: number;
  deleted: ReadonlySet<number>;
}): boolean {
  for (let seq = Math.max(args.expectedSeq, args.firstSeq); seq < args.targetSeq; seq += 1) {
    if (!args.deleted.has(seq)) return false;
  }
  return true;
}

/** Shortest time between two looks at the ack floor for holes (see holeCheckDelayMs). */
export const HOLE_RECHECK_MS = 10;

/**
 * How long after the consumer's last look at a hole the next look is due, given how many looks
 * the hole open now has had already: 10 ms, doubling up to `maxMs`. So the first look at a new
 * hole comes at once unless another hole was looked at in the last 10 ms. A hole another
 * process on the same durable is filling closes within one of that process's handler runs, so
 * looking soon keeps a reply's read-your-writes wait short; backing off keeps a hole that stays
 * open (a dead process's messages, waiting out their ack wait) from costing a JetStream request
 * every few milliseconds, and the 10 ms floor bounds the requests of a busy consumer.
 */
export function holeCheckDelayMs(looks: number, maxMs: number): number {
  return Math.min(maxMs, HOLE_RECHECK_MS * 2 ** Math.max(0, looks));
}
