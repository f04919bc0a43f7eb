import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RewardTransfer } from '../src/index.js';
import {
  dequeuePendingReward,
  enqueuePendingReward,
  expiredPendingRewards,
} from '../src/pending-reward-queue.js';

function reward(sequence: number, expires_at_ms: number): RewardTransfer {
  return {
    transfer_id: `tr_${sequence}`,
    requester_id: 'req',
    evaluator_id: 'eva',
    item_id: undefined,
    credits: 1,
    expires_at_ms,
    status: 'pending',
    vote_id: undefined,
    release_reason: undefined,
    sequence,
    queue_index: -1,
  };
}

/** A queue holding one reward per expiry, in the order given (sequence = position). */
function queueOf(...expiries: number[]): { queue: RewardTransfer[]; rewards: RewardTransfer[] } {
  const queue: RewardTransfer[] = [];
  const rewards = expiries.map((expiresAtMs, sequence) => reward(sequence, expiresAtMs));
  for (const added of rewards) enqueuePendingReward(queue, added);
  return { queue, rewards };
}

const ids = (rewards: readonly RewardTransfer[]) => rewards.map((r) => r.transfer_id);

describe('pending reward queue', () => {
  it('still finds the next expired reward after the root is settled (sift-down takes the smaller child)', () => {
    // Heap [1, 5, 2, 6, 7]; removing the root moves 7 up, and only the right child (2) may replace it.
    const { queue, rewards } = queueOf(1, 5, 2, 6, 7);
    const [first] = rewards;
    if (first) dequeuePendingReward(queue, first);
    expect(ids(expiredPendingRewards(queue, 3, 10))).toEqual(['tr_2']);
    expect(ids(expiredPendingRewards(queue, 6, 10))).toEqual(['tr_2', 'tr_1', 'tr_3']);
    queue.forEach((r, index) => expect(r.queue_index).toBe(index));
  });

  it('keeps the heap order when a reward in the middle is settled and its replacement must rise', () => {
    // Heap [1, 10, 2, 11, 12, 3, 4]; removing 11 moves 4 into its slot, below 10: 4 must rise.
    const { queue, rewards } = queueOf(1, 10, 2, 11, 12, 3, 4);
    const eleven = rewards[3];
    if (eleven) dequeuePendingReward(queue, eleven);
    expect(ids(expiredPendingRewards(queue, 100, 10))).toEqual([
      'tr_0',
      'tr_2',
      'tr_5',
      'tr_6',
      'tr_1',
      'tr_4',
    ]);
    expect(eleven?.queue_index).toBe(-1);
  });

  it('walks a large heap oldest first, ties broken by reservation order, and stops at max_count', () => {
    // 200 rewards with scrambled expiries (many equal), reserved in a scrambled order.
    const expiries = Array.from({ length: 200 }, (_, i) => (i * 37) % 50);
    const { queue, rewards } = queueOf(...expiries);
    const byAge = [...rewards].sort((a, b) => a.expires_at_ms - b.expires_at_ms || a.sequence - b.sequence);
    expect(ids(expiredPendingRewards(queue, 49, 200))).toEqual(ids(byAge));
    expect(ids(expiredPendingRewards(queue, 20, 1_000))).toEqual(
      ids(byAge.filter((r) => r.expires_at_ms <= 20)),
    );
    expect(ids(expiredPendingRewards(queue, 49, 57))).toEqual(ids(byAge.slice(0, 57)));
    expect(expiredPendingRewards(queue, -1, 10)).toEqual([]);
  });

  it('ignores a reward that is not queued (a second settle on replay) and leaves the others in place', () => {
    const { queue, rewards } = queueOf(3, 1, 2);
    const [three, one] = rewards;
    if (!three || !one) throw new Error('three rewards');
    dequeuePendingReward(queue, three);
    const before = ids(queue);
    dequeuePendingReward(queue, three);
    expect(ids(queue)).toEqual(before);
    // A stranger whose queue_index points at a queued reward's slot is not that reward.
    const stranger = { ...reward(9, 0), queue_index: one.queue_index };
    dequeuePendingReward(queue, stranger);
    expect(ids(queue)).toEqual(before);
    expect(ids(expiredPendingRewards(queue, 10, 10))).toEqual(['tr_1', 'tr_2']);
  });

  it('empties when the last reward is settled', () => {
    const { queue, rewards } = queueOf(4);
    const [only] = rewards;
    if (only) dequeuePendingReward(queue, only);
    expect(queue).toEqual([]);
    expect(only?.queue_index).toBe(-1);
    expect(expiredPendingRewards(queue, 10, 10)).toEqual([]);
  });

  it('returns the expired rewards in (expiry, sequence) order after any adds and removals', () => {
    const operation = fc.oneof(
      fc.record({ add: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ remove: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 80 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 30 }),
        (operations, nowMs, maxCount) => {
          const queue: RewardTransfer[] = [];
          const live: RewardTransfer[] = [];
          let sequence = 0;
          for (const op of operations) {
            if ('add' in op) {
              const added = reward(sequence++, op.add);
              enqueuePendingReward(queue, added);
              live.push(added);
            } else if (live.length > 0) {
              const [removed] = live.splice(op.remove % live.length, 1);
              if (removed) dequeuePendingReward(queue, removed);
            }
          }
          const expected = live
            .filter((r) => r.expires_at_ms <= nowMs)
            .sort((a, b) => a.expires_at_ms - b.expires_at_ms || a.sequence - b.sequence)
            .slice(0, maxCount);
          const snapshot = queue.map((r) => r.transfer_id);
          expect(expiredPendingRewards(queue, nowMs, maxCount)).toEqual(expected);
          expect(queue.map((r) => r.transfer_id)).toEqual(snapshot);
          expect(queue).toHaveLength(live.length);
          queue.forEach((r, index) => expect(r.queue_index).toBe(index));
        },
      ),
      { numRuns: 300 },
    );
  });
});
