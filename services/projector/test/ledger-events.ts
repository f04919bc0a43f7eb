import type { TLedgerEvent, TPosting, TUserAccountKind } from '@evalmarket/contracts';
import type { NewEvent } from '@evalmarket/eventstore';

// Ledger-shaped events with postings written by hand, the way the ledger writer shapes them.

const posting = (p: TPosting): TPosting => p;

function event(e: TLedgerEvent): NewEvent {
  return { type: e.type, data: e.data };
}

export function purchased(purchase_id: string, user_id: string, amount_usd: number): NewEvent {
  const credits = amount_usd * 1000;
  return event({
    type: 'CreditsPurchased',
    data: {
      purchase_id,
      user_id,
      amount_usd,
      credits,
      postings: [
        posting({
          transfer_id: purchase_id,
          debit: 'platform:stripe',
          credit: `spending:${user_id}`,
          amount: credits,
          code: 'purchase',
          phase: 'posted',
        }),
      ],
    },
  });
}

export function bonusGranted(user_id: string): NewEvent {
  return event({
    type: 'BonusGranted',
    data: {
      user_id,
      credits: 5000,
      postings: [
        {
          transfer_id: `bonus-${user_id}`,
          debit: 'platform:promotions',
          credit: `spending:${user_id}`,
          amount: 5000,
          code: 'bonus',
          phase: 'posted',
        },
      ],
    },
  });
}

export function rewardReserved(
  transfer_id: string,
  requester_id: string,
  evaluator_id: string,
  credits: number,
) {
  return event({
    type: 'RewardReserved',
    data: {
      transfer_id,
      requester_id,
      evaluator_id,
      credits,
      expires_at: '2030-01-01T00:00:00.000Z',
      postings: [
        {
          transfer_id,
          debit: `spending:${requester_id}`,
          credit: `earning:${evaluator_id}`,
          amount: credits,
          code: 'reward',
          phase: 'pending',
        },
      ],
    },
  });
}

export function voteRecorded(
  transfer_id: string,
  requester_id: string,
  evaluator_id: string,
  credits: number,
) {
  return event({
    type: 'VoteRecorded',
    data: {
      transfer_id,
      vote_id: `vote-${transfer_id}`,
      requester_id,
      evaluator_id,
      credits,
      postings: [
        {
          transfer_id,
          debit: `spending:${requester_id}`,
          credit: `earning:${evaluator_id}`,
          amount: credits,
          code: 'reward',
          phase: 'post_pending',
        },
      ],
    },
  });
}

export function rewardReleased(
  transfer_id: string,
  requester_id: string,
  evaluator_id: string,
  credits: number,
) {
  return event({
    type: 'RewardReleased',
    data: {
      transfer_id,
      requester_id,
      evaluator_id,
      credits,
      reason: 'expired',
      postings: [
        {
          transfer_id,
          debit: `spending:${requester_id}`,
          credit: `earning:${evaluator_id}`,
          amount: credits,
          code: 'reward',
          phase: 'void_pending',
        },
      ],
    },
  });
}

function cashoutAmounts(gross_credits: number) {
  const fee_credits = Math.round(gross_credits / 10 / 10) * 10;
  return { gross_credits, fee_credits, net_credits: gross_credits - fee_credits };
}

export function cashoutRequested(cashout_id: string, user_id: string, gross: number): NewEvent {
  const amounts = cashoutAmounts(gross);
  return event({
    type: 'CashoutRequested',
    data: {
      cashout_id,
      user_id,
      ...amounts,
      postings: [
        {
          transfer_id: cashout_id,
          debit: `earning:${user_id}`,
          credit: 'platform:payouts',
          amount: gross,
          code: 'cashout',
          phase: 'pending',
        },
      ],
    },
  });
}

export function cashoutPaid(cashout_id: string, user_id: string, gross: number): NewEvent {
  const amounts = cashoutAmounts(gross);
  return event({
    type: 'CashoutPaid',
    data: {
      cashout_id,
      user_id,
      stripe_transfer_id: `tr_${cashout_id}`,
      ...amounts,
      postings: [
        {
          transfer_id: cashout_id,
          debit: `earning:${user_id}`,
          credit: 'platform:payouts',
          amount: gross,
          code: 'cashout',
          phase: 'post_pending',
        },
        {
          transfer_id: cashout_id,
          debit: 'platform:payouts',
          credit: 'platform:fees',
          amount: amounts.fee_credits,
          code: 'cashout_fee',
          phase: 'posted',
        },
      ],
    },
  });
}

export function cashoutFailed(cashout_id: string, user_id: string, gross: number): NewEvent {
  return event({
    type: 'CashoutFailed',
    data: {
      cashout_id,
      user_id,
      gross_credits: gross,
      reason: 'account_closed',
      postings: [
        {
          transfer_id: cashout_id,
          debit: `earning:${user_id}`,
          credit: 'platform:payouts',
          amount: gross,
          code: 'cashout',
          phase: 'void_pending',
        },
      ],
    },
  });
}

export function creditsAdjusted(
  adjustment_id: string,
  user_id: string,
  context: TUserAccountKind,
  amount_credits: number,
  reason: string,
): NewEvent {
  const account = `${context}:${user_id}`;
  return event({
    type: 'CreditsAdjusted',
    data: {
      adjustment_id,
      user_id,
      context,
      amount_credits,
      reason,
      actor_id: 'admin-1',
      postings: [
        {
          transfer_id: adjustment_id,
          debit: amount_credits > 0 ? 'platform:adjustments' : account,
          credit: amount_credits > 0 ? account : 'platform:adjustments',
          amount: Math.abs(amount_credits),
          code: 'adjustment',
          phase: 'posted',
        },
      ],
    },
  });
}

/** A non-money event, to show the projector moves its checkpoint past everything. */
export function userRegistered(user_id: string): NewEvent {
  return { type: 'UserRegistered', data: { user_id } };
}

export function cashoutReversed(cashout_id: string, user_id: string, gross: number): NewEvent {
  const amounts = cashoutAmounts(gross);
  return event({
    type: 'CashoutReversed',
    data: {
      cashout_id,
      user_id,
      reversal_id: `tr_${cashout_id}`,
      gross_credits: gross,
      fee_credits: amounts.fee_credits,
      reason: 'the transfer was reversed',
      postings: [
        {
          transfer_id: `${cashout_id}.reversed`,
          debit: 'platform:fees',
          credit: 'platform:payouts',
          amount: amounts.fee_credits,
          code: 'cashout_fee',
          phase: 'posted',
        },
        {
          transfer_id: `${cashout_id}.reversed`,
          debit: 'platform:payouts',
          credit: `earning:${user_id}`,
          amount: gross,
          code: 'cashout',
          phase: 'posted',
        },
      ],
    },
  });
}
