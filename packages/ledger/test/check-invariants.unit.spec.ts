import { describe, expect, it } from 'vitest';
import {
  applyPostings,
  checkBalances,
  checkInvariants,
  createLedgerState,
  emptyAccountBalance,
  evolve,
  userAccount,
  wouldOverflow,
  isUserAccount,
  spendingAccount,
  earningAccount,
} from '../src/index.js';
import type { TAccountBalance, TLedgerEvent, TPosting } from '@evalmarket/contracts';
import { openAccounts, postReward, purchaseCredits, reserveReward } from './support/builders.js';
import { given } from './support/given-when-then.js';

describe('checkInvariants', () => {
  it('finds nothing wrong in books built by decide and evolve', () => {
    const { state } = given(
      openAccounts('req'),
      openAccounts('eva'),
      purchaseCredits(),
      reserveReward(),
      postReward(),
    );
    expect(checkInvariants(state)).toEqual([]);
  });

  it('reports a posted sum that is not zero', () => {
    const account = { ...emptyAccountBalance('platform:fees'), credits_posted: 5 };
    expect(checkBalances([account])).toMatchObject([{ invariant: 'posted_balances_sum_not_zero' }]);
  });

  it('reports a pending sum that is not zero', () => {
    const account = { ...emptyAccountBalance('platform:payouts'), credits_pending: 5 };
    expect(checkBalances([account])).toMatchObject([{ invariant: 'pending_balances_sum_not_zero' }]);
  });

  it('reports a user account whose reservations and debits exceed its credits', () => {
    const user = { ...emptyAccountBalance('spending:u1'), credits_posted: 10, debits_pending: 11 };
    const other = { ...emptyAccountBalance('platform:stripe'), credits_pending: 11, debits_posted: 10 };
    expect(checkBalances([user, other])).toMatchObject([
      { invariant: 'user_account_negative', account_id: 'spending:u1' },
    ]);
  });

  it('counts posted debits with the reservations against a user account', () => {
    // 5 pending + 6 posted > 10 credited, though neither alone is.
    const user = {
      ...emptyAccountBalance('earning:u1'),
      credits_posted: 10,
      debits_posted: 6,
      debits_pending: 5,
    };
    const other = { ...emptyAccountBalance('platform:payouts'), debits_posted: 4, credits_pending: 5 };
    expect(checkBalances([user, other])).toMatchObject([
      { invariant: 'user_account_negative', account_id: 'earning:u1' },
    ]);
    expect(
      checkBalances([
        { ...user, debits_pending: 4 },
        { ...other, credits_pending: 4 },
      ]),
    ).toEqual([]);
  });

  it('lets platform accounts go negative', () => {
    const stripe = { ...emptyAccountBalance('platform:stripe'), debits_posted: 10 };
    const user = { ...emptyAccountBalance('spending:u1'), credits_posted: 10 };
    expect(checkBalances([stripe, user])).toEqual([]);
  });

  it('reports counters that are negative or not safe integers', () => {
    const account = { ...emptyAccountBalance('platform:fees'), debits_posted: -1, credits_posted: -1 };
    expect(checkBalances([account])).toMatchObject([{ invariant: 'counter_out_of_range' }]);
  });

  it('sums exactly where doubles would not', () => {
    const accounts: TAccountBalance[] = [
      { ...emptyAccountBalance('spending:a'), credits_posted: Number.MAX_SAFE_INTEGER },
      { ...emptyAccountBalance('spending:b'), credits_posted: Number.MAX_SAFE_INTEGER },
      { ...emptyAccountBalance('platform:stripe'), debits_posted: Number.MAX_SAFE_INTEGER },
      { ...emptyAccountBalance('platform:adjustments'), debits_posted: Number.MAX_SAFE_INTEGER - 1 },
    ];
    expect(checkBalances(accounts)).toMatchObject([{ invariant: 'posted_balances_sum_not_zero' }]);
  });
});

describe('applyPostings', () => {
  it('moves counters by phase and opens accounts it has not seen', () => {
    const balances = new Map<string, TAccountBalance>();
    const leg = { transfer_id: 't', debit: 'spending:a', credit: 'earning:b', code: 'reward' as const };
    applyPostings(balances, [
      { ...leg, amount: 30, phase: 'pending' },
      { ...leg, amount: 30, phase: 'post_pending' },
      { ...leg, amount: 5, phase: 'pending' },
      { ...leg, amount: 5, phase: 'void_pending' },
      { ...leg, amount: 7, phase: 'posted' },
    ]);
    expect(balances.get('spending:a')).toEqual({
      account_id: 'spending:a',
      debits_pending: 0,
      debits_posted: 37,
      credits_pending: 0,
      credits_posted: 0,
    });
    expect(balances.get('earning:b')).toEqual({
      account_id: 'earning:b',
      debits_pending: 0,
      debits_posted: 0,
      credits_pending: 0,
      credits_posted: 37,
    });
  });

  it('refuses a posting of an unknown phase rather than guess what it moves', () => {
    const posting = { transfer_id: 't', debit: 'spending:a', credit: 'earning:b', code: 'reward', amount: 1 };
    expect(() =>
      applyPostings(new Map(), [{ ...posting, phase: 'reversed' } as unknown as TPosting]),
    ).toThrow('Unknown posting phase reversed');
  });
});

describe('account ids', () => {
  it('names user accounts and tells them from platform accounts', () => {
    expect(spendingAccount('u1')).toBe('spending:u1');
    expect(earningAccount('u1')).toBe('earning:u1');
    expect(isUserAccount('spending:u1')).toBe(true);
    expect(isUserAccount('earning:u1')).toBe(true);
    expect(isUserAccount('platform:stripe')).toBe(false);
    expect(userAccount('spending', 'u1')).toBe('spending:u1');
    expect(userAccount('earning', 'u1')).toBe('earning:u1');
  });
});

describe('wouldOverflow', () => {
  const full = { ...emptyAccountBalance('platform:adjustments'), debits_posted: Number.MAX_SAFE_INTEGER };
  const empty = emptyAccountBalance('spending:u1');
  it('looks at the debit side of a posted transfer too', () => {
    expect(wouldOverflow(full, empty, 1, 'posted')).toBe(true);
    expect(wouldOverflow(full, empty, 1, 'post_pending')).toBe(true);
    expect(wouldOverflow({ ...full, debits_posted: Number.MAX_SAFE_INTEGER - 1 }, empty, 1, 'posted')).toBe(
      false,
    );
  });
  it('never refuses a void, which only lowers counters', () => {
    expect(wouldOverflow(full, full, Number.MAX_SAFE_INTEGER, 'void_pending')).toBe(false);
  });
});

describe('evolve', () => {
  it('opens a person on the accounts postings already created, keeping their balances', () => {
    const state = createLedgerState();
    const leg = {
      transfer_id: 't',
      debit: 'platform:adjustments',
      credit: 'spending:u1',
      code: 'adjustment',
    };
    evolve(state, {
      type: 'FutureMoneyEvent',
      data: { postings: [{ ...leg, amount: 5, phase: 'posted' }] },
    } as unknown as TLedgerEvent);
    evolve(state, {
      type: 'LedgerAccountsOpened',
      data: { user_id: 'u1', account_ids: ['spending:u1', 'earning:u1'], postings: [] },
    });
    expect(state.users.get('u1')?.spending).toBe(state.accounts.get('spending:u1'));
    expect(state.accounts.get('spending:u1')?.credits_posted).toBe(5);
  });

  it('keeps the record of a person opened twice (a replayed log), not a rebuilt one', () => {
    const state = createLedgerState();
    const opened: TLedgerEvent = {
      type: 'LedgerAccountsOpened',
      data: { user_id: 'u1', account_ids: ['spending:u1', 'earning:u1'], postings: [] },
    };
    evolve(state, opened);
    const record = state.users.get('u1');
    evolve(state, opened);
    expect(state.users.get('u1')).toBe(record);
    expect(state.users.size).toBe(1);
  });
});

describe('invariant messages', () => {
  it('name the account and the figures', () => {
    const user = { ...emptyAccountBalance('spending:u1'), credits_posted: 10, debits_pending: 11 };
    const messages = checkBalances([
      user,
      { ...emptyAccountBalance('platform:fees'), debits_posted: -1 },
    ]).map((violation) => violation.message);
    expect(messages).toEqual([
      'spending:u1: debits_pending 11 + debits_posted 0 > credits_posted 10',
      'platform:fees has a counter outside 0..MAX_SAFE_INTEGER: 0, -1, 0, 0',
      'Posted balances sum to 10, not 0',
      'Pending balances sum to -11, not 0',
    ]);
  });
});
