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

describe('pending reward queue', () => {
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
