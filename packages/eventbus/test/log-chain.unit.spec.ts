import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../src/index.js';
import { belongsToLog, continuesChain, isChain, type HashAt } from '../src/log-chain.js';

/** Events at `from`.. whose hashes chain from `prevHash` (hash `{log}-{position}`). */
function chain(log: string, from: number, count: number, prevHash = `${log}-${from - 1}`): StoredEvent[] {
  const events: StoredEvent[] = [];
  let previous = prevHash;
  for (let position = from; position < from + count; position += 1) {
    const hash = `${log}-${position}`;
    events.push({
      global_position: position,
      event_id: `e-${log}-${position}`,
      prev_hash: previous,
      hash,
    } as StoredEvent);
    previous = hash;
  }
  return events;
}

/** A log whose event at each position has hash `{log}-{position}`, up to `head`. */
function logOf(log: string, head: number): HashAt & { reads: number[] } {
  const reads: number[] = [];
  const hashAt = async (position: number) => {
    reads.push(position);
    return position >= 1 && position <= head ? `${log}-${position}` : undefined;
  };
  return Object.assign(hashAt, { reads });
}

describe('log chain: is a run of stream events this database’s?', () => {
  it('given the tip of the last hand-over, a run that continues it is ours without reading the store', async () => {
    const ours = logOf('a', 10);
    const run = chain('a', 6, 3);
    expect(continuesChain({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, run)).toBe(true);
    expect(await belongsToLog({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, run, ours)).toBe(true);
    expect(ours.reads).toEqual([]);
  });

  it('given no tip (a start), a run is ours when the store holds its last event with that hash', async () => {
    const ours = logOf('a', 10);
    expect(await belongsToLog(undefined, chain('a', 1, 4, 'genesis'), ours)).toBe(true);
    expect(ours.reads).toEqual([4]);
  });

  it("given another log's run at the same positions, it is not ours, from a tip or from a start", async () => {
    const ours = logOf('a', 10);
    const foreign = chain('b', 6, 3);
    expect(await belongsToLog({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, foreign, ours)).toBe(false);
    expect(await belongsToLog(undefined, foreign, ours)).toBe(false);
  });

  it('given an empty log, the first events of another log (which chain from genesis too) are not ours', async () => {
    expect(await belongsToLog(undefined, chain('b', 1, 2, 'genesis'), logOf('a', 0))).toBe(false);
  });

  it('given a run past a hole another process handled, it is checked against the store', async () => {
    const ours = logOf('a', 20);
    expect(await belongsToLog({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, chain('a', 9, 2), ours)).toBe(
      true,
    );
    expect(ours.reads).toEqual([10]);
  });

  it('given a run whose events do not chain (two logs interleaved), it is not ours', async () => {
    const mixed = [...chain('a', 6, 1), ...chain('b', 7, 1)];
    expect(isChain(mixed)).toBe(false);
    expect(await belongsToLog({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, mixed, logOf('a', 10))).toBe(
      false,
    );
    expect(isChain([...chain('a', 6, 1), ...chain('a', 8, 1, 'a-6')])).toBe(false);
  });

  it('given a packed batch (every event carries the batch link and one predecessor), it is a chain, also split across hand-overs', async () => {
    const batch = [6, 7, 8].map(
      (position) =>
        ({
          global_position: position,
          event_id: `p-${position}`,
          prev_hash: 'a-5',
          hash: 'a-batch',
        }) as StoredEvent,
    );
    const after = chain('a', 9, 1, 'a-batch');
    expect(isChain([...batch, ...after])).toBe(true);
    const ours = logOf('a', 10);
    expect(
      await belongsToLog({ position: 5, hash: 'a-5', prev_hash: 'a-4' }, [...batch, ...after], ours),
    ).toBe(true);
    // The previous hand-over ended inside the batch.
    expect(continuesChain({ position: 6, hash: 'a-batch', prev_hash: 'a-5' }, batch.slice(1))).toBe(true);
    expect(continuesChain({ position: 6, hash: 'a-batch', prev_hash: 'a-0' }, batch.slice(1))).toBe(false);
    expect(ours.reads).toEqual([]);
  });
});
