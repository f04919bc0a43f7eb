import type { TStoredEvent } from '@evalmarket/contracts';
import { MAX_READ_BATCH, type EventStore } from '@evalmarket/eventstore';

export const DEFAULT_REPLAY_BATCH_SIZE = 5000;

/**
 * The log from `after` (exclusive) to `upTo` (inclusive), one page at a time, so a replay holds
 * one page in memory however long the log is.
 */
export async function* readEventPages(
  store: EventStore,
  options: { after: number; upTo: number; batchSize?: number },
): AsyncGenerator<TStoredEvent[]> {
  const limit = Math.max(1, Math.min(options.batchSize ?? DEFAULT_REPLAY_BATCH_SIZE, MAX_READ_BATCH));
  let after = options.after;
  while (after < options.upTo) {
    const events = await store.readAll({ after, limit });
    const page = events.filter((event) => event.global_position <= options.upTo);
    if (page.length > 0) yield page;
    if (events.length < limit || page.length < events.length) return;
    after = events[events.length - 1]!.global_position;
  }
}
