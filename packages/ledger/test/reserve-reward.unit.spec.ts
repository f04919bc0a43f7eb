import { describe, expect, it } from 'vitest';
import { MAXIMUM_REWARD_TIMEOUT_MS, availableBalance } from '../src/index.js';
import {
  LEASE_MS,
  T0_MS,
  adjustCredits,
  openAccounts,
  postReward,
  purchaseCredits,
  reserveReward,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

/** A requester with 50,000 credits and an evaluator. */
const funded = [openAccounts('req'), openAccounts('eva'), purchaseCredits({ amount_usd: 50 })];

describe('ReserveReward', () => {
  it('reserves the reward as a pending transfer spending:requester -> earning:evaluator', () => {
    const state = given(...funded)
      .when(reserveReward({ credits: 120, item_id: 'item_9' }))
      .then([
        {
          stream_id: 'reward-tr_1',
          expected_version: 'no_stream',
          event: {
            type: 'RewardReserved',
            data: {
              transfer_id: 'tr_1',
              requester_id: 'req',
              evaluator_id: 'eva',
              item_id: 'item_9',
              credits: 120,
              expires_at: new Date(T0_MS + LEASE_MS).toISOString(),
              postings: [
                {
                  transfer_id: 'tr_1',
                  debit: 'spending:req',
                  credit: 'earning:eva',
                  amount: 120,
                  code: 'reward',
                  phase: 'pending',
                },
              ],
            },
          },
        },
      ]);
    const spending = state.accounts.get('spending:req');
    const earning = state.accounts.get('earning:eva');
    expect(spending?.debits_pending).toBe(120);
    expect(spending && availableBalance(spending)).toBe(50_000 - 120);
    // Reserved for the evaluator, not yet theirs.
    expect(earning?.credits_pending).toBe(120);
    expect(earning && availableBalance(earning)).toBe(0);
    expect(state.rewards.get('tr_1')).toMatchObject({ status: 'pending', expires_at_ms: T0_MS + LEASE_MS });
  });

  it('leaves item_id out of the event when the command has none', () => {
    const [event] = given(...funded)
      .when(reserveReward())
      .thenEvents();
    expect(event?.data).not.toHaveProperty('item_id');
  });

  it('names the available balance (posted and reserved debits taken off) when refusing', () => {
    // 50,000 bought - 100 paid for a vote - 49,800 reserved = 100 available.
    const { decision } = given(
      ...funded,
      reserveReward({ transfer_id: 'tr_paid', credits: 100 }),
      postReward({ transfer_id: 'tr_paid' }),
      reserveReward({ transfer_id: 'tr_held', credits: 49_800 }),
    ).when(reserveReward({ credits: 101 }));
    expect(decision).toEqual({
      ok: false,
      rejection: 'insufficient_credits',
      message: 'spending:req has 100 credits available, 101 required',
    });
  });

  it('can reserve exactly the available balance, and not one credit more', () => {
    given(...funded)
      .when(reserveReward({ credits: 50_000 }))
      .thenEvents();
    given(...funded)
      .when(reserveReward({ credits: 50_001 }))
      .thenRejects('insufficient_credits');
  });

  it('is a duplicate when retried with the same payload, whatever the time and timeout', () => {
    given(...funded, reserveReward())
      .when(reserveReward({ timeout_ms: 5_000 }), T0_MS + 1_000)
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same transfer id, other credits',
      given: [...funded, reserveReward()],
      when: reserveReward({ credits: 101 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same transfer id, another requester',
      given: [...funded, openAccounts('req2'), reserveReward()],
      when: reserveReward({ requester_id: 'req2' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same transfer id, another evaluator',
      given: [...funded, openAccounts('eva2'), reserveReward()],
      when: reserveReward({ evaluator_id: 'eva2' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same transfer id, an item where there was none',
      given: [...funded, reserveReward()],
      when: reserveReward({ item_id: 'a' }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same transfer id, other item',
      given: [...funded, reserveReward({ item_id: 'a' })],
      when: reserveReward({ item_id: 'b' }),
    },
    { rejection: 'invalid_id', case: 'transfer id', given: funded, when: reserveReward({ transfer_id: '' }) },
    {
      rejection: 'invalid_id',
      case: 'requester id',
      given: funded,
      when: reserveReward({ requester_id: 'req!' }),
    },
    {
      rejection: 'invalid_id',
      case: 'evaluator id',
      given: funded,
      when: reserveReward({ evaluator_id: '.eva' }),
    },
    {
      rejection: 'invalid_id',
      case: 'item id null',
      given: funded,
      when: withData(reserveReward(), { item_id: null }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'fractional credits',
      given: funded,
      when: reserveReward({ credits: 0.5 }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'zero',
      given: funded,
      when: reserveReward({ credits: 0 }),
    },
    {
      rejection: 'amount_exceeds_maximum',
      case: 'beyond MAX_SAFE_INTEGER',
      given: funded,
      when: reserveReward({ credits: 2 ** 53 }),
    },
    {
      rejection: 'limit_out_of_range',
      case: 'zero timeout',
      given: funded,
      when: reserveReward({ timeout_ms: 0 }),
    },
    {
      rejection: 'limit_out_of_range',
      case: 'timeout above the longest lease',
      given: funded,
      when: reserveReward({ timeout_ms: MAXIMUM_REWARD_TIMEOUT_MS + 1 }),
    },
    {
      rejection: 'unknown_account',
      case: 'requester never opened',
      given: [openAccounts('eva')],
      when: reserveReward(),
    },
    {
      rejection: 'unknown_account',
      case: 'evaluator never opened',
      given: [openAccounts('req'), purchaseCredits()],
      when: reserveReward(),
    },
    {
      rejection: 'same_account',
      case: 'a requester rewarding themselves',
      given: funded,
      when: reserveReward({ evaluator_id: 'req' }),
    },
    {
      rejection: 'balance_overflow',
      case: "the evaluator's pending credits would pass MAX_SAFE_INTEGER",
      given: [
        ...funded,
        openAccounts('rich'),
        adjustCredits({ user_id: 'rich', amount_credits: Number.MAX_SAFE_INTEGER }),
        reserveReward({ transfer_id: 'tr_big', requester_id: 'rich', credits: Number.MAX_SAFE_INTEGER }),
      ],
      when: reserveReward({ credits: 1 }),
    },
    {
      rejection: 'balance_overflow',
      case: "the requester's reservations would pass MAX_SAFE_INTEGER (before insufficient_credits)",
      given: [
        ...funded,
        openAccounts('rich'),
        openAccounts('eva2'),
        adjustCredits({ user_id: 'rich', amount_credits: Number.MAX_SAFE_INTEGER }),
        reserveReward({ transfer_id: 'tr_big', requester_id: 'rich', credits: Number.MAX_SAFE_INTEGER - 1 }),
      ],
      // eva2 holds nothing pending: only the debit side can overflow.
      when: reserveReward({ transfer_id: 'tr_2', requester_id: 'rich', evaluator_id: 'eva2', credits: 2 }),
    },
    {
      rejection: 'insufficient_credits',
      case: 'reservations count against the balance',
      given: [...funded, reserveReward({ transfer_id: 'tr_0', credits: 49_950 })],
      when: reserveReward({ credits: 51 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
