import type { TAccountBalance, TLedgerEventDataMap } from '@evalmarket/contracts';
import { earningAccount, spendingAccount } from './account-ids.js';
import { emptyAccountBalance } from './account-balance.js';
import type { LedgerState } from './ledger-state.js';

/** LedgerAccountsOpened: records the person's two accounts once; a replayed open changes nothing. */
export function evolveAccountsOpened(
  state: LedgerState,
  data: TLedgerEventDataMap['LedgerAccountsOpened'],
): void {
  const userId = data.user_id;
  if (state.users.has(userId)) return;
  state.users.set(userId, {
    user_id: userId,
    spending: openAccount(state, spendingAccount(userId)),
    earning: openAccount(state, earningAccount(userId)),
  });
}

/** Reuses an account that postings already created, so `users` and `accounts` share objects. */
function openAccount(state: LedgerState, accountId: string): TAccountBalance {
  let account = state.accounts.get(accountId);
  if (account === undefined) {
    account = emptyAccountBalance(accountId);
    state.accounts.set(accountId, account);
  }
  return account;
}
