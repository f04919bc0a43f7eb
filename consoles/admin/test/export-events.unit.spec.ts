import { describe, expect, it } from 'vitest';
import { eventsToCsv, toNdjson, type ExportedEvent } from '../src/events/exportEvents';

const event: ExportedEvent = {
  global_position: 3,
  event_id: 'e3',
  stream_id: 'adjustment-1',
  stream_version: 1,
  type: 'CreditsAdjusted',
  recorded_at: '2026-01-01T00:00:00.000Z',
  actor: 'user:u_1',
  causation_id: null,
  correlation_id: 'c1',
  payload: { reason: 'He said "fine", ok', amount_credits: 5 },
  postings: [{ account: 'user:u_1:spending', amount: 5 }],
  hash: 'aa',
  prev_hash: 'bb',
};

describe('event exports', () => {
  it('writes one JSON object per line', () => {
    const text = toNdjson([event, { ...event, global_position: 4 }]);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual(event);
    expect(toNdjson([])).toBe('');
  });

  it('writes CSV with quoted JSON for nested fields', () => {
    const [header, row] = eventsToCsv([event]).split('\r\n');
    expect(header).toBe(
      'global_position,event_id,stream_id,stream_version,type,recorded_at,actor,causation_id,correlation_id,hash,prev_hash,payload,postings',
    );
    expect(row).toContain('3,e3,adjustment-1,1,CreditsAdjusted,2026-01-01T00:00:00.000Z,user:u_1,,c1,aa,bb,');
    expect(row).toContain('"{""reason"":""He said \\""fine\\"", ok"",""amount_credits"":5}"');
  });
});
