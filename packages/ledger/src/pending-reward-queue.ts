import type { RewardTransfer } from './ledger-state.js';

/**
 * Pending rewards as a binary min-heap ordered by (expires_at_ms, sequence), each reward knowing
 * its own slot (`queue_index`). Reserving and settling are O(log n) without extra allocations,
 * and expiry reads the oldest rewards first without scanning every pending one.
 */

function before(a: RewardTransfer, b: RewardTransfer): boolean {
  if (a.expires_at_ms !== b.expires_at_ms) return a.expires_at_ms < b.expires_at_ms;
  // Stryker disable next-line EqualityOperator: sequences are unique and no reward is compared with itself.
  return a.sequence < b.sequence;
}

function place(queue: RewardTransfer[], index: number, reward: RewardTransfer): void {
  queue[index] = reward;
  reward.queue_index = index;
}

function siftUp(queue: RewardTransfer[], start: number): void {
  const reward = queue[start];
  if (reward === undefined) return;
  let index = start;
  // Stryker disable next-line EqualityOperator: at the root (`>= 0`) the parent slot -1 is undefined, which stops below.
  while (index > 0) {
    const parentIndex = (index - 1) >> 1;
    const parent = queue[parentIndex];
    if (parent === undefined || !before(reward, parent)) break;
    place(queue, index, parent);
    index = parentIndex;
  }
  place(queue, index, reward);
}

function siftDown(queue: RewardTransfer[], start: number): void {
  const reward = queue[start];
  if (reward === undefined) return;
  const length = queue.length;
  let index = start;
  for (;;) {
    const leftIndex = 2 * index + 1;
    const rightIndex = leftIndex + 1;
    // The two bounds below spare reads past the end; such a read is undefined, which the guards after
    // them treat as no child, so loosening or dropping a bound changes nothing.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
    if (leftIndex >= length) break;
    const left = queue[leftIndex];
    // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
    const right = rightIndex < length ? queue[rightIndex] : undefined;
    let childIndex = leftIndex;
    let child = left;
    if (right !== undefined && left !== undefined && before(right, left)) {
      childIndex = rightIndex;
      child = right;
    }
    if (child === undefined || !before(child, reward)) break;
    place(queue, index, child);
    index = childIndex;
  }
  place(queue, index, reward);
}

export function enqueuePendingReward(queue: RewardTransfer[], reward: RewardTransfer): void {
  reward.queue_index = queue.length;
  queue.push(reward);
  siftUp(queue, reward.queue_index);
}

export function dequeuePendingReward(queue: RewardTransfer[], reward: RewardTransfer): void {
  const index = reward.queue_index;
  // Stryker disable next-line ConditionalExpression: queue[-1] is undefined, so the second test refuses it anyway.
  if (index < 0 || queue[index] !== reward) return;
  reward.queue_index = -1;
  const last = queue.pop();
  if (last === undefined || last === reward) return;
  place(queue, index, last);
  siftDown(queue, index);
  siftUp(queue, last.queue_index);
}

/**
 * The pending rewards with `expires_at_ms <= nowMs`, oldest first, at most `maxCount`; the queue
 * is only read. A best-first walk of the heap from its root, so the cost follows `maxCount`, not
 * the number of pending rewards.
 */
export function expiredPendingRewards(
  queue: readonly RewardTransfer[],
  nowMs: number,
  maxCount: number,
): RewardTransfer[] {
  const expired: RewardTransfer[] = [];
  const root = queue[0];
  if (root === undefined || root.expires_at_ms > nowMs) return expired;
  // Frontier of heap slots whose parents were taken; itself a small min-heap of slots.
  const frontier: number[] = [0];
  while (frontier.length > 0 && expired.length < maxCount) {
    const slot = popSlot(frontier, queue);
    const reward = queue[slot];
    if (reward === undefined) break;
    expired.push(reward);
    for (const childSlot of [2 * slot + 1, 2 * slot + 2]) {
      const child = queue[childSlot];
      if (child !== undefined && child.expires_at_ms <= nowMs) pushSlot(frontier, queue, childSlot);
    }
  }
  return expired;
}

function slotBefore(queue: readonly RewardTransfer[], a: number, b: number): boolean {
  const left = queue[a];
  const right = queue[b];
  return left !== undefined && right !== undefined && before(left, right);
}

function pushSlot(frontier: number[], queue: readonly RewardTransfer[], slot: number): void {
  frontier.push(slot);
  let index = frontier.length - 1;
  // Stryker disable next-line EqualityOperator: at the top (`>= 0`) the parent read is slot 0, the heap's root, which no slot comes before.
  while (index > 0) {
    const parentIndex = (index - 1) >> 1;
    const parent = frontier[parentIndex] ?? 0;
    if (!slotBefore(queue, slot, parent)) break;
    frontier[index] = parent;
    index = parentIndex;
  }
  frontier[index] = slot;
}

function popSlot(frontier: number[], queue: readonly RewardTransfer[]): number {
  const top = frontier[0] ?? 0;
  const last = frontier.pop() ?? 0;
  if (frontier.length === 0) return top;
  let index = 0;
  for (;;) {
    const leftIndex = 2 * index + 1;
    if (leftIndex >= frontier.length) break;
    let childIndex = leftIndex;
    if (
      leftIndex + 1 < frontier.length &&
      slotBefore(queue, frontier[leftIndex + 1] ?? 0, frontier[leftIndex] ?? 0)
    ) {
      childIndex = leftIndex + 1;
    }
    const child = frontier[childIndex] ?? 0;
    if (!slotBefore(queue, child, last)) break;
    frontier[index] = child;
    index = childIndex;
  }
  frontier[index] = last;
  return top;
}
