import type { StoredEvent } from './event-bus.js';

/**
 * Whether a run of stream events belongs to this database's log. A stream shared by two
 * deployments (one NATS, the same NATS_STREAM) holds the events of two logs at the same
 * positions; a consumer that applied the other log's events would put another deployment's
 * data in these read models and ack them away from their owner. Every event carries its hash
 * and its predecessor's (the store's hash chain; the events of one packed batch all carry the
 * batch's link and the same predecessor), so:
 *
 * * a run that continues the chain from the last event this consumer handed over (`tip`) is
 *   ours without a look at the database (the steady state);
 * * any other run (the first after a start, after a hole another process handled, or a
 *   foreign one) is ours only if it is a chain and the store holds its last event with that
 *   hash: the hash covers everything before it.
 */
export interface ChainTip {
  position: number;
  hash: string;
  prev_hash: string;
}

/** The hash of this log's event at `position`; undefined when the log has none there. */
export type HashAt = (position: number) => Promise<string | undefined>;

/**
 * Whether `event` comes right after `previous` in one log: it names `previous` as its predecessor,
 * or both belong to one packed batch (same link, same predecessor).
 */
function follows(previous: ChainTip, event: StoredEvent): boolean {
  if (event.global_position !== previous.position + 1) return false;
  if (event.prev_hash === previous.hash) return true;
  return event.hash === previous.hash && event.prev_hash === previous.prev_hash;
}

/** The tip a consumer keeps after handing `event` over. */
export function chainTipOf(event: StoredEvent): ChainTip {
  return { position: event.global_position, hash: event.hash, prev_hash: event.prev_hash };
}

/** Whether each event comes right after the one before it. */
export function isChain(events: readonly StoredEvent[]): boolean {
  for (let i = 1; i < events.length; i += 1)
    if (!follows(chainTipOf(events[i - 1]!), events[i]!)) return false;
  return true;
}

/** Whether `events` (non-empty, in order) continue the chain right after `tip`. */
export function continuesChain(tip: ChainTip | undefined, events: readonly StoredEvent[]): boolean {
  return tip !== undefined && follows(tip, events[0]!) && isChain(events);
}

/** Whether `events` (non-empty, in order) are events of the log `hashAt` reads. */
export async function belongsToLog(
  tip: ChainTip | undefined,
  events: readonly StoredEvent[],
  hashAt: HashAt,
): Promise<boolean> {
  if (continuesChain(tip, events)) return true;
  if (!isChain(events)) return false;
  const last = events[events.length - 1]!;
  return (await hashAt(last.global_position)) === last.hash;
}
