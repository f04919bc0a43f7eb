import { PLATFORM_ACCOUNTS } from '@evalmarket/contracts';
import { accountName, fullName, type PersonLike } from '../common/PersonField';

/** One account the event log's Account filter offers: its id and the name staff read. */
export interface AccountChoice {
  id: string;
  name: string;
}

const PERSON_ACCOUNT_KINDS = ['spending', 'earning'] as const;

function ownerOf(person: PersonLike) {
  return { name: fullName(person) || null, email: person.email ?? null };
}

/** Both accounts of each person, named by their owner ("Spending of Rita Quester (rita@…)"). */
export function personAccountChoices(people: PersonLike[]): AccountChoice[] {
  return people.flatMap((person) =>
    PERSON_ACCOUNT_KINDS.map((kind) => {
      const id = `${kind}:${person.id ?? ''}`;
      return { id, name: accountName(id, ownerOf(person)) };
    }),
  );
}

/** The platform accounts whose id contains the search (all of them for an empty search). */
export function platformAccountChoices(search: string): AccountChoice[] {
  const needle = search.trim().toLowerCase();
  return PLATFORM_ACCOUNTS.filter((id) => id.includes(needle)).map((id) => ({ id, name: id }));
}

/** The person an account id belongs to, or null for a platform account (or anything else). */
export function accountOwnerId(accountId: string): string | null {
  const colon = accountId.indexOf(':');
  const kind = accountId.slice(0, colon);
  return colon > 0 && (kind === 'spending' || kind === 'earning') ? accountId.slice(colon + 1) : null;
}

/**
 * Names the accounts `ids` (the filter's chosen value, read back from the URL) from the people
 * who own them; an id whose owner is not among `people` keeps its id as its name.
 */
export function namedAccounts(ids: string[], people: PersonLike[]): AccountChoice[] {
  const known = new Map(personAccountChoices(people).map((choice) => [choice.id, choice]));
  return ids.map((id) => known.get(id) ?? { id, name: id });
}
