import { FIRST_PROJECT_BONUS_CREDITS, type TPosting } from '@evalmarket/contracts';
import { accepted, duplicate, rejected, type Decision } from './decision.js';
import { describeValue, isEntityId } from './input-checks.js';
import type { LedgerCommandOf } from './ledger-command.js';
import type { LedgerState } from './ledger-state.js';
import { wouldOverflow } from './balance-checks.js';
import { bonusStreamId, ledgerAccountsStreamId } from './stream-ids.js';
import { earningAccount, spendingAccount } from './account-ids.js';

/**
 * Checks, in order: already open (duplicate), invalid_id.
 * Opening moves no money, but it is an event so a replay knows the accounts exist even at zero.
 */
export function decideOpenUserAccounts(
  state: LedgerState,
  { data }: LedgerCommandOf<'OpenUserAccounts'>,
): Decision {
  const userId = data.user_id;
  if (state.users.has(userId)) return duplicate();
  if (!isEntityId(userId))
    return rejected('invalid_id', `user_id ${describeValue(userId)} is not a valid id`);
  const postings: TPosting[] = [];
  return accepted(ledgerAccountsStreamId(userId), 'no_stream', {
    type: 'LedgerAccountsOpened',
    data: { user_id: userId, account_ids: [spendingAccount(userId), earningAccount(userId)], postings },
  });
}

/**
 * Checks, in order: already granted (duplicate), invalid_id, unknown_account, balance_overflow.
 * Once per person, whatever the caller believes: the bonus stream is keyed by the user.
 */
export function decideGrantBonus(state: LedgerState, { data }: LedgerCommandOf<'GrantBonus'>): Decision {
  const userId = data.user_id;
  if (state.bonusGrantedUsers.has(userId)) return duplicate();
  if (!isEntityId(userId))
    return rejected('invalid_id', `user_id ${describeValue(userId)} is not a valid id`);
  const user = state.users.get(userId);
  const promotions = state.accounts.get('platform:promotions');
  if (user === undefined || promotions === undefined) {
    return rejected('unknown_account', `No ledger accounts are open for user ${userId}`);
  }
  const credits = FIRST_PROJECT_BONUS_CREDITS;
  if (wouldOverflow(promotions, user.spending, credits, 'posted')) {
    return rejected(
      'balance_overflow',
      `The bonus would overflow a balance counter of ${user.spending.account_id}`,
    );
  }
  return accepted(bonusStreamId(userId), 'no_stream', {
    type: 'BonusGranted',
    data: {
      user_id: userId,
      credits,
      postings: [
        {
          // The bonus has no id of its own; once per user, the user id names it (with code 'bonus').
          transfer_id: userId,
          debit: promotions.account_id,
          credit: user.spending.account_id,
          amount: credits,
          code: 'bonus',
          phase: 'posted',
        },
      ],
    },
  });
}
