import { describe, expect, it } from 'vitest';
import {
  busyMilliseconds,
  ceilingRate,
  coreSecondsLine,
  logReadRate,
  reportedTables,
} from '../src/read-bench/replay-floor.js';

describe('the replay floor', () => {
  it('reads the tables a rebuild compared from its report, differing ones too', () => {
    const report = [
      'Read-model rebuild at position 1001422 (1001422 events replayed, 9000 events/s): live read models DIFFER from the rebuild',
      'SAME  projection wallet at position 1001422',
      'SAME  account_balances: 24001 live rows, 24001 rebuilt rows, 0 differ',
      'SAME  wallet_transactions: 466331 live rows, 466331 rebuilt rows, 0 differ',
      'DIFF  projection domain at position 1001422',
      'DIFF  evaluation_votes: 232000 live rows, 231999 rebuilt rows, 1 differ',
      '        - v_1: only in the live table',
      'FAIL  projection other: a handler threw',
    ].join('\n');
    expect(reportedTables(report)).toEqual([
      { table: 'account_balances', liveRows: 24001 },
      { table: 'wallet_transactions', liveRows: 466331 },
      { table: 'evaluation_votes', liveRows: 232000 },
    ]);
    expect(reportedTables('Rebuilding wallet, domain from position 0')).toEqual([]);
  });

  it("reads the client's floor from the read-only rebuild's last line, and nothing from a failed one", () => {
    const output = [
      'Reading the log from position 0 in PostgreSQL (DATABASE_URL), applying nothing',
      '  100000 events read, position 100000 of 1001422, 49432 events/s',
      'Read 1001422 events in 15.1 s (66284 events/s), applying nothing: no rebuild or audit reads the log faster in one process',
    ].join('\n');
    expect(logReadRate(output)).toBe(66_284);
    expect(logReadRate('  100000 events read, position 100000 of 1001422, 49432 events/s')).toBeUndefined();
    expect(logReadRate('Error: connect ECONNREFUSED 127.0.0.1:5432')).toBeUndefined();
  });

  it('spreads the floor over the cores: no command passes the events over its seconds per core', () => {
    const floor = { readSeconds: 3, writeSeconds: 7, cores: 2 };
    expect(ceilingRate(1_000_000, floor)).toBe(200_000);
    expect(ceilingRate(1_000_000, { ...floor, cores: 1 })).toBe(100_000);
  });

  it("counts every core's busy time, never its idle time", () => {
    const core = (user: number, nice: number, sys: number, idle: number, irq: number) => ({
      times: { user, nice, sys, idle, irq },
    });
    expect(busyMilliseconds([core(100, 1, 20, 5_000, 3), core(50, 0, 10, 9_000, 0)])).toBe(184);
    expect(busyMilliseconds([])).toBe(0);
    // This machine's own figure: some time busy since it started, and never less later.
    const before = busyMilliseconds();
    expect(before).toBeGreaterThan(0);
    expect(busyMilliseconds()).toBeGreaterThanOrEqual(before);
  });

  it('sets the core-seconds a command took per million events beside what its target allows', () => {
    expect(coreSecondsLine(34.4, 1_082_448, 2, 100_000)).toBe(
      '34.4 core-seconds, 31.8 per million events; 100,000 events/s on 2 cores allows 20.0',
    );
    expect(coreSecondsLine(12.1, 1_000_000, 2, 200_000)).toBe(
      '12.1 core-seconds, 12.1 per million events; 200,000 events/s on 2 cores allows 10.0',
    );
  });
});
