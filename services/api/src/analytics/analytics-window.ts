import type { TAnalyticsQuery } from '@evalmarket/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<string, number | undefined> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
  all: undefined,
};

/** How a report names its period: "Period: Last 30 days (2026-10-28 to 2026-11-27)". */
const PERIOD_LABELS: Record<string, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
  all: 'All time',
};

export function periodLabel(period: string): string {
  return PERIOD_LABELS[period] ?? period;
}

/** A half-open time window [start, end) and the one of the same length just before it. */
export interface AnalyticsWindow {
  period: string;
  start: Date;
  end: Date;
  previousStart: Date;
}

/**
 * start_date/end_date (whole UTC days, end inclusive) win over period; `all` starts at the epoch
 * and has no previous window (its previous window is empty).
 */
export function analyticsWindow(
  query: Pick<TAnalyticsQuery, 'period' | 'start_date' | 'end_date'>,
  now: Date,
): AnalyticsWindow {
  if (query.start_date || query.end_date) {
    const end = query.end_date ? new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS) : now;
    const start = query.start_date
      ? new Date(`${query.start_date}T00:00:00Z`)
      : new Date(end.getTime() - 30 * DAY_MS);
    const length = Math.max(0, end.getTime() - start.getTime());
    return { period: 'custom', start, end, previousStart: new Date(start.getTime() - length) };
  }
  const days = PERIOD_DAYS[query.period];
  if (days === undefined) return { period: 'all', start: new Date(0), end: now, previousStart: new Date(0) };
  const start = new Date(now.getTime() - days * DAY_MS);
  return { period: query.period, start, end: now, previousStart: new Date(start.getTime() - days * DAY_MS) };
}

/**
 * A metric against the same metric in the previous period of the same length. With nothing to
 * compare (the previous period had none, or the period is all time) the change is null rather
 * than a made-up +100%; the trend still says whether the value rose.
 */
export function change(
  current: number,
  previous: number,
): { trend: 'up' | 'down' | 'stable'; change_percentage: number | null; previous_value: number } {
  const trend = current > previous ? 'up' : current < previous ? 'down' : 'stable';
  if (previous === 0) return { trend, change_percentage: null, previous_value: previous };
  const rounded = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return {
    trend: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'stable',
    change_percentage: rounded,
    previous_value: previous,
  };
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
export const usd = (credits: number) => credits / 1000;
