import type { TLedgerEventDataMap } from '@evalmarket/contracts';
import { earningAccount, spendingAccount } from './account-ids.js';
import { lacksCredits, wouldOverflow } from './balance-checks.js';
import { accepted, duplicate, rejected, type Decision, type DecidedLedgerEvent } from './decision.js';
import { describeValue, isEntityId, isIntegerWithin, positiveAmountRejection } from './input-checks.js';
import { isoFromEpochMs } from './iso-time.js';
import type { LedgerCommandOf } from './ledger-command.js';
import type { LedgerState, RewardReleaseReason, RewardTransfer } from './ledger-state.js';
import { MAXIMUM_EXPIRE_REWARDS_COUNT, MAXIMUM_REWARD_TIMEOUT_MS } from './limits.js';
import { expiredPendingRewards } from './pending-reward-queue.js';
import { rewardStreamId } from './stream-ids.js';

/*
 * Rewards are two-phase transfers spending:{requester} -> earning:{evaluator}: reserved (pending)
 * when an evaluator claims an item, then posted by the vote or voided by skip, cancel or expiry.
 * ReserveReward and PostReward are the hot path: no intermediate objects, no zod, no string
 * building besides the stream id.
 */

/**
 * Checks, in order: idempotency (same transfer_id), invalid_id, amount_must_be_integer,
 * amount_must_be_positive, amount_exceeds_maximum, limit_out_of_range (timeout_ms),
 * unknown_account, same_account, balance_overflow, insufficient_credits.
 * A retry compares who pays whom, how much, for which item; not timeout_ms, as a retry arrives
 * later and its expiry would differ anyway.
 */
export function decideReserveReward(
  state: LedgerState,
  { data }: LedgerCommandOf<'ReserveReward'>,
  nowMs: number,
): Decision {
  const transferId = data.transfer_id;
  const requesterId = data.requester_id;
  const evaluatorId = data.evaluator_id;
  const credits = data.credits;
  const itemId = data.item_id;
  const existing = state.rewards.get(transferId);
  if (existing !== undefined) {
    if (
      existing.requester_id === requesterId &&
      existing.evaluator_id === evaluatorId &&
      existing.credits === credits &&
      existing.item_id === itemId
    ) {
      return duplicate();
    }
    return rejected(
      'idempotency_key_reused_with_different_payload',
      `Reward transfer ${existing.transfer_id} was already reserved with another payload`,
    );
  }
  if (!isEntityId(transferId)) {
    return rejected('invalid_id', `transfer_id ${describeValue(transferId)} is not a valid id`);
  }
  if (!isEntityId(requesterId)) {
    return rejected('invalid_id', `requester_id ${describeValue(requesterId)} is not a valid id`);
  }
  if (!isEntityId(evaluatorId)) {
    return rejected('invalid_id', `evaluator_id ${describeValue(evaluatorId)} is not a valid id`);
  }
  if (itemId !== undefined && !isEntityId(itemId)) {
    return rejected('invalid_id', `item_id ${describeValue(itemId)} is not a valid id`);
  }
  const amountProblem = positiveAmountRejection(credits);
  if (amountProblem !== undefined) {
    return rejected(amountProblem, `credits ${describeValue(credits)} must be whole credits above zero`);
  }
  const timeoutMs = data.timeout_ms;
  if (!isIntegerWithin(timeoutMs, 1, MAXIMUM_REWARD_TIMEOUT_MS)) {
    return rejected(
      'limit_out_of_range',
      `timeout_ms ${describeValue(timeoutMs)} must be whole milliseconds in 1..${MAXIMUM_REWARD_TIMEOUT_MS}`,
    );
  }
  const requester = state.users.get(requesterId);
  if (requester === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for requester ${requesterId}`);
  }
  const evaluator = state.users.get(evaluatorId);
  if (evaluator === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for evaluator ${evaluatorId}`);
  }
  if (requesterId === evaluatorId) {
    return rejected('same_account', `Requester ${requesterId} cannot reserve a reward for themselves`);
  }
  const debit = requester.spending;
  const credit = evaluator.earning;
  if (wouldOverflow(debit, credit, credits, 'pending')) {
    return rejected('balance_overflow', `Reserving ${credits} credits would overflow a balance counter`);
  }
  if (lacksCredits(debit, credits)) {
    return rejected(
      'insufficient_credits',
      `${debit.account_id} has ${debit.credits_posted - debit.debits_posted - debit.debits_pending} credits available, ${credits} required`,
    );
  }
  const eventData: TLedgerEventDataMap['RewardReserved'] = {
    transfer_id: transferId,
    requester_id: requesterId,
    evaluator_id: evaluatorId,
    credits,
    expires_at: isoFromEpochMs(nowMs + timeoutMs),
    postings: [
      {
        transfer_id: transferId,
        debit: debit.account_id,
        credit: credit.account_id,
        amount: credits,
        code: 'reward',
        phase: 'pending',
      },
    ],
  };
  // Only present when given, so the stored JSON and a replay of it agree.
  if (itemId !== undefined) eventData.item_id = itemId;
  return accepted(rewardStreamId(transferId), 'no_stream', { type: 'RewardReserved', data: eventData });
}

/**
 * Checks, in order: already posted by this vote (duplicate), invalid_id, transfer_not_found,
 * transfer_already_posted (by another vote), transfer_already_voided, transfer_expired,
 * balance_overflow. The money was reserved, so there is no credit check: a claimed item is paid.
 */
export function decidePostReward(
  state: LedgerState,
  { data }: LedgerCommandOf<'PostReward'>,
  nowMs: number,
): Decision {
  const transferId = data.transfer_id;
  const voteId = data.vote_id;
  const reward = state.rewards.get(transferId);
  if (reward !== undefined && reward.status === 'posted' && reward.vote_id === voteId) return duplicate();
  if (!isEntityId(transferId)) {
    return rejected('invalid_id', `transfer_id ${describeValue(transferId)} is not a valid id`);
  }
  if (!isEntityId(voteId))
    return rejected('invalid_id', `vote_id ${describeValue(voteId)} is not a valid id`);
  if (reward === undefined) return rejected('transfer_not_found', `No reward transfer ${transferId}`);
  const settled = settledRejection(reward);
  if (settled !== undefined) return settled;
  if (reward.expires_at_ms <= nowMs) {
    return rejected('transfer_expired', `Reward transfer ${transferId} expired before the vote`);
  }
  const requester = state.users.get(reward.requester_id);
  const evaluator = state.users.get(reward.evaluator_id);
  if (requester === undefined || evaluator === undefined) {
    // Unreachable while the state is built by evolve from decided events; kept so it cannot throw.
    return rejected('unknown_account', `The accounts of reward transfer ${transferId} are not open`);
  }
  if (wouldOverflow(requester.spending, evaluator.earning, reward.credits, 'post_pending')) {
    return rejected('balance_overflow', `Posting ${reward.credits} credits would overflow a balance counter`);
  }
  return accepted(rewardStreamId(transferId), 1, {
    type: 'VoteRecorded',
    data: {
      transfer_id: transferId,
      vote_id: voteId,
      requester_id: reward.requester_id,
      evaluator_id: reward.evaluator_id,
      credits: reward.credits,
      postings: [
        {
          transfer_id: transferId,
          debit: requester.spending.account_id,
          credit: evaluator.earning.account_id,
          amount: reward.credits,
          code: 'reward',
          phase: 'post_pending',
        },
      ],
    },
  });
}

const RELEASE_REASONS: ReadonlySet<unknown> = new Set<RewardReleaseReason>(['skipped', 'cancelled']);

/**
 * Checks, in order: already voided for this reason (duplicate), invalid_id, reason_required,
 * transfer_not_found, transfer_already_posted, transfer_already_voided (for another reason).
 * A release after the lease ran out is still accepted: it voids what expiry would have voided.
 */
export function decideReleaseReward(
  state: LedgerState,
  { data }: LedgerCommandOf<'ReleaseReward'>,
): Decision {
  const transferId = data.transfer_id;
  const reason = data.reason;
  const reward = state.rewards.get(transferId);
  if (reward !== undefined && reward.status === 'voided' && reward.release_reason === reason)
    return duplicate();
  if (!isEntityId(transferId)) {
    return rejected('invalid_id', `transfer_id ${describeValue(transferId)} is not a valid id`);
  }
  if (!RELEASE_REASONS.has(reason)) {
    return rejected('reason_required', `reason ${describeValue(reason)} must be "skipped" or "cancelled"`);
  }
  if (reward === undefined) return rejected('transfer_not_found', `No reward transfer ${transferId}`);
  const settled = settledRejection(reward);
  if (settled !== undefined) return settled;
  return { ok: true, duplicate: false, events: [releaseEvent(reward, reason)] };
}

/**
 * Checks: limit_out_of_range (max_count in 1..MAXIMUM_EXPIRE_REWARDS_COUNT). Voids every pending
 * reward with `expires_at <= now`, oldest first, at most max_count; one event per reward stream.
 * Nothing to expire is an empty success, so the caller can run it on a timer.
 */
export function decideExpireRewards(
  state: LedgerState,
  { data }: LedgerCommandOf<'ExpireRewards'>,
  nowMs: number,
): Decision {
  const maxCount = data.max_count;
  if (!isIntegerWithin(maxCount, 1, MAXIMUM_EXPIRE_REWARDS_COUNT)) {
    return rejected(
      'limit_out_of_range',
      `max_count ${describeValue(maxCount)} must be a whole number in 1..${MAXIMUM_EXPIRE_REWARDS_COUNT}`,
    );
  }
  const expired = expiredPendingRewards(state.pendingRewards, nowMs, maxCount);
  const events: DecidedLedgerEvent[] = [];
  for (const reward of expired) events.push(releaseEvent(reward, 'expired'));
  return { ok: true, duplicate: false, events };
}

function settledRejection(reward: RewardTransfer): Decision | undefined {
  switch (reward.status) {
    case 'pending':
      return undefined;
    case 'posted':
      return rejected('transfer_already_posted', `Reward transfer ${reward.transfer_id} was already posted`);
    case 'voided':
      return rejected(
        'transfer_already_voided',
        `Reward transfer ${reward.transfer_id} was already voided (${String(reward.release_reason)})`,
      );
    // Stryker disable next-line all: unreachable, the status type has three values and evolve sets only those.
    default: {
      const unknownStatus: never = reward.status;
      return unknownStatus;
    }
  }
}

function releaseEvent(reward: RewardTransfer, reason: RewardReleaseReason): DecidedLedgerEvent {
  return {
    stream_id: rewardStreamId(reward.transfer_id),
    expected_version: 1,
    event: {
      type: 'RewardReleased',
      data: {
        transfer_id: reward.transfer_id,
        requester_id: reward.requester_id,
        evaluator_id: reward.evaluator_id,
        credits: reward.credits,
        reason,
        postings: [
          {
            transfer_id: reward.transfer_id,
            debit: spendingAccount(reward.requester_id),
            credit: earningAccount(reward.evaluator_id),
            amount: reward.credits,
            code: 'reward',
            phase: 'void_pending',
          },
        ],
      },
    },
  };
}
