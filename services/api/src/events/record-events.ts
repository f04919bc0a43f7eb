import type { TEventMetadata, TStoredEvent } from '@evalmarket/contracts';
import type { ExpectedVersion, NewEvent } from '@evalmarket/eventstore';
import type { FastifyRequest } from 'fastify';
import type { DomainContext } from '../runtime/domain-context.js';

/** Who caused an event and in answer to which request. */
export function eventMetadata(request: FastifyRequest | undefined, actor?: string): TEventMetadata {
  const metadata: TEventMetadata = {};
  const who = actor ?? (request?.userId ? `user:${request.userId}` : undefined);
  if (who) metadata.actor = who;
  if (request) {
    metadata.request_id = request.id;
    metadata.correlation_id = request.id;
  }
  return metadata;
}

export interface RecordEventsOptions {
  /** Optimistic concurrency on the stream; 'any' by default. */
  expectedVersion?: ExpectedVersion;
  metadata?: TEventMetadata;
  /** A true retry (same key, same payload hash) returns the first events instead of appending. */
  idempotency?: { key: string; payload_hash: string };
}

/**
 * Appends non-money events to one stream and waits until the domain read models include them,
 * so the reply that follows reads its own writes. Money moves go through the ledger writer.
 */
export async function recordEvents(
  context: Pick<DomainContext, 'store' | 'domain'>,
  streamId: string,
  events: Array<Omit<NewEvent, 'metadata'>>,
  options: RecordEventsOptions = {},
): Promise<TStoredEvent[]> {
  const appended = await context.store.append(
    streamId,
    events.map((event) => ({ ...event, metadata: options.metadata })),
    options.expectedVersion ?? 'any',
    options.idempotency ? { idempotency: options.idempotency } : undefined,
  );
  const last = appended.events[appended.events.length - 1];
  if (last) await context.domain.waitFor(last.global_position);
  return appended.events;
}
