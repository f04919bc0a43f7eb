import type { EventStore } from '@evalmarket/eventstore';
import { expect } from 'vitest';
import type { ConsumeOptions, ConsumerHandle, StoredEvent } from '../src/index.js';

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

/**
 * Pacing (`ConsumeOptions.pacing`) on either bus: while events keep coming, hand-overs start at
 * least `intervalMs` apart and everything still arrives in order; while `urgent()` says so, or
 * once `hurry()` is called, nothing waits out the interval.
 */
export async function pacingScenario(
  bus: { consume: (options: ConsumeOptions) => Promise<ConsumerHandle> },
  store: EventStore,
  name: string,
): Promise<void> {
  const intervalMs = 400;
  let urgent = false;
  const startHead = await store.headPosition();
  const consumer = dedupingConsumer(startHead);
  const handOvers: number[] = [];
  const handledAt = new Map<number, number>();
  const handle = await bus.consume({
    name,
    pacing: { intervalMs, urgent: () => urgent },
    handler: async (events) => {
      // A new consumer first catches up on the log the tests before wrote, in full batches
      // handed over back to back; only the trickle below is paced.
      if (events.at(-1)!.global_position > startHead) handOvers.push(Date.now());
      for (const event of events) handledAt.set(event.global_position, Date.now());
      await consumer.handler(events);
    },
  });
  try {
    // A steady trickle for about 1.2 s: without pacing, one hand-over per event or so.
    const trickle: StoredEvent[] = [];
    for (let i = 0; i < 40; i += 1) {
      trickle.push(...(await appendThings(store, 1)));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await until(() => consumer.handled.length === trickle.length);
    expect(consumer.handled).toEqual(trickle.map((e) => e.global_position));
    const gaps = handOvers.slice(1).map((at, i) => at - handOvers[i]!);
    // Timers may fire a millisecond early; a busy machine only makes gaps longer.
    expect(gaps.length).toBeGreaterThan(1);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(intervalMs - 5);
    expect(handOvers.length).toBeLessThan(trickle.length / 3);

    // One event right after a hand-over would wait out the interval; hurry() ends that wait.
    await new Promise((resolve) => setTimeout(resolve, intervalMs + 100));
    const [first] = await appendThings(store, 1);
    await until(() => handledAt.has(first!.global_position));
    const firstAt = handledAt.get(first!.global_position)!;
    const [second] = await appendThings(store, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    urgent = true;
    handle.hurry();
    await until(() => handledAt.has(second!.global_position));
    // While urgent, the next one is not held either.
    const [third] = await appendThings(store, 1);
    await until(() => handledAt.has(third!.global_position));
    expect(handledAt.get(third!.global_position)! - firstAt).toBeLessThan(intervalMs - 50);
    expect(consumer.handled.slice(-3)).toEqual([first, second, third].map((e) => e!.global_position));
  } finally {
    await handle.stop();
  }
}
