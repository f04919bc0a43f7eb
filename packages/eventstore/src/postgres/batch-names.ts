import { ACTOR_PREFIX, PERSON_PAYLOAD_FIELDS, type TStoredEvent } from '@evalmarket/contracts';

/**
 * The names a packed batch holds, written with it so that the staff event log's filters read only
 * the batches that hold a value instead of every batch's body (migrations 023 and 025). Each is
 * the text the log's own condition compares, for every event of the batch:
 *   user_ids         `data->>'user_id'`
 *   stream_ids       the stream id
 *   actors           `metadata->>'actor'`
 *   correlation_ids  `metadata->>'correlation_id'`
 *   causation_ids    `metadata->>'causation_id'`
 *   parties          `data->>field` for each PERSON_PAYLOAD_FIELDS field, and the id in a
 *                    `user:{id}` actor
 *   accounts         the `debit` and `credit` strings of the objects in `data->'postings'`
 * `->>` texts are taken from scalars only: an object's or array's text is jsonb's own rendering,
 * so the log does not look such a value up here (its text starts with `{` or `[`).
 */
export class BatchNames {
  readonly userIds = new Set<string>();
  readonly streamIds = new Set<string>();
  readonly actors = new Set<string>();
  readonly correlationIds = new Set<string>();
  readonly causationIds = new Set<string>();
  readonly parties = new Set<string>();
  readonly accounts = new Set<string>();

  add(event: TStoredEvent): void {
    this.streamIds.add(event.stream_id);
    const data = objectOf(event.data);
    const metadata = objectOf(event.metadata);
    addText(this.userIds, data.user_id);
    addText(this.actors, metadata.actor);
    addText(this.correlationIds, metadata.correlation_id);
    addText(this.causationIds, metadata.causation_id);
    for (const field of PERSON_PAYLOAD_FIELDS) addText(this.parties, data[field]);
    const actor = metadata.actor;
    if (typeof actor === 'string' && actor.startsWith(ACTOR_PREFIX))
      this.parties.add(actor.slice(ACTOR_PREFIX.length));
    if (Array.isArray(data.postings)) {
      // `postings @> [{"debit": account}]` holds only for a string in a posting object.
      for (const posting of data.postings) {
        const { debit, credit } = objectOf(posting);
        if (typeof debit === 'string') this.accounts.add(debit);
        if (typeof credit === 'string') this.accounts.add(credit);
      }
    }
  }
}

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Adds a scalar's `->>` text: a string as it is, a boolean or a number as jsonb prints it. */
function addText(names: Set<string>, value: unknown): void {
  if (typeof value === 'string') names.add(value);
  else if (typeof value === 'boolean') names.add(String(value));
  else if (typeof value === 'number' && Number.isFinite(value)) names.add(numericText(value));
}

/**
 * A number as `->>` reads it back from the JSON the writer stored (JSON.stringify's text): as
 * PostgreSQL's numeric prints it, which writes out an exponent (`1e+21`, `1.5e-7`) in full.
 */
export function numericText(value: number): string {
  const text = JSON.stringify(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponent] = match;
  const digits = `${lead}${fraction}`;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
