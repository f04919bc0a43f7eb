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

const vote = (overrides: Record<string, unknown> = {}) =>
  ({
    type: 'VoteRecorded',
    data: {
      transfer_id: 'tr_1',
      vote_id: 'vote_1',
      requester_id: 'req_1',
      evaluator_id: 'eva_1',
      credits: 100,
      postings: [posting('tr_1', 'post_pending')],
      ...overrides,
    },
  }) as TLedgerEvent;
const release = (overrides: Record<string, unknown> = {}) =>
  ({
    type: 'RewardReleased',
    data: {
      transfer_id: 'tr_1',
      requester_id: 'req_1',
      evaluator_id: 'eva_1',
      credits: 100,
      reason: 'expired',
      postings: [posting('tr_1', 'void_pending')],
      ...overrides,
    },
  }) as TLedgerEvent;

const roundTrip = (event: TLedgerEvent) => JSON.parse(ledgerEventDataJson(event)) as unknown;

describe('ledgerEventDataJson', () => {
  it('writes the reward events as JSON that parses back to their data', () => {
    const events: TLedgerEvent[] = [reserved(), reserved({ item_id: 'item_9' }), vote(), release()];
    for (const event of events) expect(roundTrip(event)).toEqual(event.data);
  });

  it('writes plain reward events by hand, in its own field order (the fast path is taken)', () => {
    // Keys inserted in reverse: JSON.stringify would follow that order, the hand-written text does not.
    const reversed = (event: TLedgerEvent) =>
      ({
        type: event.type,
        data: Object.fromEntries(Object.entries(event.data).reverse()),
      }) as TLedgerEvent;
    const postingJson = (phase: string) =>
      `[{"transfer_id":"tr_1","debit":"spending:req_1","credit":"earning:eva_1","amount":100,"code":"reward","phase":"${phase}"}]`;
    expect(ledgerEventDataJson(reversed(reserved({ item_id: 'item_9' })))).toBe(
      `{"transfer_id":"tr_1","requester_id":"req_1","evaluator_id":"eva_1","credits":100,"expires_at":"2026-11-24T01:40:00.000Z","postings":${postingJson('pending')},"item_id":"item_9"}`,
    );
    expect(ledgerEventDataJson(reversed(reserved()))).toBe(
      `{"transfer_id":"tr_1","requester_id":"req_1","evaluator_id":"eva_1","credits":100,"expires_at":"2026-11-24T01:40:00.000Z","postings":${postingJson('pending')}}`,
    );
    expect(ledgerEventDataJson(reversed(vote()))).toBe(
      `{"transfer_id":"tr_1","vote_id":"vote_1","requester_id":"req_1","evaluator_id":"eva_1","credits":100,"postings":${postingJson('post_pending')}}`,
    );
    expect(ledgerEventDataJson(reversed(release()))).toBe(
      `{"transfer_id":"tr_1","requester_id":"req_1","evaluator_id":"eva_1","credits":100,"reason":"expired","postings":${postingJson('void_pending')}}`,
    );
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

  const withPosting = (field: string, value: unknown) =>
    reserved({ postings: [{ ...posting('tr_1', 'pending'), [field]: value }] });

  it.each([
    { case: 'credits NaN', event: reserved({ credits: Number.NaN }) },
    { case: 'posting amount NaN', event: withPosting('amount', Number.NaN) },
    { case: 'posting with a seventh field', event: withPosting('memo', 'x') },
    ...['transfer_id', 'debit', 'credit', 'code', 'phase'].map((field) => ({
      case: `posting ${field} to escape`,
      event: withPosting(field, 'a"b'),
    })),
    { case: 'requester id to escape', event: reserved({ requester_id: 'a"b' }) },
    { case: 'evaluator id to escape', event: reserved({ evaluator_id: 'a\\b' }) },
    { case: 'no postings', event: reserved({ postings: [] }) },
    { case: 'vote id to escape', event: vote({ vote_id: 'v"1' }) },
    { case: 'vote with an extra field', event: vote({ note: 'n' }) },
    { case: 'vote credits NaN', event: vote({ credits: Number.NaN }) },
    { case: 'release reason to escape', event: release({ reason: 'a\nb' }) },
    { case: 'release with an extra field', event: release({ note: 'n' }) },
    { case: 'release credits NaN', event: release({ credits: Number.NaN }) },
  ])('writes what JSON.stringify writes when the fast path does not apply: $case', ({ event }) => {
    expect(JSON.parse(ledgerEventDataJson(event))).toEqual(JSON.parse(JSON.stringify(event.data)));
  });
});
