import type { TAccountBalance } from '@evalmarket/contracts';

export function emptyAccountBalance(accountId: string): TAccountBalance {
  return {
    account_id: accountId,
    debits_pending: 0,
    debits_posted: 0,
    credits_pending: 0,
    credits_posted: 0,
  };
}

/** What the account holds once every posted transfer is counted; reservations do not count. */
export function accountBalance(account: TAccountBalance): number {
  return account.credits_posted - account.debits_posted;
}

/**
 * What the account can still spend: reservations already made against it are taken off, but
 * money reserved *for* it (credits_pending) is not yet its own.
 */
export function availableBalance(account: TAccountBalance): number {
  return account.credits_posted - account.debits_posted - account.debits_pending;
}
