import type { TPosting, TStoredEvent } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { walletMovements } from '../src/wallet-movements.js';
import { readPostings } from '../src/read-postings.js';
import {
  cashoutPaid,
  cashoutRequested,
  cashoutReversed,
  creditsAdjusted,
  purchased,
  rewardReserved,
} from './ledger-events.js';
import type { NewEvent } from '@evalmarket/eventstore';

let position = 0;
function stored(event: NewEvent): TStoredEvent {
  position += 1;
  return {
    event_id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    global_position: position,
    stream_id: 'ledger-unit',
    stream_version: position,
    type: event.type,
    schema_version: 1,
    data: event.data,
    metadata: {},
    recorded_at: '2025-01-02T03:04:05.000Z',
    prev_hash: '',
    hash: '',
  };
}

const movementsOf = (event: NewEvent) => {
  const e = stored(event);
  return walletMovements(e, readPostings(e)!);
};

describe('walletMovements', () => {
  it('gives each user account one row and platform accounts none', () => {
    expect(movementsOf(purchased('pi_9', 'u1', 250))).toEqual([
      expect.objectContaining({
        id: 'purchase:pi_9:spending:u1',
        user_id: 'u1',
        context: 'spending',
        type: 'credit',
        amount: 250_000,
        status: 'completed',
        description: 'Credit purchase ($250)',
        created_at: '2025-01-02T03:04:05.000Z',
      }),
    ]);
    const reserve = movementsOf(rewardReserved('t', 'req', 'ev', 30));
    expect(reserve.map((m) => [m.id, m.type, m.status, m.description])).toEqual([
      ['reward:t:spending:req', 'debit', 'pending', 'Reward reserved for a vote'],
      ['reward:t:earning:ev', 'credit', 'pending', 'Reward for a vote'],
    ]);
  });

  it('nets the legs of one event per account: a paid cash-out is one debit of the gross', () => {
    movementsOf(cashoutRequested('co', 'ev', 1_000));
    expect(movementsOf(cashoutPaid('co', 'ev', 1_000))).toEqual([
      expect.objectContaining({
        id: 'cashout:co:earning:ev',
        type: 'debit',
        amount: 1_000,
        status: 'completed',
      }),
    ]);
    expect(movementsOf(creditsAdjusted('a', 'u', 'earning', -5, 'typo'))).toEqual([
      expect.objectContaining({ type: 'debit', amount: 5, description: 'Credit adjustment: typo' }),
    ]);
  });

  it('gives a reversed cash-out its own completed credit row, with the reason', () => {
    movementsOf(cashoutRequested('co_r', 'ev', 1_000));
    movementsOf(cashoutPaid('co_r', 'ev', 1_000));
    expect(movementsOf(cashoutReversed('co_r', 'ev', 1_000))).toEqual([
      expect.objectContaining({
        id: 'cashout:co_r.reversed:earning:ev',
        type: 'credit',
        amount: 1_000,
        status: 'completed',
        code: 'cashout',
        description: 'Cash-out returned by Stripe: the transfer was reversed',
      }),
    ]);
  });

  it('describes money events it does not know by their type', () => {
    const posting: TPosting = {
      transfer_id: 'r1',
      debit: 'spending:u1',
      credit: 'platform:stripe',
      amount: 9,
      code: 'refund',
      phase: 'posted',
    };
    expect(movementsOf({ type: 'PurchaseRefunded', data: { postings: [posting] } })[0]).toMatchObject({
      id: 'refund:r1:spending:u1',
      description: 'Refund of a credit purchase',
      type: 'debit',
    });
    expect(movementsOf({ type: 'SomethingNewHappened', data: { postings: [posting] } })[0]).toMatchObject({
      description: 'Something new happened',
    });
  });

  it('refuses malformed postings instead of guessing', () => {
    const bad = stored({
      type: 'CreditsPurchased',
      data: { postings: [{ transfer_id: 'x', debit: 'a', credit: 'b' }] },
    });
    expect(() => readPostings(bad)).toThrow(/malformed posting: postings\[0\]: debit is not an account id/);
    expect(readPostings(stored({ type: 'UserRegistered', data: { user_id: 'u' } }))).toBeUndefined();
  });
});
