import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_PAST_PAGE, raList, type RaListSpec } from '../src/admin/ra-list.js';

/*
 * The offset form's total is counted at most COUNTED_PAST_PAGE rows past the page: exact for a
 * list that ends within that, `*` for one that goes on (a count of every row of a table of
 * millions took seconds, and past the statement timeout on the event log: a 500 for a valid
 * request). A list of numbers from generate_series stands in for a table of any length.
 */
const numbers = (upTo: number, countPastPage?: number): RaListSpec<{ n: number }> => ({
  resource: 'numbers',
  select: 'n',
  from: `generate_series(1, ${upTo}) AS g(n)`,
  id: 'n',
  sortFields: { id: 'n' },
  defaultSort: ['id', 'ASC'],
  filters: { even: (value) => (value === true ? 'n % 2 = 0' : undefined) },
  toRecord: (row) => ({ id: Number(row.n) }),
  ...(countPastPage === undefined ? {} : { countPastPage }),
});

/** Calls raList and returns the page's ids and its Content-Range. */
async function page(
  db: TestDatabase,
  upTo: number,
  range: [number, number],
  filter: object = {},
  countPastPage?: number,
) {
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => (headers[name] = value),
  } as unknown as FastifyReply;
  const rows = await raList(db.client, reply, numbers(upTo, countPastPage), {
    range: JSON.stringify(range),
    filter: JSON.stringify(filter),
  });
  return { ids: rows.map((row) => (row as { id: number }).id), contentRange: headers['content-range'] };
}

describe.each(databaseKinds())('the offset form counts only so far past the page on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ kind, migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives the exact total of a list that ends within the bound', async () => {
    const last = 25 + COUNTED_PAST_PAGE;
    const { ids, contentRange } = await page(db, last, [0, 24]);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(contentRange).toBe(`numbers 0-24/${last}`);
  });

  it('says * for a list that goes on past the bound, one row or a million', async () => {
    for (const last of [25 + COUNTED_PAST_PAGE + 1, 1_000_000]) {
      const { ids, contentRange } = await page(db, last, [0, 24]);
      expect(ids).toHaveLength(25);
      expect(contentRange).toBe('numbers 0-24/*');
    }
  });

  it('counts from the page it was asked for, and under the filter', async () => {
    expect((await page(db, 1_000_000, [999_990, 999_999])).contentRange).toBe(
      'numbers 999990-999999/1000000',
    );
    expect((await page(db, 2_000, [0, 9], { even: true })).contentRange).toBe('numbers 0-9/1000');
    expect((await page(db, 5_000, [0, 9], { even: true })).contentRange).toBe('numbers 0-9/*');
    expect((await page(db, 2_500, [2_000, 2_009])).contentRange).toBe('numbers 2000-2009/2500');
    expect((await page(db, 5_000, [2_000, 2_009])).contentRange).toBe('numbers 2000-2009/*');
    expect((await page(db, 10, [20, 29])).contentRange).toBe('numbers 20-20/10');
  });

  it('counts nothing past the page where the spec says so, and knows the total of a last page', async () => {
    const nothingPast = (range: [number, number]) => page(db, 100, range, {}, 0);
    expect((await nothingPast([0, 9])).contentRange).toBe('numbers 0-9/*');
    expect((await nothingPast([0, 98])).contentRange).toBe('numbers 0-98/*');
    expect((await nothingPast([0, 99])).contentRange).toBe('numbers 0-99/100');
    expect((await nothingPast([95, 104])).contentRange).toBe('numbers 95-99/100');
    // Past the end: the rows before the page are counted.
    expect((await nothingPast([200, 209])).contentRange).toBe('numbers 200-200/100');
    expect((await page(db, 100, [200, 209])).contentRange).toBe('numbers 200-200/100');
    expect((await page(db, 0, [0, 9])).contentRange).toBe('numbers 0-0/0');
  });
});
