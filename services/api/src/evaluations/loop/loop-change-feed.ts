import type { TStoredEvent } from '@evalmarket/contracts';
import type { EventStore, Subscription } from '@evalmarket/eventstore';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimBooks } from './claim-books.js';
import { LOOP_CACHE_EVENT_TYPES, type LoopInvalidations } from './loop-cache.js';

/*
 * Where several processes share one log (PostgreSQL + NATS), what one process changes reaches
 * the others' loop caches and the active writer's claim books through the log itself: every
 * process follows the events that matter to the loop, whatever roles it runs. A configuration or
 * status change, an evaluator's review or an item's update invalidates the cached entry (the
 * writer's book follows a configuration change, its limits being read through the cache); items
 * ingested by any process join the active writer's loaded book (a book is loaded from the read
 * models after the head it was asked at, so an item that arrives before the book is not lost).
 */

const ITEMS_INGESTED = 'ItemsIngested';

/** The event types the feed follows. */
export const LOOP_FEED_EVENT_TYPES: readonly string[] = [...LOOP_CACHE_EVENT_TYPES, ITEMS_INGESTED];

/** What one batch of followed events does to the caches and the books. */
export async function applyLoopChanges(
  events: readonly TStoredEvent[],
  parts: { notes: LoopInvalidations; books: ClaimBooks },
): Promise<void> {
  parts.notes.note(events);
  for (const event of events) {
    if (event.type !== ITEMS_INGESTED) continue;
    const data = event.data as { evaluation_id?: unknown; items?: Array<{ item_id?: unknown }> };
    if (typeof data.evaluation_id !== 'string') continue;
    const itemIds = (data.items ?? []).flatMap((item) =>
      typeof item.item_id === 'string' ? [item.item_id] : [],
    );
    await parts.books.addItems(data.evaluation_id, itemIds);
  }
}

/** Follows the log from its head now until the subscription is stopped. */
export async function followLoopChanges(parts: {
  store: EventStore;
  notes: LoopInvalidations;
  books: ClaimBooks;
  logger: FastifyBaseLogger;
}): Promise<Subscription> {
  return parts.store.subscribe({
    after: await parts.store.headPosition(),
    types: LOOP_FEED_EVENT_TYPES,
    handler: (events) => applyLoopChanges(events, parts),
    onError: (error) => parts.logger.warn({ err: error }, 'following the loop’s changes failed; retrying'),
  });
}
