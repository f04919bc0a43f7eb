import { FIRST_PROJECT_BONUS_CREDITS } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { availableBalance } from '../src/index.js';
import { adjustCredits, grantBonus, openAccounts, withData } from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

describe('OpenUserAccounts', () => {
  it('opens spending and earning accounts with an event that moves no money', () => {
    const state = given()
      .when(openAccounts('u1'))
      .then([
        {
          stream_id: 'ledger_accounts-u1',
          expected_version: 'no_stream',
          event: {
            type: 'LedgerAccountsOpened',
            data: { user_id: 'u1', account_ids: ['spending:u1', 'earning:u1'], postings: [] },
          },
        },
      ]);
    expect(state.accounts.get('spending:u1')).toEqual({
      account_id: 'spending:u1',
      debits_pending: 0,
      debits_posted: 0,
      credits_pending: 0,
      credits_posted: 0,
    });
    expect(state.users.get('u1')?.earning).toBe(state.accounts.get('earning:u1'));
  });

  it('is a duplicate when the accounts are already open', () => {
    given(openAccounts('u1')).when(openAccounts('u1')).thenDuplicate();
  });

  const rows: RejectionRow[] = [
    { rejection: 'invalid_id', case: 'empty user id', given: [], when: openAccounts('') },
    {
      rejection: 'invalid_id',
      case: 'a colon would forge an account id',
      given: [],
      when: openAccounts('u1:x'),
    },
    { rejection: 'invalid_id', case: '129 characters', given: [], when: openAccounts('u'.repeat(129)) },
    {
      rejection: 'invalid_id',
      case: 'not a string',
      given: [],
      when: withData(openAccounts('u1'), { user_id: 7 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});

describe('GrantBonus', () => {
  it('moves the first-project bonus from platform:promotions to the spending account', () => {
    const state = given(openAccounts('req'))
      .when(grantBonus('req'))
      .then([
        {
          stream_id: 'bonus-req',
          expected_version: 'no_stream',
          event: {
            type: 'BonusGranted',
            data: {
              user_id: 'req',
              credits: FIRST_PROJECT_BONUS_CREDITS,
              postings: [
                {
                  transfer_id: 'req',
                  debit: 'platform:promotions',
                  credit: 'spending:req',
                  amount: FIRST_PROJECT_BONUS_CREDITS,
                  code: 'bonus',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    const spending = state.accounts.get('spending:req');
    expect(spending && availableBalance(spending)).toBe(5_000);
    expect(state.accounts.get('platform:promotions')?.debits_posted).toBe(5_000);
  });

  it('is granted once per person: a second grant is a duplicate that moves nothing', () => {
    given(openAccounts('req'), grantBonus('req')).when(grantBonus('req')).thenDuplicate();
  });

  const rows: RejectionRow[] = [
    { rejection: 'invalid_id', case: 'user id with a space', given: [], when: grantBonus('a b') },
    { rejection: 'unknown_account', case: 'accounts never opened', given: [], when: grantBonus('req') },
    {
      rejection: 'balance_overflow',
      case: 'spending credits would pass MAX_SAFE_INTEGER',
      given: [openAccounts('req'), adjustCredits({ amount_credits: Number.MAX_SAFE_INTEGER - 4_999 })],
      when: grantBonus('req'),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
