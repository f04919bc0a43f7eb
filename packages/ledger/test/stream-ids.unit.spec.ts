import { describe, expect, it } from 'vitest';
import { ledgerStreamVersion } from '../src/index.js';
import {
  adjustCredits,
  grantBonus,
  markCashoutFailed,
  markCashoutPaid,
  openAccounts,
  postReward,
  purchaseCredits,
  refundPurchase,
  reinstateRefund,
  releaseReward,
  requestCashout,
  reserveReward,
  reverseCashout,
} from './support/builders.js';
import { given } from './support/given-when-then.js';

describe('ledgerStreamVersion', () => {
  const { state } = given(
    openAccounts('req'),
    openAccounts('eva'),
    purchaseCredits({ purchase_id: 'pi_1', amount_usd: 50 }),
    refundPurchase({ refund_id: 're_1', amount_credits: 1_000 }),
    refundPurchase({ refund_id: 're_won', amount_credits: 1_000 }),
    reinstateRefund('re_won'),
    grantBonus('req'),
    // Reads like `bonus` + `x` once the dash is gone: a stream id has a dash.
    openAccounts('bonusx'),
    grantBonus('bonusx'),
    reserveReward({ transfer_id: 'tr-pending' }),
    reserveReward({ transfer_id: 'tr_posted' }),
    postReward({ transfer_id: 'tr_posted' }),
    reserveReward({ transfer_id: 'tr_voided' }),
    releaseReward({ transfer_id: 'tr_voided' }),
    adjustCredits({ adjustment_id: 'adj_1', user_id: 'eva', context: 'earning', amount_credits: 40_000 }),
    requestCashout({ cashout_id: 'co_pending', gross_credits: 10_000 }),
    requestCashout({ cashout_id: 'co_paid', gross_credits: 10_000 }),
    markCashoutPaid({ cashout_id: 'co_paid' }),
    requestCashout({ cashout_id: 'co_failed', gross_credits: 10_000 }),
    markCashoutFailed({ cashout_id: 'co_failed' }),
    requestCashout({ cashout_id: 'co_reversed', gross_credits: 10_000 }),
    markCashoutPaid({ cashout_id: 'co_reversed' }),
    reverseCashout({ cashout_id: 'co_reversed' }),
  );

  it.each([
    ['ledger_accounts-req', 1],
    ['ledger_accounts-nobody', 0],
    ['purchase-pi_1', 1],
    ['purchase-pi_2', 0],
    ['refund-re_1', 1],
    ['refund-re_won', 2],
    ['refund-re_2', 0],
    ['bonus-req', 1],
    ['bonus-eva', 0],
    // The id after the first dash may hold dashes itself.
    ['reward-tr-pending', 1],
    ['reward-tr_posted', 2],
    ['reward-tr_voided', 2],
    ['reward-tr_none', 0],
    ['cashout-co_pending', 1],
    ['cashout-co_paid', 2],
    ['cashout-co_failed', 2],
    ['cashout-co_reversed', 2],
    ['cashout-co_none', 0],
    ['adjustment-adj_1', 1],
    ['adjustment-adj_2', 0],
    ['evaluation-pi_1', 0],
    ['purchasepi_1', 0],
    ['bonus-bonusx', 1],
    ['bonusx', 0],
  ])('%s is at version %i', (streamId, version) => {
    expect(ledgerStreamVersion(state, streamId)).toBe(version);
  });
});
