import { PERSON_PAYLOAD_FIELDS } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { databaseKinds } from './support/databases.js';
import { useMigrationAround } from './support/migrations-around.js';

/*
 * Migration 025 gives each packed batch the actors, correlation and causation ids, people (in
 * any role) and posting accounts it names, which the staff event log's filters look up instead
 * of searching the bodies. Batches written before it get theirs from their bodies, in either
 * format, with the texts the log's conditions compare.
 */
const FILTER_NAMES = 25;

type Names = Record<'actors' | 'correlation_ids' | 'causation_ids' | 'parties' | 'accounts', string[]>;

describe.each(databaseKinds())('migration 025, the packed batches filter names, on %s', (kind) => {
  let client: SqlClient;
  /** The migrations before 025, and those up to it (later ones must not run in this test). */
  let before: string;
  let through: string;
  useMigrationAround(kind, FILTER_NAMES, (around) => ({ client, before, through } = around));

  const namesByBatch = async () => {
    const { rows } = await client.query<Names & { first_position: number }>(
      `SELECT first_position, actors, correlation_ids, causation_ids, parties, accounts
         FROM event_batches ORDER BY first_position`,
    );
    return rows.map(({ first_position, ...names }) => [
      Number(first_position),
      Object.fromEntries(Object.entries(names).map(([name, values]) => [name, [...values].sort()])),
    ]);
  };

  it('fills the names of the batches already written, in either format', async () => {
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
        metadata: { correlation_id: 7 },
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
      ['e-6', 'reward-x', 2, 'Thing', 1, { postings: [{ credit: 'earning:e-1' }] }, { causation_id: true }],
    ];
    await client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events)
       VALUES (2, 4, 6, 3, ARRAY['Thing'], 'h1', 'h2', now(), $1)`,
      [JSON.stringify(formatTwo)],
    );

    expect(await migrate(client, through)).toEqual([FILTER_NAMES]);
    expect(await namesByBatch()).toEqual([
      [
        1,
        {
          actors: ['system:x', 'user:u-1'],
          correlation_ids: ['7', 'c-1'],
          causation_ids: ['k-1'],
          parties: ['r-1', 'u-1'],
          accounts: ['platform:fees', 'spending:r-1'],
        },
      ],
      [
        4,
        {
          actors: ["user:o'brien"],
          correlation_ids: [],
          causation_ids: ['true'],
          parties: [...PERSON_PAYLOAD_FIELDS.map((field) => `p-${field}`), '0.000000125', "o'brien"].sort(),
          accounts: ['earning:e-1'],
        },
      ],
    ]);
  });

  it('leaves a batch without any of these names with empty sets', async () => {
    await migrate(client, before);
    await client.query(
      `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
       VALUES (1, 1, 1, ARRAY['Thing'], 'h1', $1)`,
      [JSON.stringify([{ global_position: 1, stream_id: 'thing-a', data: [1], metadata: {} }])],
    );
    await migrate(client, through);
    expect(await namesByBatch()).toEqual([
      [1, { actors: [], correlation_ids: [], causation_ids: [], parties: [], accounts: [] }],
    ]);
  });
});
