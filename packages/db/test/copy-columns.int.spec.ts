import { afterAll, describe, expect, it } from 'vitest';
import { COPY_ROWS_PER_CHUNK } from '../src/copy-text.js';
import { createEmptyDatabase, databaseKinds, type EmptyDatabase } from './support/databases.js';

const TABLE = `CREATE TABLE copied (
  id int PRIMARY KEY,
  label text,
  body jsonb,
  at timestamptz,
  day date,
  amount bigint,
  flag boolean
)`;

describe.each(databaseKinds())('copyColumns on %s', (kind) => {
  let database: EmptyDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('writes every row as the values sent, whatever their texts hold', async () => {
    database = await createEmptyDatabase(kind);
    const sql = database.connect();
    await sql.exec(TABLE);
    const labels = ['tab\there', 'line\nbreak\r', 'back\\slash', '\\N', '', 'é ✓ 𝄞', null];
    const bodies = [
      '{"text":"a \\"quoted\\" line\\n"}',
      '[1,2]',
      null,
      '{}',
      '"\\\\"',
      'null',
      '{"a":{"b":[]}}',
    ];
    const count = labels.length;
    const ids = Array.from({ length: count }, (_, index) => index);
    await sql.transaction((tx) =>
      tx.copyColumns(
        'copied',
        ['id', 'label', 'body', 'at', 'day', 'amount', 'flag'],
        [
          ids,
          labels,
          bodies,
          ids.map((id) => (id === 3 ? null : new Date(Date.UTC(2026, 0, 1 + id, 12)).toISOString())),
          ids.map((id) => `2026-02-${String(id + 1).padStart(2, '0')}`),
          ids.map((id) => 9_007_199_254_740_991 - id),
          ids.map((id) => id % 2 === 0),
        ],
      ),
    );
    const { rows } = await sql.query<Record<string, unknown>>(
      `SELECT id, label, body::text AS body, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at,
         day::text AS day, amount, flag FROM copied ORDER BY id`,
    );
    expect(rows.map((row) => row.label)).toEqual(labels);
    expect(rows.map((row) => (row.body === null ? null : JSON.parse(row.body as string)))).toEqual(
      bodies.map((body) => (body === null ? null : JSON.parse(body))),
    );
    expect(rows[3]!.at).toBeNull();
    expect(rows[4]!.at).toBe('2026-01-05 12:00');
    expect(rows[6]!.day).toBe('2026-02-07');
    expect(rows.map((row) => Number(row.amount))).toEqual(ids.map((id) => 9_007_199_254_740_991 - id));
    expect(rows.map((row) => row.flag)).toEqual(ids.map((id) => id % 2 === 0));
  });

  it('writes more rows than one piece holds, each once', async () => {
    const sql = database!.connect();
    const ids = Array.from({ length: COPY_ROWS_PER_CHUNK * 2 + 7 }, (_, index) => 1_000 + index);
    await sql.transaction((tx) => tx.copyColumns('copied', ['id'], [ids]));
    const { rows } = await sql.query<{ n: number; low: number; high: number }>(
      'SELECT count(*)::int AS n, min(id) AS low, max(id) AS high FROM copied WHERE id >= 1000',
    );
    expect(rows[0]).toEqual({ n: ids.length, low: 1_000, high: ids.at(-1) });
  });

  it('fails the transaction on a row the table refuses, leaving nothing written', async () => {
    const sql = database!.connect();
    const before = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM copied');
    await expect(
      sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO copied (id, label) VALUES (-1, 'before the copy')`);
        // Id 0 exists already: the primary key refuses the second row.
        await tx.copyColumns(
          'copied',
          ['id', 'label'],
          [
            [-2, 0],
            ['new', 'duplicate'],
          ],
        );
      }),
    ).rejects.toThrow(/duplicate key/);
    const after = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM copied');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    // A field the column's type cannot read is refused the same way.
    await expect(
      sql.transaction((tx) => tx.copyColumns('copied', ['id', 'day'], [[-3], ['not a day']])),
    ).rejects.toThrow(/invalid input syntax for type date/);
    // The client goes on working afterwards.
    expect((await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM copied')).rows[0]!.n).toBe(
      before.rows[0]!.n,
    );
  });
});
