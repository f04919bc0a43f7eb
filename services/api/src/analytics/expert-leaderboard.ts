import type { SqlExecutor } from '@evalmarket/db';
import type { AnalyticsWindow } from './analytics-window.js';
import { dayText, splitAtMidnights } from './reward-windows.js';

/** Where a person stands among the experts (`ranking`, `total_experts` of the earnings analytics). */
export interface ExpertRanking {
  /** 1 for the expert who earned most (ties by id); null when the person is not an expert. */
  rank: number | null;
  experts: number;
}

/** Every expert's place in one window: 1 for the one who earned most. */
export interface Leaderboard {
  /** The clock when its computation began: it holds nothing older. */
  computedAt: number;
  places: ReadonlyMap<string, number>;
}

/**
 * The experts ranked by completed earnings in [from, to), most first and ties by id: every
 * expert's total from the day roll-up (an index-only scan of wallet_reward_days_day_idx) and the
 * partial days' rows at the ends. It reads a row per expert and earning day of the window: on a
 * year of a large world, hundreds of thousands of rows.
 */
export async function expertPlaces(sql: SqlExecutor, from: Date, to: Date): Promise<Map<string, number>> {
  // No whole day inside: the rows of the window, and an empty range of days.
  const split = splitAtMidnights(from, to) ?? {
    head: { from, to },
    days: { fromDay: dayText(from), toDay: dayText(from) },
    tail: { from: to, to },
  };
  const { rows } = await sql.query<{ id: string }>(
    `WITH earned AS (
       SELECT user_id, credits FROM wallet_reward_days
       WHERE context = 'earning' AND status = 'completed' AND day >= $1::date AND day < $2::date
       UNION ALL
       SELECT user_id, abs(amount) FROM wallet_transactions
       WHERE code = 'reward' AND (created_at AT TIME ZONE 'UTC')::date = ANY($7::date[])
         AND context = 'earning' AND type = 'credit' AND status = 'completed'
         AND ((created_at >= $3 AND created_at < $4) OR (created_at >= $5 AND created_at < $6))
     )
     SELECT u.id FROM users u LEFT JOIN earned e ON e.user_id = u.id
     WHERE 'expert' = ANY(u.roles)
     GROUP BY u.id ORDER BY COALESCE(sum(e.credits), 0) DESC, u.id`,
    [
      split.days.fromDay,
      split.days.toDay,
      split.head.from,
      split.head.to,
      split.tail.from,
      split.tail.to,
      // The UTC days of the partial ends, for wallet_transactions_reward_day_idx.
      [split.head.from, split.head.to, split.tail.from, split.tail.to].map((time) =>
        dayText(new Date(Math.max(0, time.getTime() - 1))),
      ),
    ],
  );
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

export function standingIn(board: Leaderboard, userId: string): ExpertRanking {
  return { rank: board.places.get(userId) ?? null, experts: board.places.size };
}

/** Custom windows remembered at once (the five named periods are always kept). */
const MAX_CUSTOM_WINDOWS = 20;

interface Entry {
  board?: Leaderboard;
  pending?: Promise<Leaderboard>;
}

/**
 * The leaderboards of this process, one per window, shared by every expert who asks. Ranking a
 * person means totalling every expert's window, so instead of each request doing it, a board is
 * kept for at most `maxAgeMs`: a request never sees one older, the first request past half its
 * age starts the next in the background, and requests that arrive together share one
 * computation. A named period (30d, 1y) is one window however `now` moved; a custom one is its
 * dates. `maxAgeMs` 0 computes for every request.
 */
export class ExpertLeaderboards {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly sql: SqlExecutor,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async standing(userId: string, window: AnalyticsWindow): Promise<ExpertRanking> {
    const entry = this.entry(window);
    const board = entry.board;
    const age = board ? this.clock() - board.computedAt : Infinity;
    if (board && age < this.maxAgeMs) {
      if (age >= this.maxAgeMs / 2) this.refresh(entry, window).catch(() => undefined);
      return standingIn(board, userId);
    }
    return standingIn(await this.refresh(entry, window), userId);
  }

  private entry(window: AnalyticsWindow): Entry {
    const key =
      window.period === 'custom'
        ? `custom ${window.start.toISOString()} ${window.end.toISOString()}`
        : window.period;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {};
      this.entries.set(key, entry);
      this.forgetOldCustomWindows();
    }
    return entry;
  }

  private forgetOldCustomWindows(): void {
    const custom = [...this.entries.keys()].filter((key) => key.startsWith('custom '));
    // Map keeps insertion order: the first are the oldest.
    for (const key of custom.slice(0, Math.max(0, custom.length - MAX_CUSTOM_WINDOWS)))
      this.entries.delete(key);
  }

  /** The computation under way for this window, or a new one (stamped when it starts). */
  private refresh(entry: Entry, window: AnalyticsWindow): Promise<Leaderboard> {
    if (entry.pending) return entry.pending;
    const computedAt = this.clock();
    entry.pending = expertPlaces(this.sql, window.start, window.end)
      .then((places) => {
        entry.board = { computedAt, places };
        return entry.board;
      })
      .finally(() => {
        entry.pending = undefined;
      });
    return entry.pending;
  }
}
