import { describe, expect, it } from 'vitest';
import {
  BenchArgumentError,
  DEFAULT_READ_BENCH,
  judge,
  parseReadBenchArgs,
  percentile,
  worldDatabaseUrl,
} from '../src/read-bench/bench-args.js';
import { READ_ROUTES } from '../src/read-bench/read-routes.js';

describe('bench:reads arguments', () => {
  it('takes the defaults, then each option in both spellings', () => {
    expect(parseReadBenchArgs([])).toEqual(DEFAULT_READ_BENCH);
    expect(
      parseReadBenchArgs([
        '--database',
        'world_2',
        '--seconds=3',
        '--connections',
        '8',
        '--seed',
        '0',
        '--skip-replay',
        '--port',
        '4210',
      ]),
    ).toEqual({
      ...DEFAULT_READ_BENCH,
      database: 'world_2',
      seconds: 3,
      connections: 8,
      seed: 0,
      skipReplay: true,
      port: 4210,
    });
    expect(parseReadBenchArgs(['--if-present']).ifPresent).toBe(true);
    expect(parseReadBenchArgs(['--lag-seconds', '0', '--lag-evaluators=8'])).toEqual({
      ...DEFAULT_READ_BENCH,
      lagSeconds: 0,
      lagEvaluators: 8,
    });
  });

  it.each([
    [['--seconds', '0'], '--seconds takes a whole number of at least 1'],
    [['--connections', '2.5'], '--connections takes a whole number of at least 1'],
    [['--port', '70000'], '--port takes a whole number of at least 0'],
    [
      ['--database', 'x; DROP DATABASE postgres'],
      '--database takes a plain PostgreSQL database name (a-z, 0-9, _)',
    ],
    [['--seconds'], '--seconds needs a value'],
    [['--lag-seconds', '-1'], '--lag-seconds takes a whole number of at least 0'],
    [['--lag-evaluators', '0'], '--lag-evaluators takes a whole number of at least 1'],
    [['--fast', '1'], 'unknown option --fast'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseReadBenchArgs(argv)).toThrow(new BenchArgumentError(message));
  });

  it("puts the world's database into the server URL", () => {
    expect(worldDatabaseUrl('postgres://postgres@127.0.0.1:5432/postgres', 'scale_world')).toBe(
      'postgres://postgres@127.0.0.1:5432/scale_world',
    );
  });
});

describe('bench:reads targets', () => {
  const p99 = { name: 'balance p99', kind: 'at_most' as const, limit: 10, unit: 'ms' };
  const speed = { name: 'rebuild', kind: 'at_least' as const, limit: 100_000, unit: 'events/s' };

  it('meets an upper bound at or below it, and a lower bound at or above it', () => {
    expect(judge(p99, 10).met).toBe(true);
    expect(judge(p99, 10.01).met).toBe(false);
    expect(judge(speed, 100_000).met).toBe(true);
    expect(judge(speed, 99_999).met).toBe(false);
  });

  it('never meets a target it did not measure', () => {
    expect(judge(p99, undefined)).toMatchObject({ met: false });
    expect(judge(p99, undefined).line).toBe('NOT met  balance p99: not measured (target <= 10 ms)');
    expect(judge(speed, Number.NaN).met).toBe(false);
  });

  it('prints the figure, the target and the verdict', () => {
    expect(judge(p99, 4.5).line).toBe('met      balance p99: 4.50 ms (target <= 10 ms)');
    expect(judge(speed, 250_000).line).toBe('met      rebuild: 250000 events/s (target >= 100,000 events/s)');
  });

  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });

  it('holds the balance to 10 ms and every other read to 100 ms', () => {
    const balance = READ_ROUTES.find((route) => route.name === 'wallet balance');
    expect(balance?.p99TargetMs).toBe(10);
    expect(READ_ROUTES.filter((route) => route !== balance).every((route) => route.p99TargetMs === 100)).toBe(
      true,
    );
  });
});
