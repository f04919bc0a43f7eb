/**
 * Splits a run of events into consecutive segments in which each key's events (a person's, say)
 * follow `order`: each type at most once per key, and in that order. Within such a segment,
 * writing the events type by type in `order`, each type as one set-based statement, has the same
 * effect as writing them one by one in log order, as long as events of different keys touch
 * different rows: a key's own writes keep their order, and no statement meets a key twice.
 * Events of a type not in `order` are a caller's error.
 */
export function segmentsInTypeOrder<E extends { type: string }>(
  events: readonly E[],
  keyOf: (event: E) => string,
  order: readonly string[],
): E[][] {
  const rank = new Map(order.map((type, index) => [type, index]));
  const segments: E[][] = [];
  let segment: E[] = [];
  // Per key, the rank of its last event in the segment being gathered.
  let lastRank = new Map<string, number>();
  for (const event of events) {
    const eventRank = rank.get(event.type);
    if (eventRank === undefined) throw new Error(`segmentsInTypeOrder: ${event.type} is not in the order`);
    const key = keyOf(event);
    const before = lastRank.get(key);
    if (before !== undefined && before >= eventRank) {
      segments.push(segment);
      segment = [];
      lastRank = new Map();
    }
    segment.push(event);
    lastRank.set(key, eventRank);
  }
  if (segment.length > 0) segments.push(segment);
  return segments;
}
