import { describe, expect, it } from 'vitest';
import { accountBalance, availableBalance, decide } from '../src/index.js';
import {
  T0_MS,
  adjustCredits,
  markCashoutFailed,
  markCashoutPaid,
  openAccounts,
  postReward,
  purchaseCredits,
  requestCashout,
  reserveReward,
  reverseCashout,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

/** An evaluator with 20,000 earned credits (an adjustment stands in for the votes). */
const earned = [
  openAccounts('eva'),
  adjustCredits({ adjustment_id: 'adj_earned', user_id: 'eva', context: 'earning', amount_credits: 20_000 }),
];
const requested = [...earned, requestCashout({ gross_credits: 12_340, minimum_cashout_credits: 10_000 })];

describe('RequestCashout', () => {
  it('moves the gross to platform:payouts as pending, with fee and net worked out', () => {
    const state = given(...earned)
      .when(requestCashout({ gross_credits: 12_340 }))
      .then([
        {
          stream_id: 'cashout-co_1',
          expected_version: 'no_stream',
          event: {
            type: 'CashoutRequested',
            data: {
              cashout_id: 'co_1',
              user_id: 'eva',
              gross_credits: 12_340,
              fee_credits: 1_230,
              net_credits: 11_110,
              postings: [
                {
                  transfer_id: 'co_1',
                  debit: 'earning:eva',
                  credit: 'platform:payouts',
                  amount: 12_340,
                  code: 'cashout',
                  phase: 'pending',
                },
              ],
            },
          },
        },
      ]);
    const earning = state.accounts.get('earning:eva');
    expect(earning && availableBalance(earning)).toBe(20_000 - 12_340);
  });

  it('is a duplicate when retried with the same user and gross, even after it was paid', () => {
    given(...requested)
      .when(requestCashout({ gross_credits: 12_340 }))
      .thenDuplicate();
    given(...requested, markCashoutPaid())
      .when(requestCashout({ gross_credits: 12_340 }))
      .thenDuplicate();
  });

  it('names the available balance (paid and pending cash-outs taken off) when refusing', () => {
    // 20,000 earned - 5,000 paid out - 5,000 pending = 10,000 available.
    const { decision } = given(
      ...earned,
      requestCashout({ cashout_id: 'co_paid', gross_credits: 5_000, minimum_cashout_credits: 1_000 }),
      markCashoutPaid({ cashout_id: 'co_paid' }),
      requestCashout({ cashout_id: 'co_pending', gross_credits: 5_000, minimum_cashout_credits: 1_000 }),
    ).when(requestCashout({ gross_credits: 10_010 }));
    expect(decision).toEqual({
      ok: false,
      rejection: 'insufficient_credits',
      message: 'earning:eva has 10000 credits available, 10010 requested',
    });
  });

  it('is a duplicate when only the minimum differs: it is policy of the moment, not recorded', () => {
    given(...requested)
      .when(requestCashout({ gross_credits: 12_340, minimum_cashout_credits: 5_000 }))
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same cash-out id, another person',
      given: [...requested, openAccounts('other')],
      when: requestCashout({ user_id: 'other', gross_credits: 12_340 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same cash-out id, other gross',
      given: requested,
      when: requestCashout({ gross_credits: 10_000 }),
    },
    {
      rejection: 'invalid_id',
      case: 'cash-out id',
      given: earned,
      when: requestCashout({ cashout_id: 'co 1' }),
    },
    { rejection: 'invalid_id', case: 'user id', given: earned, when: requestCashout({ user_id: '' }) },
    {
      rejection: 'amount_must_be_integer',
      case: 'gross NaN',
      given: earned,
      when: requestCashout({ gross_credits: Number.NaN }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'minimum fractional, gross negative (the earlier rejection wins)',
      given: earned,
      when: requestCashout({ gross_credits: -10, minimum_cashout_credits: 0.5 }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'gross fractional, minimum zero (the earlier rejection wins)',
      given: earned,
      when: requestCashout({ gross_credits: 10_000.5, minimum_cashout_credits: 0 }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'gross zero',
      given: earned,
      when: requestCashout({ gross_credits: 0 }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'gross fine, minimum zero',
      given: earned,
      when: requestCashout({ gross_credits: 10_000, minimum_cashout_credits: 0 }),
    },
    {
      rejection: 'amount_exceeds_maximum',
      case: 'gross beyond MAX_SAFE_INTEGER',
      given: earned,
      when: requestCashout({ gross_credits: 1e20 }),
    },
    { rejection: 'unknown_account', case: 'accounts never opened', given: [], when: requestCashout() },
    {
      rejection: 'cashout_not_whole_cents',
      case: '10,005 credits is half a cent too many',
      given: earned,
      when: requestCashout({ gross_credits: 10_005 }),
    },
    {
      rejection: 'cashout_below_minimum',
      case: '9,990 credits against a 10,000 minimum',
      given: earned,
      when: requestCashout({ gross_credits: 9_990 }),
    },
    {
      rejection: 'balance_overflow',
      case: 'platform:payouts pending credits would pass MAX_SAFE_INTEGER',
      given: [
        openAccounts('whale'),
        adjustCredits({
          adjustment_id: 'adj_w',
          user_id: 'whale',
          context: 'earning',
          amount_credits: 9_007_199_254_740_980,
        }),
        requestCashout({ cashout_id: 'co_w', user_id: 'whale', gross_credits: 9_007_199_254_740_980 }),
        // platform:adjustments is nearly full, so this evaluator earns through a real vote.
        openAccounts('req'),
        openAccounts('eva'),
        purchaseCredits({ amount_usd: 50 }),
        reserveReward({ credits: 20_000 }),
        postReward(),
      ],
      when: requestCashout({ gross_credits: 10_000 }),
    },
    {
      rejection: 'insufficient_credits',
      case: 'a pending cash-out counts against the balance',
      given: [...earned, requestCashout({ cashout_id: 'co_0', gross_credits: 10_010 })],
      when: requestCashout({ gross_credits: 10_000 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

describe('MarkCashoutPaid', () => {
  it('posts the gross and moves the fee from platform:payouts to platform:fees', () => {
    const state = given(...requested)
      .when(markCashoutPaid({ stripe_transfer_id: 'tr_1Abc' }))
      .then([
        {
          stream_id: 'cashout-co_1',
          expected_version: 1,
          event: {
            type: 'CashoutPaid',
            data: {
              cashout_id: 'co_1',
              user_id: 'eva',
              stripe_transfer_id: 'tr_1Abc',
              gross_credits: 12_340,
              fee_credits: 1_230,
              net_credits: 11_110,
              postings: [
                {
                  transfer_id: 'co_1',
                  debit: 'earning:eva',
                  credit: 'platform:payouts',
                  amount: 12_340,
                  code: 'cashout',
                  phase: 'post_pending',
                },
                {
                  transfer_id: 'co_1',
                  debit: 'platform:payouts',
                  credit: 'platform:fees',
                  amount: 1_230,
                  code: 'cashout_fee',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    const balances = (id: string) => {
      const account = state.accounts.get(id);
      return account && accountBalance(account);
    };
    expect(balances('earning:eva')).toBe(20_000 - 12_340);
    expect(balances('platform:payouts')).toBe(11_110);
    expect(balances('platform:fees')).toBe(1_230);
    expect(state.accounts.get('platform:payouts')?.credits_pending).toBe(0);
  });

  it('has no fee leg when the fee rounds to zero cents', () => {
    const [event] = given(...earned, requestCashout({ gross_credits: 40, minimum_cashout_credits: 10 }))
      .when(markCashoutPaid())
      .thenEvents();
    expect(event?.data.postings).toHaveLength(1);
  });

  it('is a duplicate when the same Stripe transfer is reported again', () => {
    given(...requested, markCashoutPaid())
      .when(markCashoutPaid())
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'invalid_id',
      case: 'cash-out id',
      given: requested,
      when: markCashoutPaid({ cashout_id: '' }),
    },
    {
      rejection: 'invalid_id',
      case: 'stripe transfer id',
      given: requested,
      when: markCashoutPaid({ stripe_transfer_id: 'tr 1' }),
    },
    { rejection: 'cashout_not_found', case: 'never requested', given: earned, when: markCashoutPaid() },
    {
      rejection: 'cashout_already_settled',
      case: 'paid with another Stripe transfer',
      given: [...requested, markCashoutPaid({ stripe_transfer_id: 'tr_a' })],
      when: markCashoutPaid({ stripe_transfer_id: 'tr_b' }),
    },
    {
      rejection: 'cashout_already_settled',
      case: 'failed',
      given: [...requested, markCashoutFailed()],
      when: markCashoutPaid(),
    },
    {
      rejection: 'balance_overflow',
      case: 'platform:payouts posted credits would pass MAX_SAFE_INTEGER',
      given: [
        openAccounts('whale'),
        adjustCredits({
          adjustment_id: 'adj_w',
          user_id: 'whale',
          context: 'earning',
          amount_credits: 9_007_199_254_740_980,
        }),
        requestCashout({ cashout_id: 'co_w', user_id: 'whale', gross_credits: 9_007_199_254_740_980 }),
        markCashoutPaid({ cashout_id: 'co_w', stripe_transfer_id: 'tr_w' }),
        // platform:adjustments is nearly full, so this evaluator earns through a real vote.
        openAccounts('req'),
        openAccounts('eva'),
        purchaseCredits({ amount_usd: 50 }),
        reserveReward({ credits: 20_000 }),
        postReward(),
        requestCashout({ gross_credits: 10_000 }),
      ],
      when: markCashoutPaid(),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

describe('MarkCashoutFailed', () => {
  it('voids the pending gross: the earnings are back', () => {
    const state = given(...requested)
      .when(markCashoutFailed({ reason: '  account_closed  ' }))
      .then([
        {
          stream_id: 'cashout-co_1',
          expected_version: 1,
          event: {
            type: 'CashoutFailed',
            data: {
              cashout_id: 'co_1',
              user_id: 'eva',
              gross_credits: 12_340,
              reason: 'account_closed',
              postings: [
                {
                  transfer_id: 'co_1',
                  debit: 'earning:eva',
                  credit: 'platform:payouts',
                  amount: 12_340,
                  code: 'cashout',
                  phase: 'void_pending',
                },
              ],
            },
          },
        },
      ]);
    const earning = state.accounts.get('earning:eva');
    expect(earning && availableBalance(earning)).toBe(20_000);
  });

  it('is a duplicate when the same failure is reported again', () => {
    given(...requested, markCashoutFailed())
      .when(markCashoutFailed())
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'invalid_id',
      case: 'cash-out id',
      given: requested,
      when: markCashoutFailed({ cashout_id: '_' }),
    },
    {
      rejection: 'reason_required',
      case: 'blank',
      given: requested,
      when: markCashoutFailed({ reason: '   ' }),
    },
    {
      rejection: 'reason_required',
      case: 'not a string',
      given: requested,
      when: withData(markCashoutFailed(), { reason: { code: 'x' } }),
    },
    {
      rejection: 'reason_too_long',
      case: '501 characters',
      given: requested,
      when: markCashoutFailed({ reason: 'x'.repeat(501) }),
    },
    { rejection: 'cashout_not_found', case: 'never requested', given: earned, when: markCashoutFailed() },
    {
      rejection: 'cashout_already_settled',
      case: 'already paid',
      given: [...requested, markCashoutPaid()],
      when: markCashoutFailed(),
    },
    {
      rejection: 'cashout_already_settled',
      case: 'failed for another reason',
      given: [...requested, markCashoutFailed({ reason: 'a' })],
      when: markCashoutFailed({ reason: 'b' }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

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

  it('accepts a reason of exactly 500 characters once trimmed', () => {
    const [event] = given(...paid)
      .when(reverseCashout({ reason: ` ${'r'.repeat(500)}\n` }))
      .thenEvents();
    expect(event?.type === 'CashoutReversed' && event.data.reason).toBe('r'.repeat(500));
  });

  it('names the reversal that came first when another one arrives', () => {
    const { decision } = given(...paid, reverseCashout({ reversal_id: 'tr_a' })).when(
      reverseCashout({ reversal_id: 'tr_b' }),
    );
    expect(decision).toEqual({
      ok: false,
      rejection: 'cashout_already_settled',
      message: 'Cash-out co_1 was already reversed by tr_a',
    });
  });

  it('still answers, without a name, on books that lost the first reversal id', () => {
    const { state } = given(...paid, reverseCashout({ reversal_id: 'tr_a' }));
    const cashout = state.cashouts.get('co_1');
    if (cashout) cashout.reversal_id = undefined;
    expect(decide(state, reverseCashout({ reversal_id: 'tr_b' }), { now: T0_MS })).toEqual({
      ok: false,
      rejection: 'cashout_already_settled',
      message: 'Cash-out co_1 was already reversed by another reversal',
    });
  });

  const rows: RejectionRow[] = [
    { rejection: 'invalid_id', case: 'cash-out id', given: paid, when: reverseCashout({ cashout_id: '' }) },
    {
      rejection: 'invalid_id',
      case: 'reversal id',
      given: paid,
      when: reverseCashout({ reversal_id: 'tr 1' }),
    },
    {
      // A paid cash-out has no reversal id either: missing must not match missing as a duplicate.
      rejection: 'invalid_id',
      case: 'reversal id missing',
      given: paid,
      when: withData(reverseCashout(), { reversal_id: undefined }),
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
    {
      rejection: 'balance_overflow',
      case: "the evaluator's posted credits would pass MAX_SAFE_INTEGER",
      given: [
        openAccounts('whale'),
        adjustCredits({
          adjustment_id: 'adj_w',
          user_id: 'whale',
          context: 'earning',
          amount_credits: Number.MAX_SAFE_INTEGER,
        }),
        requestCashout({ cashout_id: 'co_w', user_id: 'whale', gross_credits: 10_000 }),
        markCashoutPaid({ cashout_id: 'co_w', stripe_transfer_id: 'tr_w' }),
      ],
      when: reverseCashout({ cashout_id: 'co_w', reversal_id: 'rv_w' }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
