import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type SqlClient } from '../src/index.js';
import { createEmptyDatabase, databaseKinds, type EmptyDatabase } from './support/databases.js';

/*
 * Migration 031's lookups of the packed batches by name, which the staff event log's named
 * filters read (services/api event-log-source.ts): each returns exactly the batches that name a
 * value, and finds them through the names' GIN index even where the planner, left to itself,
 * would read every batch row (a table this small, or a name most batches hold).
 */
interface Batch {
  first: number;
  count: number;
  format: 1 | 2;
  names: Record<
    'user_ids' | 'stream_ids' | 'actors' | 'correlation_ids' | 'causation_ids' | 'parties' | 'accounts',
    string[]
  >;
}

const none = {
  user_ids: [],
  stream_ids: [],
  actors: [],
  correlation_ids: [],
  causation_ids: [],
  parties: [],
  accounts: [],
};
const BATCHES: Batch[] = [
  {
    first: 1,
    count: 1,
    format: 1,
    names: {
      ...none,
      user_ids: ['u1'],
      stream_ids: ['evaluation-e1'],
      actors: ['system:seed'],
      correlation_ids: ['c1'],
      parties: ['u1'],
      accounts: ['spending:u1'],
    },
  },
  {
    first: 2,
    count: 2,
    format: 2,
    names: {
      ...none,
      user_ids: ['u2'],
      stream_ids: ['evaluation-e10', 'user-u2'],
      actors: ['system:seed', 'user:u2'],
      causation_ids: ['k2'],
      parties: ['u1', 'u2'],
      accounts: ['earning:u2', 'spending:u1'],
    },
  },
  { first: 4, count: 1, format: 2, names: { ...none, actors: ['user:u3'], stream_ids: ['user-u3'] } },
];

async function writeBatches(client: SqlClient): Promise<void> {
  for (const { first, count, format, names } of BATCHES) {
    await client.query(
      `INSERT INTO event_batches (format, first_position, last_position, event_count, types, prev_hash, last_hash,
         recorded_at, events, entry_offsets, user_ids, stream_ids, actors, correlation_ids, causation_ids, parties,
         accounts)
       VALUES ($1, $2, $3, $4, ARRAY['Thing'], 'h0', 'h1', now(), '[]', $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        format,
        first,
        first + count - 1,
        count,
        format === 2 ? Array.from({ length: count + 1 }, (_, index) => index + 1) : null,
        names.user_ids,
        names.stream_ids,
        names.actors,
        names.correlation_ids,
        names.causation_ids,
        names.parties,
        names.accounts,
      ],
    );
  }
}

/** The batches' first positions, sorted. */
const firsts = (rows: Array<{ first_position: unknown }>) =>
  rows.map((row) => Number(row.first_position)).sort((a, b) => a - b);

describe.each(databaseKinds())('the batch name lookups on %s', (kind) => {
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

  const naming = async (column: string, names: string[]) =>
    firsts(
      (
        await client.query<{ first_position: unknown }>(
          `SELECT * FROM event_batches_naming($1, $2::text[])`,
          [column, names],
        )
      ).rows,
    );
  const streaming = async (query: string) =>
    firsts(
      (
        await client.query<{ first_position: unknown }>(
          `SELECT * FROM event_batches_with_streams($1::tsquery)`,
          [query],
        )
      ).rows,
    );

  it('returns each batch that names one of the values, with its range and format', async () => {
    const { rows } = await client.query(`SELECT * FROM event_batches_naming('actors', ARRAY['system:seed'])`);
    expect(
      rows.map((row) => [Number(row.first_position), Number(row.last_position), Number(row.format)]),
    ).toEqual(
      expect.arrayContaining([
        [1, 1, 1],
        [2, 3, 2],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await naming('user_ids', ['u2'])).toEqual([2]);
    expect(await naming('actors', ['user:u2', 'user:u3'])).toEqual([2, 4]);
    expect(await naming('correlation_ids', ['c1'])).toEqual([1]);
    expect(await naming('causation_ids', ['k2'])).toEqual([2]);
    expect(await naming('parties', ['u1'])).toEqual([1, 2]);
    expect(await naming('accounts', ['earning:u2'])).toEqual([2]);
    expect(await naming('accounts', ['earning:u1'])).toEqual([]);
  });

  it('finds stream ids by the whole id or a prefix of it', async () => {
    expect(await streaming(`'evaluation-e1'`)).toEqual([1]);
    expect(await streaming(`'evaluation-e1':*`)).toEqual([1, 2]);
    expect(await streaming(`'user-u2' | 'user-u3'`)).toEqual([2, 4]);
    expect(await streaming(`'evaluation-e2':*`)).toEqual([]);
  });

  it('refuses a column that holds no names', async () => {
    await expect(naming('events', ['x'])).rejects.toThrow(/case not found/i);
  });

  it.runIf(kind === 'postgres')(
    'searches each column through its GIN index, never the batch rows',
    async () => {
      const scans = async () => {
        await client.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ name: string; scans: string }>(
          `SELECT 'table' AS name, seq_scan AS scans FROM pg_stat_user_tables WHERE relname = 'event_batches'
         UNION ALL SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE relname = 'event_batches'`,
        );
        return new Map(rows.map((row) => [row.name, Number(row.scans)]));
      };
      const lookups: Array<[string, string]> = [
        ['user_ids', `SELECT count(*) FROM event_batches_naming('user_ids', ARRAY['u1'])`],
        ['actors', `SELECT count(*) FROM event_batches_naming('actors', ARRAY['system:seed'])`],
        ['correlation_ids', `SELECT count(*) FROM event_batches_naming('correlation_ids', ARRAY['c1'])`],
        ['causation_ids', `SELECT count(*) FROM event_batches_naming('causation_ids', ARRAY['k2'])`],
        ['parties', `SELECT count(*) FROM event_batches_naming('parties', ARRAY['u1'])`],
        ['accounts', `SELECT count(*) FROM event_batches_naming('accounts', ARRAY['spending:u1'])`],
        ['stream_ids', `SELECT count(*) FROM event_batches_with_streams('''evaluation-'':*')`],
      ];
      // Three rows, each named by the value: read alone, the planner would read the table.
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT first_position FROM event_batches WHERE actors && ARRAY['system:seed']`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Seq Scan on event_batches/);
      for (const [column, lookup] of lookups) {
        const before = await scans();
        // The statement's own statistics are flushed as its backend goes idle, before it answers.
        await client.query(`SELECT (${lookup}), pg_stat_force_next_flush()`);
        const after = await scans();
        expect({ column, table: after.get('table')! - before.get('table')! }).toEqual({ column, table: 0 });
        expect({
          column,
          index: after.get(`event_batches_${column}_idx`)! - before.get(`event_batches_${column}_idx`)!,
        }).toEqual({
          column,
          index: 1,
        });
      }
    },
  );
});
