import { PLATFORM_ACCOUNTS, type TAccountId, type TUserAccountKind } from '@evalmarket/contracts';

const SPENDING_PREFIX = 'spending:';
const EARNING_PREFIX = 'earning:';

/** The requester side of a person: purchases, bonuses and reward reservations. */
export function spendingAccount(userId: string): TAccountId {
  return SPENDING_PREFIX + userId;
}

/** The evaluator side of a person: rewards in, cash-outs out. */
export function earningAccount(userId: string): TAccountId {
  return EARNING_PREFIX + userId;
}

export function userAccount(kind: TUserAccountKind, userId: string): TAccountId {
  return kind === 'spending' ? spendingAccount(userId) : earningAccount(userId);
}

/** User accounts may never go negative; platform accounts may (they are the other side of the books). */
export function isUserAccount(accountId: string): boolean {
  return accountId.startsWith(SPENDING_PREFIX) || accountId.startsWith(EARNING_PREFIX);
}

const PLATFORM_ACCOUNT_SET: ReadonlySet<string> = new Set(PLATFORM_ACCOUNTS);

export function isPlatformAccount(accountId: string): boolean {
  return PLATFORM_ACCOUNT_SET.has(accountId);
}
