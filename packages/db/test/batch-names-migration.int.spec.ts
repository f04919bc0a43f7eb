import { describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { databaseKinds } from './support/databases.js';
import { useMigrationAround } from './support/migrations-around.js';

/*
 * Migration 023 gives each packed batch the people (payload `user_id`) and stream ids it names,
 * which the staff event log's filters look up instead of reading the bodies. Batches written
 * before it get theirs from their bodies, in either format.
 */
const BATCH_NAMES = 23;

describe.each(databaseKinds())('migration 023, the packed batches names, on %s', (kind) => {
  let client: SqlClient;
  /** The migrations before 023, and those up to it (later ones must not run in this test). */
  let before: string;
  let through: string;
  useMigrationAround(kind, BATCH_NAMES, (around) => ({ client, before, through } = around));

  it('fills the names of the batches already written, in either format', async () => {
    await migrate(client, before);
    const formatOne = [
      { global_position: 1, stream_id: 'thing-a', data: { user_id: 'u-1' } },
      { global_position: 2, stream_id: 'thing-a', data: { user_id: 'u-1' } },
      { global_position: 3, stream_id: 'thing-b', data: { other: 'u-9' } },
    ];
    await client.query(
      `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
       VALUES (1, 3, 3, ARRAY['Thing'], 'h1', $1)`,
      [JSON.stringify(formatOne)],
    );
    const formatTwo = [
      ['e-4', 'reward-x', 1, 'Thing', 1, { user_id: "o'brien" }, {}],
      ['e-5', 'reward-y', 1, 'Thing', 1, { user_id: 7 }, {}],
      ['e-6', 'reward-x', 2, 'Thing', 1, {}, {}],
    ];
    await client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events)
       VALUES (2, 4, 6, 3, ARRAY['Thing'], 'h1', 'h2', now(), $1)`,
      [JSON.stringify(formatTwo)],
    );

    expect(await migrate(client, through)).toEqual([BATCH_NAMES]);
    const { rows } = await client.query<{ first_position: number; user_ids: string[]; stream_ids: string[] }>(
      'SELECT first_position, user_ids, stream_ids FROM event_batches ORDER BY first_position',
    );
    const sorted = (values: string[]) => [...values].sort();
    expect(
      rows.map((row) => [Number(row.first_position), sorted(row.user_ids), sorted(row.stream_ids)]),
    ).toEqual([
      [1, ['u-1'], ['thing-a', 'thing-b']],
      [4, ['7', "o'brien"], ['reward-x', 'reward-y']],
    ]);
  });
});
