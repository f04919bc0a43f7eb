import fc from 'fast-check';
import type { LedgerCommand } from '../../src/index.js';

/*
 * Random ledger commands over small pools of people and ids, so runs are full of collisions:
 * retries, reused ids with other payloads, settling twice, spending more than there is. About one
 * field value in sixteen is bad input (wrong type, NaN, fractional, too large, malformed id), so
 * most commands still get as far as the balance checks.
 */

const MAX = Number.MAX_SAFE_INTEGER;
const MAX_USD = Math.floor(MAX / 1000);

function mostly<T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 15, arbitrary: good }, { weight: 1, arbitrary: bad });
}

const badId = fc.constantFrom('', 'bad id', 'x'.repeat(129), '_lead', 'a:b', 7, undefined, null);
const user = mostly(fc.constantFrom('u1', 'u2', 'u3'), badId);
const entityId = mostly(fc.constantFrom('a', 'b', 'c', 'd', 'e'), badId);
/** Fewer cash-out ids, so Stripe's answers often find the cash-out they settle. */
const cashoutId = mostly(fc.constantFrom('a', 'b'), badId);
/** Rewards mostly flow from u1 (funded at the start) to u2; sometimes anyone to anyone. */
const rewardParties = fc.oneof(
  { weight: 6, arbitrary: fc.constant(['u1', 'u2'] as unknown[]) },
  { weight: 2, arbitrary: fc.constant(['u2', 'u1'] as unknown[]) },
  { weight: 2, arbitrary: fc.tuple(user, user) },
);
/** Cash-outs sized to what votes earn, so some succeed; bad and huge values still appear. */
const grossCredits = mostly(
  fc.integer({ min: 1, max: 300 }).map((cents) => cents * 10),
  fc.constantFrom(0, -10, 15, 1.5, Number.NaN, '100', MAX, 1e20, 9_007_199_254_740_990),
);
const credits = mostly(
  fc.oneof(
    fc.integer({ min: 1, max: 3_000 }),
    fc.integer({ min: 1, max: 3_000 }).map((cents) => cents * 10),
  ),
  fc.constantFrom(0, -10, 1.5, Number.NaN, Infinity, -Infinity, '100', null, MAX, 2 ** 53, 1e20, MAX - 1),
);
const usd = mostly(
  fc.integer({ min: 50, max: 200 }),
  fc.constantFrom(0, -50, 49, 1, 50.5, Number.NaN, '50', MAX_USD, MAX_USD + 1, Math.floor(MAX_USD / 2)),
);
const timeoutMs = mostly(
  fc.constantFrom(1_000, 60_000, 600_000),
  fc.constantFrom(0, -1, 1.5, 604_800_000, 604_800_001, Number.NaN),
);
const freeText = mostly(
  fc.constantFrom('boom', ' boom ', 'card_declined'),
  fc.constantFrom('', '   ', 'x'.repeat(501), 7),
);

export const commandArbitrary: fc.Arbitrary<LedgerCommand> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('OpenUserAccounts'), data: fc.record({ user_id: user }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('PurchaseCredits'),
      data: fc.record({ purchase_id: entityId, user_id: user, amount_usd: usd }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('GrantBonus'), data: fc.record({ user_id: user }) }),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({
        transfer_id: entityId,
        parties: rewardParties,
        credits,
        timeout_ms: timeoutMs,
        item_id: fc.option(mostly(fc.constantFrom('item1', 'item2'), badId), { nil: undefined }),
      })
      .map(({ parties: [requester_id, evaluator_id], item_id, ...data }) => ({
        type: 'ReserveReward',
        data: { ...data, requester_id, evaluator_id, ...(item_id === undefined ? {} : { item_id }) },
      })),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('PostReward'),
      data: fc.record({ transfer_id: entityId, vote_id: mostly(fc.constantFrom('v1', 'v2'), badId) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('ReleaseReward'),
      data: fc.record({
        transfer_id: entityId,
        reason: mostly(fc.constantFrom('skipped', 'cancelled'), fc.constantFrom('expired', '', 3)),
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('ExpireRewards'),
      data: fc.record({
        max_count: mostly(fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 1_001, 2.5, Number.NaN)),
      }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('RequestCashout'),
      data: fc.record({
        cashout_id: cashoutId,
        user_id: mostly(fc.constantFrom('u2', 'u2', 'u1', 'u3'), badId),
        gross_credits: grossCredits,
        minimum_cashout_credits: mostly(fc.constantFrom(10, 10, 100, 1_000), fc.constantFrom(0, -1, 1.5)),
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('MarkCashoutPaid'),
      data: fc.record({
        cashout_id: cashoutId,
        stripe_transfer_id: mostly(fc.constantFrom('st_1', 'st_2'), badId),
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('MarkCashoutFailed'),
      data: fc.record({ cashout_id: cashoutId, reason: freeText }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('AdjustCredits'),
      data: fc.record({
        adjustment_id: entityId,
        user_id: user,
        context: mostly(fc.constantFrom('spending', 'earning'), fc.constantFrom('savings', 1)),
        amount_credits: fc.oneof(
          credits,
          credits.map((value) => (typeof value === 'number' ? -value : value)),
        ),
        reason: freeText,
        actor_id: mostly(fc.constant('admin_1'), badId),
      }),
    }),
  },
) as fc.Arbitrary<LedgerCommand>;

export type Step =
  | { kind: 'command'; command: LedgerCommand }
  /** Sends an earlier command again, as a client retry or a redelivered webhook would. */
  | { kind: 'retry'; back: number }
  | { kind: 'tick'; ms: number };

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('command' as const), command: commandArbitrary }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('retry' as const), back: fc.nat({ max: 20 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      ms: fc.constantFrom(1, 999, 1_000, 60_000, 600_000, 3_600_000),
    }),
  },
);
