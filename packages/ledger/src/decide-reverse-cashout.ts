import type { TPosting } from '@evalmarket/contracts';
import { wouldOverflow } from './balance-checks.js';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import { describeValue, freeTextReasonRejection, isEntityId } from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import { MAXIMUM_REASON_LENGTH } from './limits.js';
import type { LedgerState } from './ledger-state.js';
import { cashoutStreamId } from './stream-ids.js';

/**
 * Checks, in order: already reversed by this reversal_id (duplicate), invalid_id,
 * reason_required, reason_too_long, cashout_not_found, cashout_already_settled (reversed by
 * another reversal), cashout_not_paid, balance_overflow.
 *
 * Never insufficient_credits: a reversal is a fact at Stripe, and it only gives credits back.
 * The money of a reversed transfer returns to the platform's balance, so the evaluator gets the
 * whole gross back: the net from platform:payouts and the fee from platform:fees, since the fee
 * was for a payout that never arrived. Posted on its own transfer id `{cashout_id}.reversed`.
 */
export function decideReverseCashout(
  state: LedgerState,
  { data }: LedgerCommandOf<'ReverseCashout'>,
): Decision {
  const { cashout_id: cashoutId, reversal_id: reversalId, reason } = data;
  const cashout = state.cashouts.get(cashoutId);
  if (cashout !== undefined && cashout.status === 'reversed' && cashout.reversal_id === reversalId) {
    return duplicate();
  }
  if (!isEntityId(cashoutId))
    return rejected('invalid_id', `cashout_id ${describeValue(cashoutId)} is not a valid id`);
  if (!isEntityId(reversalId))
    return rejected('invalid_id', `reversal_id ${describeValue(reversalId)} is not a valid id`);
  const reasonProblem = freeTextReasonRejection(reason);
  if (reasonProblem !== undefined) {
    return rejected(reasonProblem, `A reversal reason of 1..${MAXIMUM_REASON_LENGTH} characters is required`);
  }
  if (cashout === undefined) return rejected('cashout_not_found', `No cash-out ${cashoutId}`);
  if (cashout.status === 'reversed') {
    return rejected(
      'cashout_already_settled',
      `Cash-out ${cashoutId} was already reversed by ${cashout.reversal_id ?? 'another reversal'}`,
    );
  }
  if (cashout.status !== 'paid') {
    return rejected('cashout_not_paid', `Cash-out ${cashoutId} is ${cashout.status}, not paid`);
  }
  const user = state.users.get(cashout.user_id);
  const payouts = state.accounts.get('platform:payouts');
  const fees = state.accounts.get('platform:fees');
  if (user === undefined || payouts === undefined || fees === undefined) {
    // Unreachable while the state is built by evolve from decided events; kept so it cannot throw.
    return rejected('unknown_account', `The accounts of cash-out ${cashoutId} are not open`);
  }
  const { gross_credits: gross, fee_credits: fee } = cashout;
  if (wouldOverflow(fees, payouts, fee, 'posted') || wouldOverflow(payouts, user.earning, gross, 'posted')) {
    return rejected('balance_overflow', `Reversing cash-out ${cashoutId} would overflow a balance counter`);
  }
  const transferId = `${cashoutId}.reversed`;
  const postings: TPosting[] = [];
  // A posting moves at least one credit, and a gross under 5 cents had no fee.
  if (fee > 0) {
    postings.push({
      transfer_id: transferId,
      debit: fees.account_id,
      credit: payouts.account_id,
      amount: fee,
      code: 'cashout_fee',
      phase: 'posted',
    });
  }
  postings.push({
    transfer_id: transferId,
    debit: payouts.account_id,
    credit: user.earning.account_id,
    amount: gross,
    code: 'cashout',
    phase: 'posted',
  });
  return accepted(cashoutStreamId(cashoutId), 2, {
    type: 'CashoutReversed',
    data: {
      cashout_id: cashoutId,
      user_id: cashout.user_id,
      reversal_id: reversalId,
      gross_credits: gross,
      fee_credits: fee,
      reason: (reason as string).trim(),
      postings,
    },
  });
}
