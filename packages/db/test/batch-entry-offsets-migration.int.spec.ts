import { beforeEach, describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { databaseKinds } from './support/databases.js';
import { useMigrationAround } from './support/migrations-around.js';

/*
 * Migration 027 gives each packed (format 2) batch the byte offsets of its entries, which the
 * staff event log cuts the body at to parse only the entries that can match a filter. Batches
 * written before it get theirs from their bodies; a body that is not compact stops it.
 */
const ENTRY_OFFSETS = 27;

/** The offsets as the packed journal's writer computes them: `[` first, one byte after each entry. */
function writerOffsets(entries: unknown[]): number[] {
  const offsets = [1];
  for (const entry of entries) offsets.push(offsets.at(-1)! + Buffer.byteLength(JSON.stringify(entry)) + 1);
  return offsets;
}

describe.each(databaseKinds())('migration 027, the packed batches entry offsets, on %s', (kind) => {
  let client: SqlClient;
  let before: string;
  let through: string;
  useMigrationAround(kind, ENTRY_OFFSETS, (around) => ({ client, before, through } = around));
  beforeEach(async () => {
    await migrate(client, before);
  });

  const insertFormat2 = (first: number, body: string, count: number) =>
    client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events)
       VALUES (2, $1, $2, $3, ARRAY['Thing'], 'h0', 'h1', now(), $4)`,
      [first, first + count - 1, count, body],
    );

  it('fills the offsets of the packed batches already written, in bytes, and none for format 1', async () => {
    await client.query(
      `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
       VALUES (1, 1, 1, ARRAY['Thing'], 'h0', $1)`,
      [JSON.stringify([{ global_position: 1, stream_id: 'thing-a', data: {}, metadata: {} }])],
    );
    // Characters of 1 to 4 bytes and escapes, so that bytes, characters and parsed text differ.
    const entries = [
      ['e-2', 'thing-a', 1, 'Thing', 1, { text: 'café 評価 😀' }, {}],
      ['e-3', 'thing-a', 2, 'Thing', 1, { text: 'a "quote", a \\ and a\ttab\n' }, { actor: 'user:ü' }],
      ['e-4', 'thing-b', 1, 'Thing', 1, {}, {}],
    ];
    await insertFormat2(2, JSON.stringify(entries), entries.length);

    expect(await migrate(client, through)).toEqual([ENTRY_OFFSETS]);
    const { rows } = await client.query<{ first_position: number; entry_offsets: number[] | null }>(
      'SELECT first_position, entry_offsets FROM event_batches ORDER BY first_position',
    );
    expect(rows.map((row) => [Number(row.first_position), row.entry_offsets?.map(Number) ?? null])).toEqual([
      [1, null],
      [2, writerOffsets(entries)],
    ]);
  });

  it('stops on a packed body with anything between its entries, naming the batch', async () => {
    await insertFormat2(7, '[["e-7","thing-a",1,"Thing",1,{},{}], ["e-8","thing-a",2,"Thing",1,{},{}]]', 2);
    await expect(migrate(client, through)).rejects.toThrow(
      /packed batch at position 7 is not written compactly/,
    );
  });

  it('refuses a packed batch written later without an offset for each event and its end', async () => {
    await migrate(client, through);
    const body = JSON.stringify([['e-1', 'thing-a', 1, 'Thing', 1, {}, {}]]);
    await expect(insertFormat2(1, body, 1)).rejects.toThrow(/event_batches_entry_offsets_complete/);
    await expect(
      client.query(
        `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
           recorded_at, events, entry_offsets)
         VALUES (2, 1, 1, 1, ARRAY['Thing'], 'h0', 'h1', now(), $1, ARRAY[1]::integer[])`,
        [body],
      ),
    ).rejects.toThrow(/event_batches_entry_offsets_complete/);
  });
});
