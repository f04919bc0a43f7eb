/*
 * `npm run bench:reads` options and its targets (issue 22), kept pure so they are unit-tested.
 */

export interface ReadBenchOptions {
  /** The world's database on the server of DATABASE_URL. */
  database: string;
  /** Seconds of load per route. */
  seconds: number;
  /** Keep-alive connections per route. */
  connections: number;
  /** The seed the world was generated with (its people's addresses). */
  seed: number;
  /** Skip the rebuild and audit runs (each reads the whole log). */
  skipReplay: boolean;
  /** A TCP port for the API; 0 picks a free one. */
  port: number;
  /** Without a world database, say so and succeed (how `npm run bench` includes this bench). */
  ifPresent: boolean;
  /** Seconds of evaluation loop while the projection lag is sampled; 0 skips that phase. */
  lagSeconds: number;
  /** Evaluators (one keep-alive connection each) in that loop. */
  lagEvaluators: number;
}

export const DEFAULT_READ_BENCH: ReadBenchOptions = {
  database: 'scale_world',
  seconds: 5,
  connections: 16,
  seed: 1,
  skipReplay: false,
  port: 0,
  ifPresent: false,
  lagSeconds: 20,
  lagEvaluators: 32,
};

export class BenchArgumentError extends Error {}

const NUMERIC = {
  '--seconds': 'seconds',
  '--connections': 'connections',
  '--seed': 'seed',
  '--port': 'port',
  '--lag-seconds': 'lagSeconds',
  '--lag-evaluators': 'lagEvaluators',
} as const;

export function parseReadBenchArgs(argv: readonly string[]): ReadBenchOptions {
  const options: ReadBenchOptions = { ...DEFAULT_READ_BENCH };
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index]!.split('=', 2) as [string, string | undefined];
    if (flag === '--skip-replay' || flag === '--if-present') {
      options[flag === '--skip-replay' ? 'skipReplay' : 'ifPresent'] = true;
      continue;
    }
    const value = inline ?? argv[++index];
    if (value === undefined) throw new BenchArgumentError(`${flag} needs a value`);
    if (flag === '--database') {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value))
        throw new BenchArgumentError('--database takes a plain PostgreSQL database name (a-z, 0-9, _)');
      options.database = value;
      continue;
    }
    const key = NUMERIC[flag as keyof typeof NUMERIC];
    if (!key) throw new BenchArgumentError(`unknown option ${flag}`);
    const number = Number(value);
    const least = key === 'seed' || key === 'port' || key === 'lagSeconds' ? 0 : 1;
    if (!Number.isSafeInteger(number) || number < least || (key === 'port' && number > 65_535))
      throw new BenchArgumentError(`${flag} takes a whole number of at least ${least}`);
    options[key] = number;
  }
  return options;
}

/** The DATABASE_URL of the server with the world's database name in its path. */
export function worldDatabaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface Target {
  name: string;
  /** What is compared: at most (p99 ms, lag ms) or at least (events/s). */
  kind: 'at_most' | 'at_least';
  limit: number;
  unit: string;
}

export const READ_P99_TARGET_MS = 100;
export const BALANCE_P99_TARGET_MS = 10;
export const REBUILD_TARGET_EVENTS_PER_SECOND = 100_000;
export const AUDIT_TARGET_EVENTS_PER_SECOND = 200_000;
export const LAG_P99_TARGET_MS = 250;

export interface Verdict {
  name: string;
  value: number | undefined;
  target: Target;
  met: boolean;
  line: string;
}

/** Whether a measured figure meets its target; an unmeasured one does not. */
export function judge(target: Target, value: number | undefined): Verdict {
  const met =
    value !== undefined &&
    Number.isFinite(value) &&
    (target.kind === 'at_most' ? value <= target.limit : value >= target.limit);
  const sign = target.kind === 'at_most' ? '<=' : '>=';
  const shown = value === undefined ? 'not measured' : `${value.toFixed(value < 100 ? 2 : 0)} ${target.unit}`;
  return {
    name: target.name,
    value,
    target,
    met,
    line: `${met ? 'met    ' : 'NOT met'}  ${target.name}: ${shown} (target ${sign} ${target.limit.toLocaleString('en')} ${target.unit})`,
  };
}

/** Nearest-rank percentile of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
