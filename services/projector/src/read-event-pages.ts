import type { TStoredEvent } from '@evalmarket/contracts';
import { MAX_READ_BATCH, type EventStore } from '@evalmarket/eventstore';

export const DEFAULT_REPLAY_BATCH_SIZE = 5000;

/**
 * The log from `after` (exclusive) to `upTo` (inclusive), one page at a time, so a replay holds
 * at most two pages in memory however long the log is: the next page is read while the caller
 * applies the one it was given, so the reading and decoding overlap the caller's writes.
 */
export async function* readEventPages(
  store: EventStore,
  options: { after: number; upTo: number; batchSize?: number },
): AsyncGenerator<TStoredEvent[]> {
  const limit = Math.max(1, Math.min(options.batchSize ?? DEFAULT_REPLAY_BATCH_SIZE, MAX_READ_BATCH));
  if (options.after >= options.upTo) return;
  let next: Promise<TStoredEvent[]> | undefined = store.readAll({ after: options.after, limit });
  try {
    while (next) {
      const events = await next;
      next = undefined;
      const page = events.filter((event) => event.global_position <= options.upTo);
      const last = events[events.length - 1]?.global_position ?? options.upTo;
      if (events.length === limit && page.length === events.length && last < options.upTo) {
        next = store.readAll({ after: last, limit });
      }
      if (page.length > 0) yield page;
    }
  } finally {
    // The caller stopped early (or failed): the read ahead is not wanted, nor is its failure.
    next?.catch(() => undefined);
  }
}
