import { describe, expect, it } from 'vitest';
import { plannedPerCall } from '../src/admin/staff-event-routes.js';

describe('which event log pages are planned for their values', () => {
  it('plans a stream prefix, a person search, a range and a name for their values', () => {
    expect(plannedPerCall({ stream_prefix: 'evaluation-' })).toBe(true);
    expect(plannedPerCall({ q: 'ada' })).toBe(true);
    expect(plannedPerCall({ recorded_from: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(plannedPerCall({ recorded_to: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(plannedPerCall({ position_from: 10 })).toBe(true);
    expect(plannedPerCall({ position_to: 10 })).toBe(true);
    // The names of event_batch_names: how many batches hold one varies from one to all.
    for (const name of ['party', 'account', 'actor', 'user_id', 'correlation_id', 'causation_id'])
      expect(plannedPerCall({ [name]: 'x' })).toBe(true);
    // One such filter among others is enough.
    expect(plannedPerCall({ party: 'u-1', stream_prefix: 'user-' })).toBe(true);
  });

  it('prepares the pages whose plan does not depend on the value once per connection', () => {
    expect(plannedPerCall({})).toBe(false);
    for (const name of ['type', 'stream_id']) expect(plannedPerCall({ [name]: 'x' })).toBe(false);
  });

  it('counts only the filters that apply (empty values are no filter)', () => {
    expect(plannedPerCall({ stream_prefix: '', q: null, recorded_from: undefined, type: 'T' })).toBe(false);
  });
});
