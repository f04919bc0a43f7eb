import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { ApplyProjection } from './project-batch.js';

/** Checkpoint name of the projection that keeps every non-wallet read model. */
export const DOMAIN_PROJECTION = 'domain';

/** Writes one event into a domain's read models, inside the batch's transaction. */
export type DomainEventHandler = (tx: SqlExecutor, event: TStoredEvent) => Promise<void>;

/** One domain's handlers by event type (identity, evaluations, evaluator onboarding, ...). */
export type DomainEventHandlers = Readonly<Record<string, DomainEventHandler>>;

/**
 * The domain projection: each domain contributes handlers for the event types whose read models
 * it owns; events are applied one by one in position order. An event type may have handlers in
 * several domains (a VoteRecorded moves money and an evaluation's progress); they run in the
 * order the domains were given.
 */
export function createDomainProjection(domains: readonly DomainEventHandlers[]): ApplyProjection {
  const byType = new Map<string, DomainEventHandler[]>();
  for (const handlers of domains) {
    for (const [type, handler] of Object.entries(handlers)) {
      const list = byType.get(type) ?? [];
      list.push(handler);
      byType.set(type, list);
    }
  }
  return async (tx, events) => {
    let handled = 0;
    for (const event of events) {
      const handlers = byType.get(event.type);
      if (!handlers) continue;
      for (const handler of handlers) await handler(tx, event);
      handled += 1;
    }
    return { handled };
  };
}
