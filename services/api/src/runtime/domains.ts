import type { DomainEventHandlers } from '@evalmarket/projector';
import { evaluatorProjection } from '../evaluator/evaluator-projection.js';
import { evaluationProjection, evaluationsPlugin, startEvaluationWorker } from '../evaluations/index.js';
import type { DomainContext, DomainPlugin } from './domain-context.js';

/**
 * The domains of the API, one line each: their routes (registered under /api/v1 in this order)
 * and the handlers of the read models they own (see createDomainProjection).
 */
export const DOMAIN_PLUGINS: readonly DomainPlugin[] = [evaluationsPlugin];

export const DOMAIN_EVENT_HANDLERS: readonly DomainEventHandlers[] = [
  evaluatorProjection,
  evaluationProjection,
];

/** A background process of a domain (webhook follow-up, auto-recharge, Langfuse sync, ...). */
export interface DomainProcess {
  stop(): Promise<void>;
}

/** Started after the routes, stopped before the database closes. */
export const DOMAIN_PROCESSES: ReadonlyArray<(context: DomainContext) => Promise<DomainProcess>> = [
  startEvaluationWorker,
];
