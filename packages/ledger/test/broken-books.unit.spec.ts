import { describe, expect, it } from 'vitest';
import { decide, type LedgerCommand } from '../src/index.js';
import {
  T0_MS,
  adjustCredits,
  grantBonus,
  markCashoutPaid,
  openAccounts,
  postReward,
  purchaseCredits,
  refundPurchase,
  reinstateRefund,
  requestCashout,
  reserveReward,
  reverseCashout,
} from './support/builders.js';
import { given, type HistoryEntry } from './support/given-when-then.js';

/*
 * decide never throws, even on a state evolve could not have built (a bug elsewhere, a hand-edited
 * snapshot): an account it needs is missing, so it answers unknown_account and moves nothing.
 */

const funded = [
  openAccounts('req'),
  openAccounts('eva'),
  purchaseCredits(),
  adjustCredits({ adjustment_id: 'adj_e', user_id: 'eva', context: 'earning', amount_credits: 20_000 }),
];

interface BrokenRow {
  case: string;
  given: HistoryEntry[];
  /** What is taken out of the books before deciding: a user's accounts or a platform account. */
  remove: { user: string } | { account: string };
  when: LedgerCommand;
}

const rows: BrokenRow[] = [
  {
    case: 'purchase without platform:stripe',
    given: funded,
    remove: { account: 'platform:stripe' },
    when: purchaseCredits({ purchase_id: 'pi_2' }),
  },
  {
    case: 'bonus without platform:promotions',
    given: funded,
    remove: { account: 'platform:promotions' },
    when: grantBonus(),
  },
  { case: 'refund whose buyer is gone', given: funded, remove: { user: 'req' }, when: refundPurchase() },
  {
    case: 'refund without platform:stripe',
    given: funded,
    remove: { account: 'platform:stripe' },
    when: refundPurchase(),
  },
  {
    case: 'vote whose requester is gone',
    given: [...funded, reserveReward()],
    remove: { user: 'req' },
    when: postReward(),
  },
  {
    case: 'vote whose evaluator is gone',
    given: [...funded, reserveReward()],
    remove: { user: 'eva' },
    when: postReward(),
  },
  {
    case: 'cash-out without platform:payouts',
    given: funded,
    remove: { account: 'platform:payouts' },
    when: requestCashout(),
  },
  {
    case: 'paying a cash-out whose person is gone',
    given: [...funded, requestCashout()],
    remove: { user: 'eva' },
    when: markCashoutPaid(),
  },
  {
    case: 'paying a cash-out without platform:payouts',
    given: [...funded, requestCashout()],
    remove: { account: 'platform:payouts' },
    when: markCashoutPaid(),
  },
  {
    case: 'paying a cash-out without platform:fees',
    given: [...funded, requestCashout()],
    remove: { account: 'platform:fees' },
    when: markCashoutPaid(),
  },
  {
    case: 'reversing a cash-out whose person is gone',
    given: [...funded, requestCashout(), markCashoutPaid()],
    remove: { user: 'eva' },
    when: reverseCashout(),
  },
  {
    case: 'reversing a cash-out without platform:payouts',
    given: [...funded, requestCashout(), markCashoutPaid()],
    remove: { account: 'platform:payouts' },
    when: reverseCashout(),
  },
  {
    case: 'reversing a cash-out without platform:fees',
    given: [...funded, requestCashout(), markCashoutPaid()],
    remove: { account: 'platform:fees' },
    when: reverseCashout(),
  },
  {
    case: 'reinstating a refund whose buyer is gone',
    given: [...funded, refundPurchase()],
    remove: { user: 'req' },
    when: reinstateRefund(),
  },
  {
    case: 'reinstating a refund without platform:stripe',
    given: [...funded, refundPurchase()],
    remove: { account: 'platform:stripe' },
    when: reinstateRefund(),
  },
  {
    case: 'adjustment without platform:adjustments',
    given: funded,
    remove: { account: 'platform:adjustments' },
    when: adjustCredits({ adjustment_id: 'adj_2' }),
  },
];

describe('decide on books evolve could not have built', () => {
  it.each(rows)('unknown_account: $case', (row) => {
    const { state } = given(...row.given);
    if ('user' in row.remove) state.users.delete(row.remove.user);
    else state.accounts.delete(row.remove.account);
    expect(decide(state, row.when, { now: T0_MS })).toMatchObject({
      ok: false,
      rejection: 'unknown_account',
      message: expect.stringMatching(/\S/),
    });
  });
});
