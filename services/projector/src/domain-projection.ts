import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { ApplyProjection } from './project-batch.js';

/** Checkpoint name of the projection that keeps every non-wallet read model. */
export const DOMAIN_PROJECTION = 'domain';

/** Writes one event into a domain's read models, inside the batch's transaction. */
export interface DomainEventHandler {
  (tx: SqlExecutor, event: TStoredEvent): Promise<void>;
  /**
   * Writes a run of consecutive events at once (one statement for the hot ones), with exactly
   * the effect of writing them one by one in order. Registered for several types, it gets runs
   * of those types mixed.
   */
  many?: (tx: SqlExecutor, events: TStoredEvent[]) => Promise<void>;
}

/**
 * A handler written for runs of events (one statement per run), also usable for a single event:
 * for a domain's hot event types.
 */
export function handlerOfRuns(
  many: (tx: SqlExecutor, events: TStoredEvent[]) => Promise<void>,
): DomainEventHandler {
  return Object.assign((tx: SqlExecutor, event: TStoredEvent) => many(tx, [event]), { many });
}

/** One domain's handlers by event type (identity, evaluations, evaluator onboarding, ...). */
export type DomainEventHandlers = Readonly<Record<string, DomainEventHandler>>;

/** Whether events with these handlers can join a run of events with those (the same `many`s). */
function joinsRun(run: readonly DomainEventHandler[], next: readonly DomainEventHandler[]): boolean {
  if (run === next) return true;
  return (
    run.length === next.length &&
    next.every((handler, index) => handler.many !== undefined && handler === run[index])
  );
}

/**
 * The domain projection: each domain contributes handlers for the event types whose read models
 * it owns; events are applied in position order, one by one, or a run at once where the handlers
 * can (`many`). A run is consecutive events with the same handlers: of one type, or of the types
 * one `many` handler is registered for; events no domain handles here (the ledger's, in between)
 * do not break it. An event type may have handlers in several domains (a VoteRecorded moves money
 * and an evaluation's progress); they run in the order the domains were given.
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
    let run: TStoredEvent[] = [];
    let runHandlers: DomainEventHandler[] = [];
    const apply = async () => {
      if (run.length === 0) return;
      if (runHandlers.every((handler) => handler.many)) {
        // Each domain writes its own read models, so domain by domain is the same as event by event.
        for (const handler of runHandlers) await handler.many!(tx, run);
      } else {
        for (const event of run) for (const handler of runHandlers) await handler(tx, event);
      }
      handled += run.length;
      run = [];
    };
    for (const event of events) {
      const handlers = byType.get(event.type);
      if (!handlers) continue;
      if (!joinsRun(runHandlers, handlers)) await apply();
      if (run.length === 0) runHandlers = handlers;
      run.push(event);
    }
    await apply();
    return { handled };
  };
}

/**
 * A domain's handlers without those of `types`: for a bulk path's rest, when a fold takes
 * those events.
 */
export function withoutEventTypes(
  handlers: DomainEventHandlers,
  types: ReadonlySet<string>,
): DomainEventHandlers {
  return Object.fromEntries(Object.entries(handlers).filter(([type]) => !types.has(type)));
}
