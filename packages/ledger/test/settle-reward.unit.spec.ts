import { describe, expect, it } from 'vitest';
import { accountBalance } from '../src/index.js';
import {
  LEASE_MS,
  T0_MS,
  adjustCredits,
  openAccounts,
  postReward,
  purchaseCredits,
  releaseReward,
  reserveReward,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

const reserved = [
  openAccounts('req'),
  openAccounts('eva'),
  purchaseCredits({ amount_usd: 50 }),
  reserveReward({ credits: 100 }),
];
const EXPIRY_MS = T0_MS + LEASE_MS;

describe('PostReward', () => {
  it('posts the reserved reward to the earning account (VoteRecorded)', () => {
    const state = given(...reserved)
      .when(postReward({ vote_id: 'vote_7' }), EXPIRY_MS - 1)
      .then([
        {
          stream_id: 'reward-tr_1',
          expected_version: 1,
          event: {
            type: 'VoteRecorded',
            data: {
              transfer_id: 'tr_1',
              vote_id: 'vote_7',
              requester_id: 'req',
              evaluator_id: 'eva',
              credits: 100,
              postings: [
                {
                  transfer_id: 'tr_1',
                  debit: 'spending:req',
                  credit: 'earning:eva',
                  amount: 100,
                  code: 'reward',
                  phase: 'post_pending',
                },
              ],
            },
          },
        },
      ]);
    expect(state.accounts.get('spending:req')).toMatchObject({ debits_pending: 0, debits_posted: 100 });
    expect(state.accounts.get('earning:eva')).toMatchObject({ credits_pending: 0, credits_posted: 100 });
    expect(state.pendingRewards).toHaveLength(0);
  });

  it('is a duplicate when the same vote is retried, and pays once', () => {
    const history = given(...reserved, postReward());
    history.when(postReward()).thenDuplicate();
    const earning = history.state.accounts.get('earning:eva');
    expect(earning && accountBalance(earning)).toBe(100);
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'invalid_id',
      case: 'transfer id',
      given: reserved,
      when: postReward({ transfer_id: 'a b' }),
    },
    {
      rejection: 'invalid_id',
      case: 'vote id not a string',
      given: reserved,
      when: withData(postReward(), { vote_id: 12 }),
    },
    {
      rejection: 'transfer_not_found',
      case: 'never reserved',
      given: reserved,
      when: postReward({ transfer_id: 'tr_x' }),
    },
    {
      rejection: 'transfer_already_posted',
      case: 'posted by another vote',
      given: [...reserved, postReward({ vote_id: 'vote_1' })],
      when: postReward({ vote_id: 'vote_2' }),
    },
    {
      rejection: 'transfer_already_voided',
      case: 'skipped',
      given: [...reserved, releaseReward()],
      when: postReward(),
    },
    {
      rejection: 'transfer_expired',
      case: 'the vote arrives when the lease ends (expires_at <= now)',
      given: reserved,
      when: postReward(),
      now_ms: EXPIRY_MS,
    },
    {
      rejection: 'balance_overflow',
      case: "the evaluator's posted credits would pass MAX_SAFE_INTEGER",
      given: [
        ...reserved,
        adjustCredits({ user_id: 'eva', context: 'earning', amount_credits: Number.MAX_SAFE_INTEGER - 50 }),
      ],
      when: postReward(),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

describe('ReleaseReward', () => {
  it('voids the reservation and gives the credits back (RewardReleased)', () => {
    const state = given(...reserved)
      .when(releaseReward({ reason: 'cancelled' }))
      .then([
        {
          stream_id: 'reward-tr_1',
          expected_version: 1,
          event: {
            type: 'RewardReleased',
            data: {
              transfer_id: 'tr_1',
              requester_id: 'req',
              evaluator_id: 'eva',
              credits: 100,
              reason: 'cancelled',
              postings: [
                {
                  transfer_id: 'tr_1',
                  debit: 'spending:req',
                  credit: 'earning:eva',
                  amount: 100,
                  code: 'reward',
                  phase: 'void_pending',
                },
              ],
            },
          },
        },
      ]);
    expect(state.accounts.get('spending:req')).toMatchObject({ debits_pending: 0, debits_posted: 0 });
    expect(state.accounts.get('earning:eva')).toMatchObject({ credits_pending: 0, credits_posted: 0 });
  });

  it('is accepted after the lease ran out: it voids what expiry would', () => {
    given(...reserved)
      .when(releaseReward(), EXPIRY_MS + 1)
      .thenEvents();
  });

  it('is a duplicate when retried with the same reason', () => {
    given(...reserved, releaseReward())
      .when(releaseReward())
      .thenDuplicate();
  });

  const rows: RejectionRow[] = [
    {
      rejection: 'invalid_id',
      case: 'transfer id',
      given: reserved,
      when: releaseReward({ transfer_id: '' }),
    },
    {
      rejection: 'reason_required',
      case: 'not one of skipped / cancelled',
      given: reserved,
      when: withData(releaseReward(), { reason: 'expired' }),
    },
    {
      rejection: 'reason_required',
      case: 'no reason on a pending reward (not a duplicate of its missing release reason)',
      given: reserved,
      when: withData(releaseReward(), { reason: undefined }),
    },
    {
      rejection: 'transfer_not_found',
      case: 'never reserved',
      given: reserved,
      when: releaseReward({ transfer_id: 'x' }),
    },
    {
      rejection: 'transfer_already_posted',
      case: 'the vote came first',
      given: [...reserved, postReward()],
      when: releaseReward(),
    },
    {
      rejection: 'transfer_already_voided',
      case: 'voided for another reason',
      given: [...reserved, releaseReward({ reason: 'skipped' })],
      when: releaseReward({ reason: 'cancelled' }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
