import { describe, expect, it } from 'vitest';
import { accountBalance } from '../src/index.js';
import {
  adjustCredits,
  openAccounts,
  postReward,
  purchaseCredits,
  reserveReward,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

const opened = [openAccounts('req'), openAccounts('eva')];

describe('AdjustCredits', () => {
  it('adds credits from platform:adjustments when positive', () => {
    const state = given(...opened)
      .when(adjustCredits({ amount_credits: 2_500, reason: '  Refund for a broken batch ' }))
      .then([
        {
          stream_id: 'adjustment-adj_1',
          expected_version: 'no_stream',
          event: {
            type: 'CreditsAdjusted',
            data: {
              adjustment_id: 'adj_1',
              user_id: 'req',
              context: 'spending',
              amount_credits: 2_500,
              reason: 'Refund for a broken batch',
              actor_id: 'admin_1',
              postings: [
                {
                  transfer_id: 'adj_1',
                  debit: 'platform:adjustments',
                  credit: 'spending:req',
                  amount: 2_500,
                  code: 'adjustment',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    const spending = state.accounts.get('spending:req');
    expect(spending && accountBalance(spending)).toBe(2_500);
  });

  it('takes credits back to platform:adjustments when negative', () => {
    const [event] = given(...opened, purchaseCredits())
      .when(adjustCredits({ amount_credits: -50_000 }))
      .thenEvents();
    expect(event?.data.postings).toEqual([
      {
        transfer_id: 'adj_1',
        debit: 'spending:req',
        credit: 'platform:adjustments',
        amount: 50_000,
        code: 'adjustment',
        phase: 'posted',
      },
    ]);
  });

  it('is a duplicate when retried with the same payload (reason compared trimmed)', () => {
    given(...opened, adjustCredits({ reason: 'Goodwill' }))
      .when(adjustCredits({ reason: ' Goodwill ' }))
      .thenDuplicate();
  });

  it('names the available balance (spent and reserved credits taken off) when refusing to take back', () => {
    // 50,000 bought - 100 paid for a vote - 400 reserved = 49,500 available.
    const { decision } = given(
      ...opened,
      purchaseCredits(),
      reserveReward({ transfer_id: 'tr_paid', credits: 100 }),
      postReward({ transfer_id: 'tr_paid' }),
      reserveReward({ transfer_id: 'tr_held', credits: 400 }),
    ).when(adjustCredits({ amount_credits: -49_501 }));
    expect(decision).toEqual({
      ok: false,
      rejection: 'insufficient_credits',
      message: 'spending:req has 49500 credits available, 49501 to take',
    });
  });

  it('accepts a reason of exactly 500 characters once trimmed', () => {
    const [event] = given(...opened)
      .when(adjustCredits({ reason: ` ${'r'.repeat(500)}\n` }))
      .thenEvents();
    expect(event?.type === 'CreditsAdjusted' && event.data.reason).toBe('r'.repeat(500));
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same id, other sign',
      given: [...opened, adjustCredits({ amount_credits: 100 })],
      when: adjustCredits({ amount_credits: -100 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same id, another person',
      given: [...opened, adjustCredits()],
      when: adjustCredits({ user_id: 'eva' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same id, the other account',
      given: [...opened, adjustCredits()],
      when: adjustCredits({ context: 'earning' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same id, another reason',
      given: [...opened, adjustCredits()],
      when: adjustCredits({ reason: 'Another reason' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same id, another actor',
      given: [...opened, adjustCredits()],
      when: adjustCredits({ actor_id: 'admin_2' }),
    },
    {
      rejection: 'invalid_id',
      case: 'adjustment id',
      given: opened,
      when: adjustCredits({ adjustment_id: '' }),
    },
    {
      rejection: 'invalid_id',
      case: 'user id',
      given: opened,
      when: adjustCredits({ user_id: 'spending:req' }),
    },
    { rejection: 'invalid_id', case: 'actor id', given: opened, when: adjustCredits({ actor_id: '' }) },
    {
      rejection: 'amount_must_be_integer',
      case: 'string amount',
      given: opened,
      when: withData(adjustCredits(), { amount_credits: '-100' }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'zero',
      given: opened,
      when: adjustCredits({ amount_credits: 0 }),
    },
    {
      rejection: 'amount_exceeds_maximum',
      case: 'a negative beyond -MAX_SAFE_INTEGER',
      given: opened,
      when: adjustCredits({ amount_credits: -(2 ** 53) }),
    },
    {
      rejection: 'reason_required',
      case: 'blank reason',
      given: opened,
      when: adjustCredits({ reason: ' \n ' }),
    },
    {
      rejection: 'reason_too_long',
      case: '501 characters',
      given: opened,
      when: adjustCredits({ reason: 'r'.repeat(501) }),
    },
    {
      rejection: 'unknown_account',
      case: 'unknown context',
      given: opened,
      when: withData(adjustCredits(), { context: 'savings' }),
    },
    { rejection: 'unknown_account', case: 'accounts never opened', given: [], when: adjustCredits() },
    {
      rejection: 'balance_overflow',
      case: 'spending credits past MAX_SAFE_INTEGER',
      given: [...opened, purchaseCredits()],
      when: adjustCredits({ amount_credits: Number.MAX_SAFE_INTEGER }),
    },
    {
      rejection: 'insufficient_credits',
      case: 'taking back more than is available (reservations count)',
      given: [...opened, purchaseCredits(), reserveReward({ credits: 1 })],
      when: adjustCredits({ amount_credits: -50_000 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
