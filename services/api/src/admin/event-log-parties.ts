import { ACTOR_PREFIX, PERSON_PAYLOAD_FIELDS } from '@evalmarket/contracts';

/**
 * The people an event of the `events` table names, as one array: each payload field that names a
 * person (contracts' PERSON_PAYLOAD_FIELDS, in order), then the id of a `user:{id}` actor. It is
 * the expression of the index events_parties_idx (migration 026), and the planner uses that
 * index only for this same expression: the migration and this function change together
 * (event-log-indexes.int.spec.ts checks the plan).
 */
export function eventParties(): string {
  const fields = PERSON_PAYLOAD_FIELDS.map((field) => `data->>'${field}'`);
  const actor = `metadata->>'actor'`;
  const prefixed = `CASE WHEN left(${actor}, ${ACTOR_PREFIX.length}) = '${ACTOR_PREFIX}' THEN substr(${actor}, ${ACTOR_PREFIX.length + 1}) END`;
  return `ARRAY[${[...fields, prefixed].join(', ')}]`;
}

/** SQL condition: the event names the person bound at `placeholder` in any role. */
export function namesParty(placeholder: string): string {
  return `${eventParties()} && ARRAY[${placeholder}::text]`;
}
