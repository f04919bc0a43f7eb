import type { TUserAccountKind } from '@evalmarket/contracts';

export type AccountKind = TUserAccountKind | 'platform';

/** `spending`, `earning` or `platform`, from the account id's prefix. */
export function accountKind(account_id: string): AccountKind {
  if (account_id.startsWith('spending:')) return 'spending';
  if (account_id.startsWith('earning:')) return 'earning';
  return 'platform';
}

/** The person who owns a user account; null for platform accounts. */
export function accountUserId(account_id: string): string | null {
  const kind = accountKind(account_id);
  return kind === 'platform' ? null : account_id.slice(kind.length + 1);
}

export function userAccountId(user_id: string, context: TUserAccountKind): string {
  return `${context}:${user_id}`;
}
