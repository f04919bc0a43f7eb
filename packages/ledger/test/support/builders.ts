import type { LedgerCommand, LedgerCommandOf } from '../../src/index.js';

/** 2025-01-01T00:00:00.000Z: the clock every test starts from. */
export const T0_MS = Date.UTC(2025, 0, 1);
export const LEASE_MS = 600_000;

/*
 * Command builders with readable defaults: each takes the fields a test cares about and fills in
 * the rest, so a table row shows only what makes it different.
 */

export function openAccounts(user_id: string): LedgerCommandOf<'OpenUserAccounts'> {
  return { type: 'OpenUserAccounts', data: { user_id } };
}

export function purchaseCredits(
  data: Partial<LedgerCommandOf<'PurchaseCredits'>['data']> = {},
): LedgerCommandOf<'PurchaseCredits'> {
  return { type: 'PurchaseCredits', data: { purchase_id: 'pi_1', user_id: 'req', amount_usd: 50, ...data } };
}

export function grantBonus(user_id = 'req'): LedgerCommandOf<'GrantBonus'> {
  return { type: 'GrantBonus', data: { user_id } };
}

export function reserveReward(
  data: Partial<LedgerCommandOf<'ReserveReward'>['data']> = {},
): LedgerCommandOf<'ReserveReward'> {
  return {
    type: 'ReserveReward',
    data: {
      transfer_id: 'tr_1',
      requester_id: 'req',
      evaluator_id: 'eva',
      credits: 100,
      timeout_ms: LEASE_MS,
      ...data,
    },
  };
}

export function postReward(
  data: Partial<LedgerCommandOf<'PostReward'>['data']> = {},
): LedgerCommandOf<'PostReward'> {
  return { type: 'PostReward', data: { transfer_id: 'tr_1', vote_id: 'vote_1', ...data } };
}

export function releaseReward(
  data: Partial<LedgerCommandOf<'ReleaseReward'>['data']> = {},
): LedgerCommandOf<'ReleaseReward'> {
  return { type: 'ReleaseReward', data: { transfer_id: 'tr_1', reason: 'skipped', ...data } };
}

export function expireRewards(max_count = 100): LedgerCommandOf<'ExpireRewards'> {
  return { type: 'ExpireRewards', data: { max_count } };
}

export function requestCashout(
  data: Partial<LedgerCommandOf<'RequestCashout'>['data']> = {},
): LedgerCommandOf<'RequestCashout'> {
  return {
    type: 'RequestCashout',
    data: {
      cashout_id: 'co_1',
      user_id: 'eva',
      gross_credits: 10_000,
      minimum_cashout_credits: 10_000,
      ...data,
    },
  };
}

export function markCashoutPaid(
  data: Partial<LedgerCommandOf<'MarkCashoutPaid'>['data']> = {},
): LedgerCommandOf<'MarkCashoutPaid'> {
  return {
    type: 'MarkCashoutPaid',
    data: { cashout_id: 'co_1', stripe_transfer_id: 'tr_stripe_1', ...data },
  };
}

export function markCashoutFailed(
  data: Partial<LedgerCommandOf<'MarkCashoutFailed'>['data']> = {},
): LedgerCommandOf<'MarkCashoutFailed'> {
  return { type: 'MarkCashoutFailed', data: { cashout_id: 'co_1', reason: 'account_closed', ...data } };
}

export function adjustCredits(
  data: Partial<LedgerCommandOf<'AdjustCredits'>['data']> = {},
): LedgerCommandOf<'AdjustCredits'> {
  return {
    type: 'AdjustCredits',
    data: {
      adjustment_id: 'adj_1',
      user_id: 'req',
      context: 'spending',
      amount_credits: 1_000,
      reason: 'Goodwill credit after an outage',
      actor_id: 'admin_1',
      ...data,
    },
  };
}

/** For rows that need a field of the wrong type: the ledger must name the problem, not throw. */
export function withData<T extends LedgerCommand>(command: T, data: Record<string, unknown>): T {
  return { ...command, data: { ...command.data, ...data } } as T;
}

export function reinstateRefund(refundId = 're_1'): LedgerCommandOf<'ReinstateRefund'> {
  return { type: 'ReinstateRefund', data: { refund_id: refundId } };
}

export function refundPurchase(
  data: Partial<LedgerCommandOf<'RefundPurchase'>['data']> = {},
): LedgerCommandOf<'RefundPurchase'> {
  return {
    type: 'RefundPurchase',
    data: { refund_id: 're_1', purchase_id: 'pi_1', amount_credits: 50_000, reason: 'refund', ...data },
  };
}

export function reverseCashout(
  data: Partial<LedgerCommandOf<'ReverseCashout'>['data']> = {},
): LedgerCommandOf<'ReverseCashout'> {
  return {
    type: 'ReverseCashout',
    data: { cashout_id: 'co_1', reversal_id: 'tr_stripe_1', reason: 'transfer_reversed', ...data },
  };
}
