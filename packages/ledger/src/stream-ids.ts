import type { LedgerState } from './ledger-state.js';

/**
 * One stream per aggregate, named `{category}-{natural id}` as contracts ZStreamId requires.
 * Ids are checked (ZEntityId) before a stream id is built, so every result is a valid stream id.
 */
export const LEDGER_STREAM_CATEGORIES = [
  'ledger_accounts',
  'purchase',
  'refund',
  'bonus',
  'reward',
  'cashout',
  'adjustment',
] as const;
export type LedgerStreamCategory = (typeof LEDGER_STREAM_CATEGORIES)[number];

export function ledgerAccountsStreamId(userId: string): string {
  return 'ledger_accounts-' + userId;
}
export function purchaseStreamId(purchaseId: string): string {
  return 'purchase-' + purchaseId;
}
export function refundStreamId(refundId: string): string {
  return 'refund-' + refundId;
}
export function bonusStreamId(userId: string): string {
  return 'bonus-' + userId;
}
/** The category of reward transfers' streams (a reservation, then its post or release). */
export const REWARD_STREAM_PREFIX = 'reward-';
export function rewardStreamId(transferId: string): string {
  return REWARD_STREAM_PREFIX + transferId;
}
export function cashoutStreamId(cashoutId: string): string {
  return 'cashout-' + cashoutId;
}
export function adjustmentStreamId(adjustmentId: string): string {
  return 'adjustment-' + adjustmentId;
}

/**
 * The version (event count, 0 = no stream) the state implies for a ledger stream, e.g. to
 * explain a wrong_expected_version from the store. Unknown categories are 0.
 */
export function ledgerStreamVersion(state: LedgerState, streamId: string): number {
  const dash = streamId.indexOf('-');
  // Stryker disable next-line EqualityOperator: a leading dash (`<= 0`) leaves an empty category, which is 0 below too.
  if (dash < 0) return 0;
  const id = streamId.slice(dash + 1);
  const category = streamId.slice(0, dash);
  switch (category) {
    case 'ledger_accounts':
      return state.users.has(id) ? 1 : 0;
    case 'purchase':
      return state.purchases.has(id) ? 1 : 0;
    case 'refund': {
      const refund = state.refunds.get(id);
      if (refund === undefined) return 0;
      return refund.reinstated ? 2 : 1;
    }
    case 'bonus':
      return state.bonusGrantedUsers.has(id) ? 1 : 0;
    case 'reward': {
      const reward = state.rewards.get(id);
      if (reward === undefined) return 0;
      return reward.status === 'pending' ? 1 : 2;
    }
    case 'cashout': {
      const cashout = state.cashouts.get(id);
      if (cashout === undefined) return 0;
      return cashout.status === 'pending' ? 1 : 2;
    }
    case 'adjustment':
      return state.adjustments.has(id) ? 1 : 0;
    default:
      return 0;
  }
}
