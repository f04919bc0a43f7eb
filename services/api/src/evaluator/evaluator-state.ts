import { evaluatorStreamId, type TEvaluatorStatus, type TStoredEvent } from '@evalmarket/contracts';
import type { EventStore } from '@evalmarket/eventstore';

/** The evaluator aggregate as its own stream tells it; decisions are made on this, not on read models. */
export interface EvaluatorState {
  status: TEvaluatorStatus;
  expertInterestExpressed: boolean;
  /** Stream version the decision was made at (0: no stream), for optimistic concurrency. */
  version: number;
}

export function evolveEvaluator(state: EvaluatorState, event: TStoredEvent): EvaluatorState {
  const next = { ...state, version: event.stream_version };
  switch (event.type) {
    case 'EvaluatorApplied':
      return { ...next, status: 'pending' };
    case 'EvaluatorVerified':
      return { ...next, status: 'verified' };
    case 'EvaluatorRejected':
      return { ...next, status: 'rejected' };
    case 'ExpertInterestExpressed':
      return { ...next, expertInterestExpressed: true };
    default:
      return next;
  }
}

/** Streams stay tiny (apply, review, interest), so reading them whole is cheap. */
export async function loadEvaluator(store: EventStore, userId: string): Promise<EvaluatorState> {
  const events = await store.readStream(evaluatorStreamId(userId), { limit: 1000 });
  return events.reduce(evolveEvaluator, {
    status: 'not_applied',
    expertInterestExpressed: false,
    version: 0,
  } as EvaluatorState);
}
