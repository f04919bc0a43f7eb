import { describe, expect, it } from 'vitest';
import { ceilingRate, reportedTables } from '../src/read-bench/replay-floor.js';

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

  it('spreads the floor over the cores: no command passes the events over its seconds per core', () => {
    const floor = { readSeconds: 3, writeSeconds: 7, cores: 2 };
    expect(ceilingRate(1_000_000, floor)).toBe(200_000);
    expect(ceilingRate(1_000_000, { ...floor, cores: 1 })).toBe(100_000);
  });
});
