import { ACTOR_PREFIX, PERSON_PAYLOAD_FIELDS, type TStoredEvent } from '@evalmarket/contracts';

/** The staff event log's filters whose values a batch's names hold, as the log names them. */
export const NAME_KINDS = ['user_id', 'actor', 'correlation_id', 'causation_id', 'party', 'account'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/**
 * The names a packed batch holds, written with it so that the staff event log's filters read only
 * the entries that hold a value instead of every batch's body (migration 032, table
 * event_batch_names: one row per kind, name and batch, with the ordinals of the entries naming
 * it). Each name is the text the log's own condition compares:
 *   user_id         `data->>'user_id'`
 *   actor           `metadata->>'actor'`
 *   correlation_id  `metadata->>'correlation_id'`
 *   causation_id    `metadata->>'causation_id'`
 *   party           `data->>field` for each PERSON_PAYLOAD_FIELDS field, and the id in a
 *                   `user:{id}` actor
 *   account         the `debit` and `credit` strings of the objects in `data->'postings'`
 * `->>` texts are taken from scalars only: an object's or array's text is jsonb's own rendering,
 * so the log does not look such a value up here (its text starts with `{` or `[`). The stream ids
 * are a set on the batch row (migration 023), whose tsvector index finds a prefix too.
 */
export class BatchNames {
  readonly streamIds = new Set<string>();
  /** For each kind, each name's entry ordinals (1-based, ascending, each once). */
  readonly entries = Object.fromEntries(NAME_KINDS.map((kind) => [kind, new Map()])) as Record<
    NameKind,
    Map<string, number[]>
  >;
  private ordinal = 0;

  /** The batch's next entry. */
  add(event: TStoredEvent): void {
    this.ordinal += 1;
    this.streamIds.add(event.stream_id);
    const data = objectOf(event.data);
    const metadata = objectOf(event.metadata);
    this.addText('user_id', data.user_id);
    this.addText('actor', metadata.actor);
    this.addText('correlation_id', metadata.correlation_id);
    this.addText('causation_id', metadata.causation_id);
    for (const field of PERSON_PAYLOAD_FIELDS) this.addText('party', data[field]);
    const actor = metadata.actor;
    if (typeof actor === 'string' && actor.startsWith(ACTOR_PREFIX))
      this.addName('party', actor.slice(ACTOR_PREFIX.length));
    if (Array.isArray(data.postings)) {
      // `postings @> [{"debit": account}]` holds only for a string in a posting object.
      for (const posting of data.postings) {
        const { debit, credit } = objectOf(posting);
        if (typeof debit === 'string') this.addName('account', debit);
        if (typeof credit === 'string') this.addName('account', credit);
      }
    }
  }

  /** Adds a scalar's `->>` text: a string as it is, a boolean or a number as jsonb prints it. */
  private addText(kind: NameKind, value: unknown): void {
    if (typeof value === 'string') this.addName(kind, value);
    else if (typeof value === 'boolean') this.addName(kind, String(value));
    else if (typeof value === 'number' && Number.isFinite(value)) this.addName(kind, numericText(value));
  }

  private addName(kind: NameKind, name: string): void {
    const ordinals = this.entries[kind].get(name);
    if (!ordinals) this.entries[kind].set(name, [this.ordinal]);
    else if (ordinals.at(-1) !== this.ordinal) ordinals.push(this.ordinal);
  }
}

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

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
