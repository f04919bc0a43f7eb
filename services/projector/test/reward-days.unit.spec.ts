import { describe, expect, it } from 'vitest';
import { rewardDayChanges, utcDay, type RewardRowBefore } from '../src/reward-days.js';
import type { WalletMovement } from '../src/wallet-movements.js';

function movement(overrides: Partial<WalletMovement>): WalletMovement {
  return {
    id: 'reward:t1:user:u1:spending',
    user_id: 'u1',
    context: 'spending',
    type: 'debit',
    amount: 100,
    status: 'pending',
    description: 'Reward reserved for a vote',
    code: 'reward',
    transfer_id: 't1',
    created_at: '2026-03-31T23:59:59.999Z',
    global_position: 10,
    updated_position: 10,
    ...overrides,
  };
}

const before = (row: Partial<RewardRowBefore>): Map<string, RewardRowBefore> => {
  const full: RewardRowBefore = {
    id: 'reward:t1:user:u1:spending',
    user_id: 'u1',
    context: 'spending',
    type: 'debit',
    code: 'reward',
    amount: 100,
    status: 'pending',
    created_at: new Date('2026-03-31T23:59:59.999Z'),
    updated_position: 10,
    ...row,
  };
  return new Map([[full.id, full]]);
};

const summary = (changes: ReturnType<typeof rewardDayChanges>) =>
  changes.map((c) => `${c.id} ${c.credits}/${c.rewards}`).sort();

describe('reward roll-up changes', () => {
  it('counts a new reward on the UTC day of its row, by status', () => {
    expect(
      summary(
        rewardDayChanges(
          [
            movement({}),
            movement({
              id: 'reward:t2:user:u1:spending',
              created_at: '2026-04-01T00:00:00.000Z',
              amount: 30,
            }),
            movement({
              id: 'reward:t3:user:u1:spending',
              created_at: '2026-04-01T23:59:59.999Z',
              amount: 20,
            }),
            movement({ id: 'reward:t4:user:u2:earning', user_id: 'u2', context: 'earning', type: 'credit' }),
          ],
          new Map(),
        ),
      ),
    ).toEqual([
      'u1|spending|2026-03-31|pending 100/1',
      'u1|spending|2026-04-01|pending 50/2',
      'u2|earning|2026-03-31|pending 100/1',
    ]);
  });

  it('moves an existing row to its new status on the day it was created, not the day it changed', () => {
    const changes = rewardDayChanges(
      [movement({ status: 'completed', created_at: '2026-04-02T10:00:00.000Z', updated_position: 11 })],
      before({}),
    );
    expect(summary(changes)).toEqual([
      'u1|spending|2026-03-31|completed 100/1',
      'u1|spending|2026-03-31|pending -100/-1',
    ]);
    const cancelled = rewardDayChanges([movement({ status: 'cancelled', updated_position: 12 })], before({}));
    expect(summary(cancelled)).toEqual([
      'u1|spending|2026-03-31|cancelled 100/1',
      'u1|spending|2026-03-31|pending -100/-1',
    ]);
  });

  it('ignores a replayed event, an unchanged status and rows that are not rewards of their side', () => {
    expect(rewardDayChanges([movement({ status: 'completed', updated_position: 10 })], before({}))).toEqual(
      [],
    );
    expect(rewardDayChanges([movement({ updated_position: 11 })], before({}))).toEqual([]);
    expect(
      rewardDayChanges(
        [
          movement({ code: 'purchase', type: 'credit' }),
          movement({ id: 'x', context: 'spending', type: 'credit' }),
          movement({ id: 'y', context: 'earning', type: 'debit' }),
        ],
        new Map(),
      ),
    ).toEqual([]);
  });
});

describe('the UTC day of an instant', () => {
  it('is the same however often and in whatever order it is asked, for texts and dates', () => {
    const late = '2026-03-01T23:59:59.999Z';
    const offset = '2026-03-01T23:30:00.000-02:00';
    expect([late, late, offset, late, offset, offset].map(utcDay)).toEqual([
      '2026-03-01',
      '2026-03-01',
      '2026-03-02',
      '2026-03-01',
      '2026-03-02',
      '2026-03-02',
    ]);
    expect(utcDay(new Date(offset))).toBe('2026-03-02');
  });

  it('refuses a text that is no instant, every time, and still answers the next one', () => {
    expect(utcDay('2026-01-05T00:00:00.000Z')).toBe('2026-01-05');
    expect(() => utcDay('not a time')).toThrow(RangeError);
    expect(() => utcDay('not a time')).toThrow(RangeError);
    expect(utcDay('2026-01-05T00:00:00.000Z')).toBe('2026-01-05');
  });
});
