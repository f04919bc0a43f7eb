import type { StoredEvent } from './event-bus.js';

/**
 * Most bytes of events in one stream message: far below NATS's default `max_payload` (1 MiB),
 * and small enough that a consumer's pull of 128 messages stays near 16 MiB.
 */
export const MESSAGE_BYTES = 128 * 1024;

/** A run of consecutive events packed into one stream message. */
export interface EventsMessage {
  events: StoredEvent[];
  /** JSON array of the events. */
  body: Uint8Array;
  /** `Nats-Msg-Id`: the last event's id (see `packEvents`). */
  msgID: string;
}

const encoder = new TextEncoder();

/**
 * Packs consecutive events into messages of at most `maxBytes` (an event larger than that goes
 * alone). A message is identified by its last event's id: the relay publishes in order with
 * each message expecting its predecessor, so a stored message whose last event is E means every
 * event up to E is in the stream, and a republished message ending at E adds nothing. A message
 * of one event has that event's id, as in streams written one event per message.
 */
export function packEvents(events: readonly StoredEvent[], maxBytes = MESSAGE_BYTES): EventsMessage[] {
  const messages: EventsMessage[] = [];
  let run: StoredEvent[] = [];
  let parts: string[] = [];
  // The body is `[` + events joined by `,` + `]`: one byte per event plus one.
  let bytes = 1;
  const flush = () => {
    if (run.length === 0) return;
    messages.push({
      events: run,
      body: encoder.encode(`[${parts.join(',')}]`),
      msgID: run[run.length - 1]!.event_id,
    });
    run = [];
    parts = [];
    bytes = 1;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    if (run.length > 0 && bytes + size > maxBytes) flush();
    run.push(event);
    parts.push(json);
    bytes += size;
  }
  flush();
  return messages;
}

function isStoredEvent(value: unknown): value is StoredEvent {
  const event = value as Partial<StoredEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.global_position === 'number' &&
    typeof event.event_id === 'string' &&
    typeof event.type === 'string'
  );
}

/**
 * The events of one stream message: a JSON array of stored events, or one stored event (streams
 * written one event per message). Throws for anything else (someone else published there).
 */
export function unpackEvents(decoded: unknown): StoredEvent[] {
  const events = Array.isArray(decoded) ? decoded : [decoded];
  if (events.length === 0 || !events.every(isStoredEvent)) throw new Error('not stored events');
  return events;
}
