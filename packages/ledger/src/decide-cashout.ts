import { CREDITS_PER_CENT, type TPosting } from '@evalmarket/contracts';
import { earningAccount } from './account-ids.js';
import { lacksCredits, wouldOverflow } from './balance-checks.js';
import { cashoutFee } from './cashout-fee.js';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import {
  describeValue,
  freeTextReasonRejection,
  isEntityId,
  positiveAmountRejection,
} from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import { earlierRejection } from './ledger-rejection.js';
import type { Cashout, LedgerState } from './ledger-state.js';
import { MAXIMUM_REASON_LENGTH } from './limits.js';
import { cashoutStreamId } from './stream-ids.js';

/*
 * A cash-out is a two-phase transfer earning:{user} -> platform:payouts for the gross amount,
 * pending while Stripe moves the money. Paid: the gross is posted and the fee moves on from
 * platform:payouts to platform:fees, leaving the net in payouts. Failed: the gross is voided.
 */

/**
 * Checks, in order: idempotency (same cashout_id), invalid_id, amount_must_be_integer,
 * amount_must_be_positive, amount_exceeds_maximum (gross_credits and minimum_cashout_credits,
 * the earlier rejection of the two), unknown_account, cashout_not_whole_cents,
 * cashout_below_minimum, balance_overflow, insufficient_credits.
 * A retry compares what the event records (user and gross); the minimum is policy of the moment.
 */
export function decideRequestCashout(
  state: LedgerState,
  { data }: LedgerCommandOf<'RequestCashout'>,
): Decision {
  const { cashout_id: cashoutId, user_id: userId, gross_credits: grossCredits } = data;
  const minimumCredits = data.minimum_cashout_credits;
  const existing = state.cashouts.get(cashoutId);
  if (existing !== undefined) {
    if (existing.user_id === userId && existing.gross_credits === grossCredits) return duplicate();
    return rejected(
      'idempotency_key_reused_with_different_payload',
      `Cash-out ${existing.cashout_id} was already requested with another user or amount`,
    );
  }
  if (!isEntityId(cashoutId))
    return rejected('invalid_id', `cashout_id ${describeValue(cashoutId)} is not a valid id`);
  if (!isEntityId(userId))
    return rejected('invalid_id', `user_id ${describeValue(userId)} is not a valid id`);
  const amountProblem = earlierRejection(
    positiveAmountRejection(grossCredits),
    positiveAmountRejection(minimumCredits),
  );
  if (amountProblem !== undefined) {
    return rejected(
      amountProblem,
      `gross_credits ${describeValue(grossCredits)} and minimum_cashout_credits ${describeValue(minimumCredits)} must be whole credits above zero`,
    );
  }
  const user = state.users.get(userId);
  const payouts = state.accounts.get('platform:payouts');
  if (user === undefined || payouts === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for user ${userId}`);
  }
  if (grossCredits % CREDITS_PER_CENT !== 0) {
    return rejected(
      'cashout_not_whole_cents',
      `gross_credits ${grossCredits} must be a multiple of ${CREDITS_PER_CENT} (whole cents)`,
    );
  }
  if (grossCredits < minimumCredits) {
    return rejected(
      'cashout_below_minimum',
      `Minimum cash-out is ${minimumCredits} credits, got ${grossCredits}`,
    );
  }
  const earning = user.earning;
  if (wouldOverflow(earning, payouts, grossCredits, 'pending')) {
    return rejected(
      'balance_overflow',
      `Cashing out ${grossCredits} credits would overflow a balance counter`,
    );
  }
  if (lacksCredits(earning, grossCredits)) {
    return rejected(
      'insufficient_credits',
      `${earning.account_id} has ${earning.credits_posted - earning.debits_posted - earning.debits_pending} credits available, ${grossCredits} requested`,
    );
  }
  const feeCredits = cashoutFee(grossCredits);
  return accepted(cashoutStreamId(cashoutId), 'no_stream', {
    type: 'CashoutRequested',
    data: {
      cashout_id: cashoutId,
      user_id: userId,
      gross_credits: grossCredits,
      fee_credits: feeCredits,
      net_credits: grossCredits - feeCredits,
      postings: [
        {
          transfer_id: cashoutId,
          debit: earning.account_id,
          credit: payouts.account_id,
          amount: grossCredits,
          code: 'cashout',
          phase: 'pending',
        },
      ],
    },
  });
}

/**
 * Checks, in order: already paid with this Stripe transfer (duplicate), invalid_id,
 * cashout_not_found, cashout_already_settled, balance_overflow.
 */
export function decideMarkCashoutPaid(
  state: LedgerState,
  { data }: LedgerCommandOf<'MarkCashoutPaid'>,
): Decision {
  const { cashout_id: cashoutId, stripe_transfer_id: stripeTransferId } = data;
  const cashout = state.cashouts.get(cashoutId);
  if (cashout !== undefined && cashout.status === 'paid' && cashout.stripe_transfer_id === stripeTransferId) {
    return duplicate();
  }
  if (!isEntityId(cashoutId))
    return rejected('invalid_id', `cashout_id ${describeValue(cashoutId)} is not a valid id`);
  if (!isEntityId(stripeTransferId)) {
    return rejected('invalid_id', `stripe_transfer_id ${describeValue(stripeTransferId)} is not a valid id`);
  }
  if (cashout === undefined) return rejected('cashout_not_found', `No cash-out ${cashoutId}`);
  if (cashout.status !== 'pending') return alreadySettled(cashout);
  const user = state.users.get(cashout.user_id);
  const payouts = state.accounts.get('platform:payouts');
  const fees = state.accounts.get('platform:fees');
  if (user === undefined || payouts === undefined || fees === undefined) {
    // Unreachable while the state is built by evolve from decided events; kept so it cannot throw.
    return rejected('unknown_account', `The accounts of cash-out ${cashoutId} are not open`);
  }
  const gross = cashout.gross_credits;
  const fee = cashout.fee_credits;
  if (
    wouldOverflow(user.earning, payouts, gross, 'post_pending') ||
    wouldOverflow(payouts, fees, fee, 'posted')
  ) {
    return rejected('balance_overflow', `Paying cash-out ${cashoutId} would overflow a balance counter`);
  }
  const postings: TPosting[] = [
    {
      transfer_id: cashoutId,
      debit: user.earning.account_id,
      credit: payouts.account_id,
      amount: gross,
      code: 'cashout',
      phase: 'post_pending',
    },
  ];
  // A posting moves at least one credit (ZCredits), and a gross under 5 cents has no fee.
  if (fee > 0) {
    postings.push({
      transfer_id: cashoutId,
      debit: payouts.account_id,
      credit: fees.account_id,
      amount: fee,
      code: 'cashout_fee',
      phase: 'posted',
    });
  }
  return accepted(cashoutStreamId(cashoutId), 1, {
    type: 'CashoutPaid',
    data: {
      cashout_id: cashoutId,
      user_id: cashout.user_id,
      stripe_transfer_id: stripeTransferId,
      gross_credits: gross,
      fee_credits: fee,
      net_credits: cashout.net_credits,
      postings,
    },
  });
}

/**
 * Checks, in order: already failed for this reason (duplicate), invalid_id, reason_required,
 * reason_too_long, cashout_not_found, cashout_already_settled.
 */
export function decideMarkCashoutFailed(
  state: LedgerState,
  { data }: LedgerCommandOf<'MarkCashoutFailed'>,
): Decision {
  const { cashout_id: cashoutId, reason } = data;
  const cashout = state.cashouts.get(cashoutId);
  const trimmedReason = typeof reason === 'string' ? reason.trim() : undefined;
  if (cashout !== undefined && cashout.status === 'failed' && cashout.failure_reason === trimmedReason) {
    return duplicate();
  }
  if (!isEntityId(cashoutId))
    return rejected('invalid_id', `cashout_id ${describeValue(cashoutId)} is not a valid id`);
  const reasonProblem = freeTextReasonRejection(reason);
  if (reasonProblem !== undefined || trimmedReason === undefined) {
    return rejected(
      reasonProblem ?? 'reason_required',
      `A failure reason of 1..${MAXIMUM_REASON_LENGTH} characters is required`,
    );
  }
  if (cashout === undefined) return rejected('cashout_not_found', `No cash-out ${cashoutId}`);
  if (cashout.status !== 'pending') return alreadySettled(cashout);
  return accepted(cashoutStreamId(cashoutId), 1, {
    type: 'CashoutFailed',
    data: {
      cashout_id: cashoutId,
      user_id: cashout.user_id,
      gross_credits: cashout.gross_credits,
      reason: trimmedReason,
      postings: [
        {
          transfer_id: cashoutId,
          debit: earningAccount(cashout.user_id),
          credit: 'platform:payouts',
          amount: cashout.gross_credits,
          code: 'cashout',
          phase: 'void_pending',
        },
      ],
    },
  });
}

function alreadySettled(cashout: Cashout): Decision {
  return rejected('cashout_already_settled', `Cash-out ${cashout.cashout_id} is already ${cashout.status}`);
}
