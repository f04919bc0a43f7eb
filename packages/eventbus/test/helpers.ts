import type { EventStore } from '@evalmarket/eventstore';
import type { StoredEvent } from '../src/index.js';

let counter = 0;

/** Appends `count` events spread over three streams and two types; returns them as stored. */
export async function appendThings(store: EventStore, count: number): Promise<StoredEvent[]> {
  const stored: StoredEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    counter += 1;
    const { events } = await store.append(
      `thing-${counter % 3}`,
      [{ type: counter % 2 === 0 ? 'ThingHappened' : 'OtherThingHappened', data: { n: counter } }],
      'any',
    );
    stored.push(...events);
  }
  return stored;
}

/**
 * What a real consumer does: keeps its own checkpoint and ignores anything at or below it.
 * `received` is everything the bus handed over, `handled` what survived de-duplication.
 */
export function dedupingConsumer(startAfter = 0) {
  const state = {
    checkpoint: startAfter,
    received: [] as number[],
    handled: [] as number[],
    eventIds: [] as string[],
    async handler(events: StoredEvent[]) {
      for (const event of events) {
        state.received.push(event.global_position);
        if (event.global_position <= state.checkpoint) continue;
        state.handled.push(event.global_position);
        state.eventIds.push(event.event_id);
        state.checkpoint = event.global_position;
      }
    },
  };
  return state;
}

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A logger that keeps what it is told (and prints nothing unless EVENTBUS_TEST_LOG is set). */
export function recordingLogger() {
  const entries: Array<{ level: string; message: string; fields: object }> = [];
  const log = (level: string) => (fields: object, message: string) => {
    entries.push({ level, message, fields });
    if (process.env.EVENTBUS_TEST_LOG) console.log(level, message, fields);
  };
  return { entries, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
