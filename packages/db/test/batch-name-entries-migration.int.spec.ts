import { PERSON_PAYLOAD_FIELDS } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { databaseKinds } from './support/databases.js';
import { useMigrationAround } from './support/migrations-around.js';

/*
 * Migration 032 moves the names of each packed batch from arrays on its row to
 * event_batch_names: one row per kind, name and batch, with the ordinals of the entries that
 * hold the name. Batches written before it get theirs from their bodies, in either format, with
 * the texts the log's conditions compare; the arrays, their indexes and their lookup go.
 */
const NAME_ENTRIES = 32;

/** For each batch, each `kind name` with its ordinals. */
type NamesByBatch = Record<number, Record<string, number[]>>;

describe.each(databaseKinds())('migration 032, the packed batches name entries, on %s', (kind) => {
  let client: SqlClient;
  /** The migrations before 032, and those up to it (later ones must not run in this test). */
  let before: string;
  let through: string;
  useMigrationAround(kind, NAME_ENTRIES, (around) => ({ client, before, through } = around));

  const namesByBatch = async (): Promise<NamesByBatch> => {
    const { rows } = await client.query<{
      kind: string;
      name: string;
      first_position: unknown;
      last_position: unknown;
      format: unknown;
      ordinals: number[];
    }>('SELECT * FROM event_batch_names ORDER BY first_position, kind, name');
    const batches: NamesByBatch = {};
    for (const row of rows) {
      const names = (batches[Number(row.first_position)] ??= {});
      names[`${row.kind} ${row.name}`] = row.ordinals.map(Number);
    }
    return batches;
  };

  it('fills the names of the batches already written, in either format, with their entries', async () => {
    await migrate(client, before);
    const formatOne = [
      {
        global_position: 1,
        stream_id: 'thing-a',
        data: { requester_id: 'r-1', postings: [{ debit: 'spending:r-1', credit: 'platform:fees' }] },
        metadata: { actor: 'user:u-1', correlation_id: 'c-1', causation_id: 'k-1' },
      },
      { global_position: 2, stream_id: 'thing-a', data: { user_id: 'u-1' }, metadata: { actor: 'system:x' } },
      // Neither an object's `->>` text nor a posting that is not an object is a name.
      {
        global_position: 3,
        stream_id: 'thing-b',
        data: { owner_id: { a: 1 }, postings: ['spending:no', { debit: ['earning:no'] }] },
        metadata: { correlation_id: 7, actor: 'user:u-1' },
      },
    ];
    await client.query(
      `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
       VALUES (1, 3, 3, ARRAY['Thing'], 'h1', $1)`,
      [JSON.stringify(formatOne)],
    );
    // Every payload field that names a person, so this list and the migration's cannot drift.
    const everyPerson = Object.fromEntries(PERSON_PAYLOAD_FIELDS.map((field) => [field, `p-${field}`]));
    const formatTwo = [
      ['e-4', 'reward-x', 1, 'Thing', 1, everyPerson, { actor: "user:o'brien" }],
      ['e-5', 'reward-y', 1, 'Thing', 1, { evaluator_id: 1.25e-7, postings: { debit: 'earning:no' } }, {}],
      // One entry naming a person in two fields and an account on both sides: its ordinal once.
      [
        'e-6',
        'reward-x',
        2,
        'Thing',
        1,
        {
          requester_id: 'p-requester_id',
          owner_id: 'p-requester_id',
          postings: [{ debit: 'earning:e-1', credit: 'earning:e-1' }],
        },
        { causation_id: true, actor: "user:o'brien" },
      ],
    ];
    // Where each entry starts in the body's bytes, and its length last (migration 027).
    const offsets = [1];
    for (const entry of formatTwo)
      offsets.push(offsets.at(-1)! + Buffer.byteLength(JSON.stringify(entry)) + 1);
    await client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events, entry_offsets)
       VALUES (2, 4, 6, 3, ARRAY['Thing'], 'h1', 'h2', now(), $1, $2)`,
      [JSON.stringify(formatTwo), offsets],
    );

    expect(await migrate(client, through)).toEqual([NAME_ENTRIES]);
    const people = Object.fromEntries(
      PERSON_PAYLOAD_FIELDS.map((field) => [`party p-${field}`, field === 'requester_id' ? [1, 3] : [1]]),
    );
    expect(await namesByBatch()).toEqual({
      1: {
        'actor system:x': [2],
        'actor user:u-1': [1, 3],
        'correlation_id c-1': [1],
        'correlation_id 7': [3],
        'causation_id k-1': [1],
        'party r-1': [1],
        'party u-1': [1, 2, 3],
        'user_id u-1': [2],
        'account spending:r-1': [1],
        'account platform:fees': [1],
      },
      4: {
        "actor user:o'brien": [1, 3],
        'causation_id true': [3],
        ...people,
        'party 0.000000125': [2],
        "party o'brien": [1, 3],
        'user_id p-user_id': [1],
        'account earning:e-1': [3],
      },
    });
    const { rows } = await client.query<{ first_position: unknown; last_position: unknown; format: unknown }>(
      `SELECT DISTINCT first_position, last_position, format FROM event_batch_names ORDER BY 1`,
    );
    expect(rows.map((row) => [row.first_position, row.last_position, row.format].map(Number))).toEqual([
      [1, 3, 1],
      [4, 6, 2],
    ]);
  });

  it('drops the arrays, their GIN indexes and their lookup, and keeps the stream ids', async () => {
    await migrate(client, through);
    const columns = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'event_batches'`,
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toEqual(expect.arrayContaining(['stream_ids', 'types', 'entry_offsets']));
    for (const gone of ['user_ids', 'actors', 'correlation_ids', 'causation_ids', 'parties', 'accounts'])
      expect(names).not.toContain(gone);
    const indexes = await client.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'event_batches' ORDER BY 1`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(['event_batches_stream_ids_idx', 'event_batches_types_idx']),
    );
    expect(
      indexes.rows
        .map((row) => row.indexname)
        .filter((name) => /_(ids|actors|parties|accounts)_idx$/.test(name)),
    ).toEqual(['event_batches_stream_ids_idx']);
    const functions = await client.query<{ proname: string }>(
      `SELECT proname FROM pg_proc WHERE proname LIKE 'event_batches_%' ORDER BY 1`,
    );
    expect(functions.rows.map((row) => row.proname)).toEqual(['event_batches_with_streams']);
  });
});
