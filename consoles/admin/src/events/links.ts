/** The console's links into lists with a filter, and from an account to where its ledger is. */
export const filterLink = (resource: string, filter: Record<string, string>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const USER_ACCOUNT = /^(spending|earning):(.+)$/;

/** A person's account opens their page on its ledger; a platform account its events. */
export function accountLink(account: string): string {
  const match = USER_ACCOUNT.exec(account);
  if (match) return `/users/${encodeURIComponent(match[2]!)}/show?account=${match[1]}`;
  return filterLink('events', { account });
}
