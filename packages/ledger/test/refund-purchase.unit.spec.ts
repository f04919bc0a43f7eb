import { describe, expect, it } from 'vitest';
import {
  adjustCredits,
  openAccounts,
  purchaseCredits,
  refundPurchase,
  reinstateRefund,
  reserveReward,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

const bought = [
  openAccounts('req'),
  purchaseCredits({ purchase_id: 'pi_1', user_id: 'req', amount_usd: 50 }),
];

describe('RefundPurchase', () => {
  it('takes the refunded credits back to platform:stripe', () => {
    const state = given(...bought)
      .when(refundPurchase({ amount_credits: 20_000 }))
      .then([
        {
          stream_id: 'refund-re_1',
          expected_version: 'no_stream',
          event: {
            type: 'PurchaseRefunded',
            data: {
              refund_id: 're_1',
              purchase_id: 'pi_1',
              user_id: 'req',
              reason: 'refund',
              refunded_credits: 20_000,
              recovered_credits: 20_000,
              shortfall_credits: 0,
              postings: [
                {
                  transfer_id: 're_1',
                  debit: 'spending:req',
                  credit: 'platform:stripe',
                  amount: 20_000,
                  code: 'refund',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    expect(state.accounts.get('spending:req')?.debits_posted).toBe(20_000);
    expect(state.purchases.get('pi_1')?.refunded_credits).toBe(20_000);
  });

  it('takes only what is available once credits are spent or reserved, and records the shortfall', () => {
    const [event] = given(
      ...bought,
      openAccounts('ev'),
      adjustCredits({ adjustment_id: 'spent', amount_credits: -30_000 }),
      reserveReward({ transfer_id: 'tr_1', requester_id: 'req', evaluator_id: 'ev', credits: 5_000 }),
    )
      .when(refundPurchase({ reason: 'dispute', refund_id: 'dp_1' }))
      .thenEvents();
    expect(event?.data).toMatchObject({
      refunded_credits: 50_000,
      recovered_credits: 15_000,
      shortfall_credits: 35_000,
    });
  });

  it('records a fully spent refund with no postings', () => {
    const [event] = given(...bought, adjustCredits({ adjustment_id: 'spent', amount_credits: -50_000 }))
      .when(refundPurchase())
      .thenEvents();
    expect(event?.data).toMatchObject({ recovered_credits: 0, shortfall_credits: 50_000, postings: [] });
  });

  it('treats a redelivered refund as a duplicate', () => {
    given(...bought, refundPurchase())
      .when(refundPurchase())
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same refund id, other amount',
      given: [...bought, refundPurchase({ amount_credits: 1_000 })],
      when: refundPurchase({ amount_credits: 2_000 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same refund id, another purchase',
      given: [...bought, purchaseCredits({ purchase_id: 'pi_2' }), refundPurchase({ amount_credits: 1_000 })],
      when: refundPurchase({ purchase_id: 'pi_2', amount_credits: 1_000 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same refund id, another reason',
      given: [...bought, refundPurchase({ amount_credits: 1_000 })],
      when: refundPurchase({ amount_credits: 1_000, reason: 'dispute' }),
    },
    { rejection: 'invalid_id', case: 'refund id', given: bought, when: refundPurchase({ refund_id: 'r e' }) },
    {
      rejection: 'invalid_id',
      case: 'purchase id',
      given: bought,
      when: refundPurchase({ purchase_id: '' }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'fractional',
      given: bought,
      when: refundPurchase({ amount_credits: 1.5 }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'zero',
      given: bought,
      when: refundPurchase({ amount_credits: 0 }),
    },
    {
      rejection: 'amount_exceeds_maximum',
      case: 'beyond MAX_SAFE_INTEGER',
      given: bought,
      when: refundPurchase({ amount_credits: Number.MAX_SAFE_INTEGER + 2 }),
    },
    {
      rejection: 'reason_required',
      case: 'unknown reason',
      given: bought,
      when: withData(refundPurchase(), { reason: 'gift' }),
    },
    {
      rejection: 'purchase_not_found',
      case: 'unknown payment',
      given: bought,
      when: refundPurchase({ purchase_id: 'pi_2' }),
    },
    {
      rejection: 'refund_exceeds_purchase',
      case: 'two refunds adding up to more than the purchase',
      given: [...bought, refundPurchase({ amount_credits: 40_000 })],
      when: refundPurchase({ refund_id: 're_2', amount_credits: 20_000 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

describe('ReinstateRefund', () => {
  it('gives the recovered credits back from platform:stripe and forgives the shortfall, once', () => {
    const disputed = [
      ...bought,
      adjustCredits({ adjustment_id: 'spent', amount_credits: -30_000 }),
      refundPurchase({ reason: 'dispute', refund_id: 'dp_1' }),
    ];
    const state = given(...disputed)
      .when(reinstateRefund('dp_1'))
      .then([
        {
          stream_id: 'refund-dp_1',
          expected_version: 1,
          event: {
            type: 'PurchaseRefundReinstated',
            data: {
              refund_id: 'dp_1',
              purchase_id: 'pi_1',
              user_id: 'req',
              reason: 'dispute',
              reinstated_credits: 50_000,
              restored_credits: 20_000,
              forgiven_shortfall_credits: 30_000,
              postings: [
                {
                  transfer_id: 'dp_1.reinstated',
                  debit: 'platform:stripe',
                  credit: 'spending:req',
                  amount: 20_000,
                  code: 'refund',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    expect(state.purchases.get('pi_1')?.refunded_credits).toBe(0);
    expect(state.refunds.get('dp_1')?.reinstated).toBe(true);
    given(...disputed, reinstateRefund('dp_1'))
      .when(reinstateRefund('dp_1'))
      .thenDuplicate();
  });

  it('reinstates a fully spent refund with no postings', () => {
    const [event] = given(
      ...bought,
      adjustCredits({ adjustment_id: 'spent', amount_credits: -50_000 }),
      refundPurchase(),
    )
      .when(reinstateRefund())
      .thenEvents();
    expect(event?.data).toMatchObject({
      restored_credits: 0,
      forgiven_shortfall_credits: 50_000,
      postings: [],
    });
  });

  const rows: RejectionRow[] = [
    { rejection: 'invalid_id', case: 'refund id', given: bought, when: reinstateRefund('r e') },
    { rejection: 'refund_not_found', case: 'unknown refund', given: bought, when: reinstateRefund('re_9') },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
