import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/index.js';
import { createEmptyDatabase, databaseKinds, type EmptyDatabase } from './support/databases.js';

/*
 * No GIN index keeps a pending list (migration 030): a search reads the whole list, and the
 * planner prices the index by it, so a list the writers fill between vacuums slows every event
 * log filter that searches the index. An index added without `fastupdate = off` fails here.
 */
describe.each(databaseKinds())('GIN indexes on %s', (kind) => {
  let database: EmptyDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('keep no pending list', async () => {
    database = await createEmptyDatabase(kind);
    const client = database.connect();
    await migrate(client);
    const { rows } = await client.query<{ index: string; options: string[] | null }>(
      `SELECT c.relname AS index, c.reloptions AS options
       FROM pg_class c JOIN pg_am a ON a.oid = c.relam
       WHERE a.amname = 'gin' AND c.relnamespace = 'public'::regnamespace
       ORDER BY 1`,
    );
    // The event log's name indexes at least: the list is not empty by accident.
    expect(rows.map((row) => row.index)).toEqual(
      expect.arrayContaining([
        'event_batches_types_idx',
        'event_batches_stream_ids_idx',
        'events_postings_idx',
      ]),
    );
    expect(rows.filter((row) => !(row.options ?? []).includes('fastupdate=off'))).toEqual([]);
  });
});
