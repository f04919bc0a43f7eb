import type { SqlExecutor } from '@evalmarket/db';
import { describe, expect, it } from 'vitest';
import type { AnalyticsWindow } from '../src/analytics/analytics-window.js';
import { ExpertLeaderboards } from '../src/analytics/expert-leaderboard.js';

const YEAR: AnalyticsWindow = {
  period: '1y',
  start: new Date('2025-11-27T12:00:00Z'),
  end: new Date('2026-11-27T12:00:00Z'),
  previousStart: new Date('2024-11-27T12:00:00Z'),
};
const MONTH: AnalyticsWindow = { ...YEAR, period: '30d', start: new Date('2026-10-28T12:00:00Z') };

/** A database whose experts, most earning first, are `order`; each ranking query is counted. */
function rankedDatabase(order: string[]) {
  const state = { order, queries: 0, hold: undefined as Promise<void> | undefined };
  const sql: SqlExecutor = {
    async query<R>() {
      state.queries += 1;
      const snapshot = [...state.order];
      await state.hold;
      return { rows: snapshot.map((id) => ({ id })) as R[], rowCount: snapshot.length };
    },
  } as SqlExecutor;
  return { sql, state };
}

describe('ExpertLeaderboards', () => {
  it('places each expert by the order the ranking query gives, and nobody else', async () => {
    const { sql } = rankedDatabase(['b', 'a', 'c']);
    const boards = new ExpertLeaderboards(sql, 0);
    expect(await boards.standing('a', YEAR)).toEqual({ rank: 2, experts: 3 });
    expect(await boards.standing('b', YEAR)).toEqual({ rank: 1, experts: 3 });
    expect(await boards.standing('requester', YEAR)).toEqual({ rank: null, experts: 3 });
  });

  it('with max age 0 ranks again for every request', async () => {
    const { sql, state } = rankedDatabase(['a', 'b']);
    const boards = new ExpertLeaderboards(sql, 0);
    expect((await boards.standing('a', YEAR)).rank).toBe(1);
    state.order = ['b', 'a'];
    expect((await boards.standing('a', YEAR)).rank).toBe(2);
    expect(state.queries).toBe(2);
  });

  it('shares a board younger than the max age, refreshes it in the background past half of it, and never shows an older one', async () => {
    const { sql, state } = rankedDatabase(['a', 'b']);
    let now = 1_000_000;
    const boards = new ExpertLeaderboards(sql, 60_000, () => now);
    expect((await boards.standing('a', YEAR)).rank).toBe(1);
    state.order = ['b', 'a'];
    now += 29_000;
    // Young: the same board, no query.
    expect((await boards.standing('a', YEAR)).rank).toBe(1);
    expect(state.queries).toBe(1);
    // Past half its age: still answered from it, while the next one is computed.
    now += 2_000;
    expect((await boards.standing('a', YEAR)).rank).toBe(1);
    expect(state.queries).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await boards.standing('a', YEAR)).rank).toBe(2);
    // Past the max age with nobody asking in between: the request waits for a new board.
    state.order = ['a', 'b'];
    now += 61_000;
    expect((await boards.standing('a', YEAR)).rank).toBe(1);
    expect(state.queries).toBe(3);
  });

  it('keeps one board per period, and requests that arrive together share one computation', async () => {
    const { sql, state } = rankedDatabase(['a', 'b']);
    const boards = new ExpertLeaderboards(sql, 60_000);
    let release: () => void = () => undefined;
    state.hold = new Promise((resolve) => (release = resolve));
    const together = [boards.standing('a', YEAR), boards.standing('b', YEAR), boards.standing('a', MONTH)];
    release();
    expect(await Promise.all(together)).toEqual([
      { rank: 1, experts: 2 },
      { rank: 2, experts: 2 },
      { rank: 1, experts: 2 },
    ]);
    expect(state.queries).toBe(2);
  });

  it('a failed computation fails its requests, and the next request tries again', async () => {
    const { sql, state } = rankedDatabase(['a']);
    const failing: SqlExecutor = {
      query: async (...args) => {
        if (state.queries === 0) {
          state.queries += 1;
          throw new Error('connection lost');
        }
        return sql.query(...args);
      },
    };
    const boards = new ExpertLeaderboards(failing, 60_000);
    await expect(boards.standing('a', YEAR)).rejects.toThrow('connection lost');
    expect(await boards.standing('a', YEAR)).toEqual({ rank: 1, experts: 1 });
  });
});
