import type { TLedgerEvent } from '@evalmarket/contracts';
import { applyPostings } from './apply-postings.js';
import { evolveAccountsOpened } from './evolve-accounts.js';
import {
  evolveCashoutFailed,
  evolveCashoutPaid,
  evolveCashoutRequested,
  evolveCashoutReversed,
} from './evolve-cashouts.js';
import {
  evolveCreditsPurchased,
  evolvePurchaseRefunded,
  evolvePurchaseRefundReinstated,
} from './evolve-purchases.js';
import { evolveRewardReleased, evolveRewardReserved, evolveVoteRecorded } from './evolve-rewards.js';
import type { LedgerState } from './ledger-state.js';

/**
 * Applies one decided (or replayed) event: the only way the state changes. Balances move from
 * the event's postings alone, generically by phase, so the books follow from the log even for
 * event types this code will one day not know; then the entity is recorded, by the applier of the
 * event's family (evolve-accounts, -purchases, -rewards, -cashouts).
 *
 * Trusts its input: events come from `decide` or from the log `decide` wrote.
 */
export function evolve(state: LedgerState, event: TLedgerEvent): void {
  applyPostings(state.accounts, event.data.postings);
  switch (event.type) {
    case 'LedgerAccountsOpened':
      return evolveAccountsOpened(state, event.data);
    case 'CreditsPurchased':
      return evolveCreditsPurchased(state, event.data);
    case 'PurchaseRefunded':
      return evolvePurchaseRefunded(state, event.data);
    case 'PurchaseRefundReinstated':
      return evolvePurchaseRefundReinstated(state, event.data);
    case 'BonusGranted':
      state.bonusGrantedUsers.add(event.data.user_id);
      return;
    case 'RewardReserved':
      return evolveRewardReserved(state, event.data);
    case 'VoteRecorded':
      return evolveVoteRecorded(state, event.data);
    case 'RewardReleased':
      return evolveRewardReleased(state, event.data);
    case 'CashoutRequested':
      return evolveCashoutRequested(state, event.data);
    case 'CashoutPaid':
      return evolveCashoutPaid(state, event.data);
    case 'CashoutFailed':
      return evolveCashoutFailed(state, event.data);
    case 'CashoutReversed':
      return evolveCashoutReversed(state, event.data);
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
