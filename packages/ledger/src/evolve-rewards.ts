import type { TLedgerEventDataMap } from '@evalmarket/contracts';
import { epochMsFromIso } from './iso-time.js';
import type { LedgerState, RewardTransfer } from './ledger-state.js';
import { dequeuePendingReward, enqueuePendingReward } from './pending-reward-queue.js';

/** RewardReserved: records the pending reward in reservation order and queues it for expiry. */
export function evolveRewardReserved(state: LedgerState, data: TLedgerEventDataMap['RewardReserved']): void {
  const reward: RewardTransfer = {
    transfer_id: data.transfer_id,
    requester_id: data.requester_id,
    evaluator_id: data.evaluator_id,
    item_id: data.item_id,
    credits: data.credits,
    expires_at_ms: epochMsFromIso(data.expires_at),
    status: 'pending',
    vote_id: undefined,
    release_reason: undefined,
    sequence: state.rewardSequence,
    // Stryker disable next-line UnaryOperator: enqueuePendingReward sets the slot right below.
    queue_index: -1,
  };
  state.rewardSequence += 1;
  state.rewards.set(reward.transfer_id, reward);
  enqueuePendingReward(state.pendingRewards, reward);
}

/** VoteRecorded: the reward is posted to the evaluator and leaves the expiry queue. */
export function evolveVoteRecorded(state: LedgerState, data: TLedgerEventDataMap['VoteRecorded']): void {
  const reward = state.rewards.get(data.transfer_id);
  if (reward === undefined) return;
  reward.status = 'posted';
  reward.vote_id = data.vote_id;
  dequeuePendingReward(state.pendingRewards, reward);
}

/** RewardReleased: the reward is voided (expired, skipped, cancelled) and leaves the expiry queue. */
export function evolveRewardReleased(state: LedgerState, data: TLedgerEventDataMap['RewardReleased']): void {
  const reward = state.rewards.get(data.transfer_id);
  if (reward === undefined) return;
  reward.status = 'voided';
  reward.release_reason = data.reason;
  dequeuePendingReward(state.pendingRewards, reward);
}
