import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../src/index.js';
import { packEvents, unpackEvents } from '../src/index.js';

const event = (position: number, payload = ''): StoredEvent =>
  ({
    global_position: position,
    event_id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    stream_id: 'thing-1',
    stream_version: position,
    type: 'ThingHappened',
    schema_version: 1,
    data: { payload },
    metadata: {},
    recorded_at: '2026-11-24T00:00:00.000Z',
  }) as unknown as StoredEvent;

describe('stream messages', () => {
  it('packs consecutive events up to the byte limit, each message named by its last event', () => {
    const events = Array.from({ length: 10 }, (_, i) => event(i + 1, 'x'.repeat(100)));
    // Four events exactly: `[`, four events, three commas, `]`.
    const limit = 4 * Buffer.byteLength(JSON.stringify(events[0])) + 5;
    const messages = packEvents(events, limit);
    expect(messages.map((m) => m.events.length)).toEqual([4, 4, 2]);
    expect(messages[0]!.body.length).toBe(limit);
    for (const message of messages) {
      expect(message.msgID).toBe(message.events.at(-1)!.event_id);
      expect(unpackEvents(JSON.parse(new TextDecoder().decode(message.body)))).toEqual(message.events);
    }
    expect(messages.flatMap((m) => m.events)).toEqual(events);
  });

  it('sends an event larger than the limit alone', () => {
    const events = [event(1), event(2, 'y'.repeat(5_000)), event(3)];
    expect(packEvents(events, 1_000).map((m) => m.events.map((e) => e.global_position))).toEqual([
      [1],
      [2],
      [3],
    ]);
  });

  it('reads a single-event message as one event and refuses anything that is not stored events', () => {
    expect(unpackEvents(event(7))).toEqual([event(7)]);
    for (const foreign of [[], {}, 'text', null, [event(1), { hello: 'world' }], { global_position: '1' }]) {
      expect(() => unpackEvents(foreign)).toThrow('not stored events');
    }
  });
});
