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
