import { describe, expect, it } from 'vitest';
import { availableBalance } from '../src/index.js';
import {
  adjustCredits,
  markCashoutFailed,
  markCashoutPaid,
  openAccounts,
  requestCashout,
  reverseCashout,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

/** An evaluator who earned 20,000 credits and was paid a cash-out of 12,340 (fee 1,230). */
const earned = [
  openAccounts('eva'),
  adjustCredits({ adjustment_id: 'adj_earned', user_id: 'eva', context: 'earning', amount_credits: 20_000 }),
];
const requested = [...earned, requestCashout({ gross_credits: 12_340, minimum_cashout_credits: 10_000 })];
const paid = [...requested, markCashoutPaid()];

describe('ReverseCashout', () => {
  it('gives the whole gross back to earnings: the net from payouts and the fee from fees', () => {
    const state = given(...paid)
      .when(reverseCashout({ reason: '  Stripe reversed the transfer  ' }))
      .then([
        {
          stream_id: 'cashout-co_1',
          expected_version: 2,
          event: {
            type: 'CashoutReversed',
            data: {
              cashout_id: 'co_1',
              user_id: 'eva',
              reversal_id: 'tr_stripe_1',
              gross_credits: 12_340,
              fee_credits: 1_230,
              reason: 'Stripe reversed the transfer',
              postings: [
                {
                  transfer_id: 'co_1.reversed',
                  debit: 'platform:fees',
                  credit: 'platform:payouts',
                  amount: 1_230,
                  code: 'cashout_fee',
                  phase: 'posted',
                },
                {
                  transfer_id: 'co_1.reversed',
                  debit: 'platform:payouts',
                  credit: 'earning:eva',
                  amount: 12_340,
                  code: 'cashout',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    const earning = state.accounts.get('earning:eva');
    expect(earning && availableBalance(earning)).toBe(20_000);
    expect(state.cashouts.get('co_1')).toMatchObject({ status: 'reversed', reversal_id: 'tr_stripe_1' });
  });

  it('has no fee leg when the cash-out had no fee', () => {
    const [event] = given(
      ...earned,
      requestCashout({ gross_credits: 40, minimum_cashout_credits: 10 }),
      markCashoutPaid(),
    )
      .when(reverseCashout())
      .thenEvents();
    expect(event?.data.postings).toHaveLength(1);
  });

  it('is a duplicate when the same reversal is reported again', () => {
    given(...paid, reverseCashout())
      .when(reverseCashout())
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    { rejection: 'invalid_id', case: 'cash-out id', given: paid, when: reverseCashout({ cashout_id: '' }) },
    {
      rejection: 'invalid_id',
      case: 'reversal id',
      given: paid,
      when: reverseCashout({ reversal_id: 'tr 1' }),
    },
    { rejection: 'reason_required', case: 'blank', given: paid, when: reverseCashout({ reason: ' ' }) },
    {
      rejection: 'reason_required',
      case: 'not a string',
      given: paid,
      when: withData(reverseCashout(), { reason: 7 }),
    },
    {
      rejection: 'reason_too_long',
      case: '501 characters',
      given: paid,
      when: reverseCashout({ reason: 'x'.repeat(501) }),
    },
    { rejection: 'cashout_not_found', case: 'never requested', given: earned, when: reverseCashout() },
    {
      rejection: 'cashout_already_settled',
      case: 'reversed by another reversal',
      given: [...paid, reverseCashout({ reversal_id: 'tr_a' })],
      when: reverseCashout({ reversal_id: 'tr_b' }),
    },
    { rejection: 'cashout_not_paid', case: 'still pending', given: requested, when: reverseCashout() },
    {
      rejection: 'cashout_not_paid',
      case: 'failed (the credits are already back)',
      given: [...requested, markCashoutFailed()],
      when: reverseCashout(),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
