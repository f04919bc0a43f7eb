import { Box, Typography } from '@mui/material';
import { ReferenceField, useRecordContext } from 'react-admin';

export interface PersonLike {
  id?: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** A person's first and last name, or '' when neither is set. */
export function fullName(person: PersonLike): string {
  return `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim();
}

/** How the console names a person everywhere: "First Last (email)", or the email alone. */
export function personLabel(person: PersonLike | undefined | null): string {
  if (!person) return '';
  const name = fullName(person);
  const email = person.email ?? person.id ?? '';
  return name ? `${name} (${email})` : email;
}

/**
 * A person's account by its owner: "Earning of Eva Luator (eva@example.com)"; a platform account
 * (no owner) by its id.
 */
export function accountName(
  account: string,
  owner: { name?: string | null; email?: string | null } | null | undefined,
): string {
  const kind = account.slice(0, account.indexOf(':'));
  if (!owner || (kind !== 'spending' && kind !== 'earning')) return account;
  const who = owner.name ? `${owner.name} (${owner.email ?? ''})` : (owner.email ?? account);
  return `${kind === 'spending' ? 'Spending' : 'Earning'} of ${who}`;
}

/** Name on one line, email under it: for the person a reference points at. */
export function PersonName() {
  const person = useRecordContext<PersonLike>();
  if (!person) return null;
  const name = fullName(person);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: name ? 600 : 400 }} noWrap>
        {name || person.email}
      </Typography>
      {name && (
        <Typography component="span" variant="caption" color="text.secondary" noWrap>
          {person.email}
        </Typography>
      )}
    </Box>
  );
}

/** The actor of an event's metadata names a signed-in person as `user:{id}`. */
export const ACTOR_PREFIX = 'user:';
export function actorUserId(actor: string | null | undefined): string | null {
  return actor?.startsWith(ACTOR_PREFIX) ? actor.slice(ACTOR_PREFIX.length) : null;
}

/**
 * A person by name and email, linked to their page, for a record field holding their id. A value
 * that names no person (a system actor) is shown as it is.
 */
export function PersonField({ source, label }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const raw = record?.[source];
  if (typeof raw !== 'string' || raw === '') return null;
  const userId = source === 'actor' ? actorUserId(raw) : raw;
  if (!userId) return <span>{raw}</span>;
  return (
    <ReferenceField
      record={{ id: String(record?.id ?? ''), person_id: userId }}
      source="person_id"
      reference="users"
      link="show"
      label={label}
      emptyText={userId}
    >
      <PersonName />
    </ReferenceField>
  );
}
