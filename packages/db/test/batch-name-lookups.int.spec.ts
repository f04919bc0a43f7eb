import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { createEmptyDatabase, databaseKinds, type EmptyDatabase } from './support/databases.js';

/*
 * Migration 031's lookup of the packed batches by stream id, which the staff event log's stream
 * filters read (services/api event-log-source.ts): it returns exactly the batches whose stream
 * ids match, and finds them through the stream ids' GIN index even where the planner, left to
 * itself, would read every batch row (a table this small). The other names' lookup went with
 * migration 032 (event_batch_names).
 */
interface Batch {
  first: number;
  count: number;
  format: 1 | 2;
  streamIds: string[];
}

const BATCHES: Batch[] = [
  { first: 1, count: 1, format: 1, streamIds: ['evaluation-e1'] },
  { first: 2, count: 2, format: 2, streamIds: ['evaluation-e10', 'user-u2'] },
  { first: 4, count: 1, format: 2, streamIds: ['user-u3'] },
];

async function writeBatches(client: SqlClient): Promise<void> {
  for (const { first, count, format, streamIds } of BATCHES) {
    await client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events, entry_offsets, stream_ids)
       VALUES ($1, $2, $3, $4, ARRAY['Thing'], 'h0', 'h1', now(), '[]', $5, $6)`,
      [
        format,
        first,
        first + count - 1,
        count,
        format === 2 ? Array.from({ length: count + 1 }, (_, index) => index + 1) : null,
        streamIds,
      ],
    );
  }
}

describe.each(databaseKinds())('the batch stream lookup on %s', (kind) => {
  let database: EmptyDatabase;
  let client: SqlClient;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    client = database.connect();
    await migrate(client);
    await writeBatches(client);
    await client.query('ANALYZE event_batches');
  });
  afterAll(async () => {
    await database?.drop();
  });

  const streaming = async (query: string) => {
    const { rows } = await client.query<{ first_position: unknown; last_position: unknown; format: unknown }>(
      `SELECT * FROM event_batches_with_streams($1::tsquery)`,
      [query],
    );
    return rows
      .map((row) => [Number(row.first_position), Number(row.last_position), Number(row.format)])
      .sort((a, b) => a[0]! - b[0]!);
  };

  it('finds stream ids by the whole id or a prefix of it, with each batch range and format', async () => {
    expect(await streaming(`'evaluation-e1'`)).toEqual([[1, 1, 1]]);
    expect(await streaming(`'evaluation-e1':*`)).toEqual([
      [1, 1, 1],
      [2, 3, 2],
    ]);
    expect(await streaming(`'user-u2' | 'user-u3'`)).toEqual([
      [2, 3, 2],
      [4, 4, 2],
    ]);
    expect(await streaming(`'evaluation-e2':*`)).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'searches the stream ids through their GIN index, never the batch rows',
    async () => {
      const scans = async () => {
        await client.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ name: string; scans: string }>(
          `SELECT 'table' AS name, seq_scan AS scans FROM pg_stat_user_tables WHERE relname = 'event_batches'
           UNION ALL SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE relname = 'event_batches'`,
        );
        return new Map(rows.map((row) => [row.name, Number(row.scans)]));
      };
      // A backend reports its scans when it goes idle, up to 10 s later, or as it exits (after
      // it leaves pg_stat_activity): the migrations' and the test before's scans must all be
      // counted before this test counts its own. So the connections that made them are closed,
      // and the counts read until they stop moving.
      await client.close();
      client = database.connect();
      let settled = await scans();
      for (let tries = 0; tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const now = await scans();
        if ([...now].every(([name, count]) => settled.get(name) === count)) break;
        settled = now;
      }
      // Three rows: read alone, the planner would read the table.
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT first_position FROM event_batches WHERE array_to_tsvector(stream_ids) @@ '''evaluation-'':*'`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Seq Scan on event_batches/);
      const before = await scans();
      // The statement's own statistics are flushed as its backend goes idle, before it answers.
      await client.query(
        `SELECT (SELECT count(*) FROM event_batches_with_streams('''evaluation-'':*')), pg_stat_force_next_flush()`,
      );
      const after = await scans();
      expect(after.get('table')! - before.get('table')!).toBe(0);
      const index = 'event_batches_stream_ids_idx';
      expect(after.get(index)! - before.get(index)!).toBe(1);
    },
  );
});
