import type { TAccountBalance, TLedgerEvent } from '@evalmarket/contracts';
import { earningAccount, spendingAccount } from './account-ids.js';
import { emptyAccountBalance } from './account-balance.js';
import { applyPostings } from './apply-postings.js';
import { epochMsFromIso } from './iso-time.js';
import type { LedgerState, RewardTransfer } from './ledger-state.js';
import { dequeuePendingReward, enqueuePendingReward } from './pending-reward-queue.js';

/**
 * Applies one decided (or replayed) event: the only way the state changes. Balances move from
 * the event's postings alone, generically by phase, so the books follow from the log even for
 * event types this code will one day not know; then the entity is recorded.
 *
 * Trusts its input: events come from `decide` or from the log `decide` wrote.
 */
export function evolve(state: LedgerState, event: TLedgerEvent): void {
  applyPostings(state.accounts, event.data.postings);
  switch (event.type) {
    case 'LedgerAccountsOpened': {
      const userId = event.data.user_id;
      if (state.users.has(userId)) return;
      state.users.set(userId, {
        user_id: userId,
        spending: openAccount(state, spendingAccount(userId)),
        earning: openAccount(state, earningAccount(userId)),
      });
      return;
    }
    case 'CreditsPurchased': {
      const { purchase_id, user_id, amount_usd, credits } = event.data;
      state.purchases.set(purchase_id, { purchase_id, user_id, amount_usd, credits, refunded_credits: 0 });
      return;
    }
    case 'PurchaseRefunded': {
      const {
        refund_id,
        purchase_id,
        user_id,
        reason,
        refunded_credits,
        recovered_credits,
        shortfall_credits,
      } = event.data;
      state.refunds.set(refund_id, {
        refund_id,
        purchase_id,
        user_id,
        reason,
        refunded_credits,
        recovered_credits,
        shortfall_credits,
        reinstated: false,
      });
      const purchase = state.purchases.get(purchase_id);
      if (purchase !== undefined) purchase.refunded_credits += refunded_credits;
      return;
    }
    case 'PurchaseRefundReinstated': {
      const refund = state.refunds.get(event.data.refund_id);
      if (refund !== undefined) refund.reinstated = true;
      const purchase = state.purchases.get(event.data.purchase_id);
      if (purchase !== undefined) purchase.refunded_credits -= event.data.reinstated_credits;
      return;
    }
    case 'BonusGranted':
      state.bonusGrantedUsers.add(event.data.user_id);
      return;
    case 'RewardReserved': {
      const data = event.data;
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
      return;
    }
    case 'VoteRecorded': {
      const reward = state.rewards.get(event.data.transfer_id);
      if (reward === undefined) return;
      reward.status = 'posted';
      reward.vote_id = event.data.vote_id;
      dequeuePendingReward(state.pendingRewards, reward);
      return;
    }
    case 'RewardReleased': {
      const reward = state.rewards.get(event.data.transfer_id);
      if (reward === undefined) return;
      reward.status = 'voided';
      reward.release_reason = event.data.reason;
      dequeuePendingReward(state.pendingRewards, reward);
      return;
    }
    case 'CashoutRequested': {
      const { cashout_id, user_id, gross_credits, fee_credits, net_credits } = event.data;
      state.cashouts.set(cashout_id, {
        cashout_id,
        user_id,
        gross_credits,
        fee_credits,
        net_credits,
        status: 'pending',
        stripe_transfer_id: undefined,
        failure_reason: undefined,
      });
      return;
    }
    case 'CashoutPaid': {
      const cashout = state.cashouts.get(event.data.cashout_id);
      if (cashout === undefined) return;
      cashout.status = 'paid';
      cashout.stripe_transfer_id = event.data.stripe_transfer_id;
      return;
    }
    case 'CashoutFailed': {
      const cashout = state.cashouts.get(event.data.cashout_id);
      if (cashout === undefined) return;
      cashout.status = 'failed';
      cashout.failure_reason = event.data.reason;
      return;
    }
    case 'CashoutReversed': {
      const cashout = state.cashouts.get(event.data.cashout_id);
      if (cashout === undefined) return;
      cashout.status = 'reversed';
      cashout.reversal_id = event.data.reversal_id;
      cashout.failure_reason = event.data.reason;
      return;
    }
    case 'CreditsAdjusted': {
      const { adjustment_id, user_id, context, amount_credits, reason, actor_id } = event.data;
      state.adjustments.set(adjustment_id, {
        adjustment_id,
        user_id,
        context,
        amount_credits,
        reason,
        actor_id,
      });
      return;
    }
    // Stryker disable next-line all: unreachable for TypeScript (never); the postings were applied above.
    default: {
      // A type this version does not know: its postings are applied above, nothing else to keep.
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/** Reuses an account that postings already created, so `users` and `accounts` share objects. */
function openAccount(state: LedgerState, accountId: string): TAccountBalance {
  let account = state.accounts.get(accountId);
  if (account === undefined) {
    account = emptyAccountBalance(accountId);
    state.accounts.set(accountId, account);
  }
  return account;
}
