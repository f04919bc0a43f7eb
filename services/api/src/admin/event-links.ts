import type { SqlExecutor } from '@evalmarket/db';
import { ACTOR_PREFIX, type TEventLinks, type TPersonPayloadField } from '@evalmarket/contracts';
import { accountOwnerId, peopleByIds } from './people.js';

/**
 * What one event is about, for the staff console's event page: the people it names (with name
 * and email), the accounts its postings touch, the evaluation behind a reward and the Stripe
 * objects it records. Read from the event and the read models; nothing here changes anything.
 */

/** Payload fields that name a person (contracts' PERSON_PAYLOAD_FIELDS), and the role each gives them. */
export const PERSON_FIELDS = {
  user_id: 'person',
  requester_id: 'requester',
  evaluator_id: 'evaluator',
  creator_id: 'owner',
  owner_id: 'owner',
  actor_id: 'actor',
  granted_by: 'actor',
  revoked_by: 'actor',
  disabled_by: 'actor',
  enabled_by: 'actor',
  reviewed_by: 'actor',
  created_by: 'actor',
} as const satisfies Record<TPersonPayloadField, string>;

export { ACTOR_PREFIX };

// Stripe ids by their prefixes (https://docs.stripe.com/api: pi_, re_, dp_, tr_, trr_, ch_).
const STRIPE_KINDS: Array<[RegExp, string]> = [
  [/^pi_/, 'payment_intent'],
  [/^re_/, 'refund'],
  [/^dp_|^du_/, 'dispute'],
  [/^trr_/, 'transfer_reversal'],
  [/^tr_/, 'transfer'],
  [/^ch_|^py_/, 'charge'],
];
const STRIPE_FIELDS = ['purchase_id', 'refund_id', 'stripe_transfer_id', 'reversal_id', 'payment_intent_id'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The people an event names: payload fields first, then the actor of its metadata. */
export function eventParties(payload: Record<string, unknown>, metadata: Record<string, unknown>) {
  const parties: Array<{ role: string; id: string }> = [];
  const add = (role: string, id: string | null) => {
    if (id && !parties.some((party) => party.id === id && party.role === role)) parties.push({ role, id });
  };
  for (const [field, role] of Object.entries(PERSON_FIELDS)) add(role, text(payload[field]));
  const actor = text(metadata.actor);
  if (actor?.startsWith(ACTOR_PREFIX)) add('actor', actor.slice(ACTOR_PREFIX.length));
  return parties;
}

export function stripeObjects(payload: Record<string, unknown>): Array<{ kind: string; id: string }> {
  const found: Array<{ kind: string; id: string }> = [];
  for (const field of STRIPE_FIELDS) {
    const id = text(payload[field]);
    const kind = id && STRIPE_KINDS.find(([pattern]) => pattern.test(id))?.[1];
    if (id && kind && !found.some((object) => object.id === id)) found.push({ kind, id });
  }
  return found;
}

export function postingAccounts(postings: unknown): string[] {
  const accounts = new Set<string>();
  for (const posting of Array.isArray(postings) ? postings : []) {
    const { debit, credit } = (posting ?? {}) as { debit?: unknown; credit?: unknown };
    if (typeof debit === 'string') accounts.add(debit);
    if (typeof credit === 'string') accounts.add(credit);
  }
  return [...accounts];
}

export async function eventLinks(
  sql: SqlExecutor,
  payload: Record<string, unknown>,
  metadata: Record<string, unknown>,
): Promise<TEventLinks> {
  const parties = eventParties(payload, metadata);
  const accounts = postingAccounts(payload.postings);
  const owners = accounts.map(accountOwnerId).filter((id): id is string => id !== null);
  const named = await peopleByIds(sql, [...parties.map((party) => party.id), ...owners]);
  const people = parties.map((party) => {
    const { email, name } = named.get(party.id)!;
    return { ...party, email, name };
  });
  return {
    people,
    accounts: accounts.map((account) => {
      const owner = accountOwnerId(account);
      return { account, owner: owner ? named.get(owner)! : null };
    }),
    evaluation: await evaluationOf(sql, payload),
    stripe_objects: stripeObjects(payload),
  };
}

/** The evaluation an event belongs to: named in it, or behind its reward transfer. */
async function evaluationOf(sql: SqlExecutor, payload: Record<string, unknown>) {
  let id = text(payload.evaluation_id);
  const transfer = text(payload.transfer_id);
  if (!id && transfer) {
    const { rows } = await sql.query<{ evaluation_id: string }>(
      'SELECT evaluation_id FROM evaluation_assignments WHERE transfer_id = $1',
      [transfer],
    );
    id = rows[0]?.evaluation_id ?? null;
  }
  if (!id) return null;
  const { rows } = await sql.query<{ title: string }>('SELECT title FROM evaluations WHERE id = $1', [id]);
  return { id, title: rows[0]?.title ?? null };
}
