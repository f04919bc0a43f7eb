import { describe, expect, it } from 'vitest';
import { entryNeedles } from '../src/admin/event-log-needles.js';

/*
 * The needles decide which packed entries the staff event log parses: a needle an event that
 * matches does not hold would hide it. Each must be the value as the writer's JSON holds it.
 */
describe('event log needles', () => {
  it('gives one group per filter, a list value one needle per text, as JSON strings hold them', () => {
    expect(
      entryNeedles({
        party: 'p-1',
        actor: ['user:a', 'user:b'],
        account: 'earning:"odd" \\ name',
        type: 'VoteCast',
        stream_prefix: 'evaluation-',
        position_from: 10,
        q: 'Bea',
      }),
    ).toEqual([
      ['p-1'],
      ['user:a', 'user:b'],
      ['earning:\\"odd\\" \\\\ name'],
      ['VoteCast'],
      ['evaluation-'],
    ]);
    expect(entryNeedles({ correlation_id: 'tab\there ü 😀' })).toEqual([['tab\\there ü 😀']]);
  });

  it('compares a list as one text where the filter does (party, user_id, account, stream_prefix)', () => {
    expect(entryNeedles({ party: ['p', 'q'], user_id: ['p', 'q'] })).toEqual([['p,q'], ['p,q']]);
  });

  it('gives none for a `->>` value the writer may have stored otherwise, nor for empty values', () => {
    // JSON.stringify writes 1e+21 and 1.25e-7; `->>` reads them in full.
    expect(entryNeedles({ party: '1000000000000000000000' })).toEqual([]);
    expect(entryNeedles({ user_id: '0.000000125' })).toEqual([]);
    expect(entryNeedles({ correlation_id: ['c-1', '42.0'] })).toEqual([]);
    // An object's `->>` text is jsonb's rendering.
    expect(entryNeedles({ party: '{"a": 1}' })).toEqual([]);
    expect(entryNeedles({ party: '', actor: null, type: undefined })).toEqual([]);
    // Numbers written as they are read, and booleans, are found as they are.
    expect(entryNeedles({ user_id: '42', causation_id: 'true' })).toEqual([['42'], ['true']]);
    // An account is compared as a JSON string only, so any value is a needle.
    expect(entryNeedles({ account: '1000000000000000000000' })).toEqual([['1000000000000000000000']]);
  });
});
