import type { TStoredEvent } from '@evalmarket/contracts';
import { EventStoreError, type NewEvent } from '@evalmarket/eventstore';
import type { DomainContext } from '../runtime/domain-context.js';
import { ConflictError } from '../http/errors.js';
import { recordEvents, type RecordEventsOptions } from './record-events.js';

/**
 * recordEvents for a decision made at a known stream version: when someone else appended to the
 * stream in between (two admins reviewing one application), the loser gets 409 `conflictDetail`
 * instead of a 500.
 */
export async function appendDecision(
  context: Pick<DomainContext, 'store' | 'domain'>,
  streamId: string,
  events: Array<Omit<NewEvent, 'metadata'>>,
  options: RecordEventsOptions & { conflictDetail: string },
): Promise<TStoredEvent[]> {
  try {
    return await recordEvents(context, streamId, events, options);
  } catch (error) {
    if (error instanceof EventStoreError && error.code === 'wrong_expected_version') {
      throw new ConflictError(options.conflictDetail);
    }
    throw error;
  }
}
