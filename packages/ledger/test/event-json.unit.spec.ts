import type { TLedgerEvent } from '@evalmarket/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerEventDataJson } from '../src/index.js';

const posting = (transfer_id: string, phase: string) => ({
  transfer_id,
  debit: 'spending:req_1',
  credit: 'earning:eva_1',
  amount: 100,
  code: 'reward',
  phase,
});

const reserved = (overrides: Record<string, unknown> = {}) =>
  ({
    type: 'RewardReserved',
    data: {
      transfer_id: 'tr_1',
      requester_id: 'req_1',
      evaluator_id: 'eva_1',
      credits: 100,
      expires_at: '2026-11-24T01:40:00.000Z',
      postings: [posting('tr_1', 'pending')],
      ...overrides,
    },
  }) as TLedgerEvent;

const roundTrip = (event: TLedgerEvent) => JSON.parse(ledgerEventDataJson(event)) as unknown;

describe('ledgerEventDataJson', () => {
  it('writes the reward events as JSON that parses back to their data', () => {
    const events: TLedgerEvent[] = [
      reserved(),
      reserved({ item_id: 'item_9' }),
      {
        type: 'VoteRecorded',
        data: {
          transfer_id: 'tr_1',
          vote_id: 'vote_1',
          requester_id: 'req_1',
          evaluator_id: 'eva_1',
          credits: 100,
          postings: [posting('tr_1', 'post_pending')],
        },
      } as TLedgerEvent,
      {
        type: 'RewardReleased',
        data: {
          transfer_id: 'tr_1',
          requester_id: 'req_1',
          evaluator_id: 'eva_1',
          credits: 100,
          reason: 'expired',
          postings: [posting('tr_1', 'void_pending')],
        },
      } as TLedgerEvent,
    ];
    for (const event of events) expect(roundTrip(event)).toEqual(event.data);
  });

  it('falls back to JSON.stringify for any string that would need escaping, and for extra fields', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('transfer_id', 'requester_id', 'expires_at', 'item_id'),
        (text, field) => {
          const event = reserved({ [field]: text });
          expect(roundTrip(event)).toEqual(event.data);
        },
      ),
    );
    const odd = reserved({ note: 'a "quoted" \\ note\n' });
    expect(roundTrip(odd)).toEqual(odd.data);
    const oddPosting = reserved({ postings: [{ ...posting('tr_1', 'pending'), debit: 'x"y' }] });
    expect(roundTrip(oddPosting)).toEqual(oddPosting.data);
    const twoPostings = reserved({ postings: [posting('tr_1', 'pending'), posting('tr_2', 'pending')] });
    expect(roundTrip(twoPostings)).toEqual(twoPostings.data);
    const fraction = reserved({ credits: 0.5 });
    expect(roundTrip(fraction)).toEqual(fraction.data);
  });
});
