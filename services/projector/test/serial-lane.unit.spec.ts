import { describe, expect, it } from 'vitest';
import { SerialLane } from '../src/serial-lane.js';

/** A promise and the function that resolves it, to end a piece of work when the test says so. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('SerialLane', () => {
  it('runs each piece after the one before it has ended, in the order pushed', async () => {
    const lane = new SerialLane();
    const log: string[] = [];
    const first = gate();
    lane.push(async () => {
      log.push('first starts');
      await first.opened;
      log.push('first ends');
    });
    lane.push(async () => {
      log.push('second runs');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['first starts']);
    expect(lane.length).toBe(2);
    first.open();
    await lane.drain();
    expect(log).toEqual(['first starts', 'first ends', 'second runs']);
    expect(lane.length).toBe(0);
  });

  it('waits only until at most the given number of pieces are left', async () => {
    const lane = new SerialLane();
    const gates = [gate(), gate(), gate()];
    for (const g of gates) lane.push(() => g.opened);
    let waited = false;
    const waiting = lane.waitUntilAtMost(1).then(() => (waited = true));
    gates[0]!.open();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waited).toBe(false);
    expect(lane.length).toBe(2);
    gates[1]!.open();
    await waiting;
    expect(lane.length).toBe(1);
    gates[2]!.open();
    await lane.drain();
  });

  it('stops at a failure: later pieces are skipped, and push and drain throw it', async () => {
    const lane = new SerialLane();
    const ran: string[] = [];
    lane.push(async () => {
      ran.push('a');
      throw new Error('insert failed');
    });
    lane.push(async () => {
      ran.push('b');
    });
    await expect(lane.drain()).rejects.toThrow('insert failed');
    expect(ran).toEqual(['a']);
    expect(() => lane.push(async () => undefined)).toThrow('insert failed');
    await lane.waitUntilAtMost(0);
  });
});
