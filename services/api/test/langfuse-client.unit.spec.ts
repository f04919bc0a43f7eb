import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../src/evaluations/langfuse-client.js';

describe('Retry-After from Langfuse', () => {
  const now = Date.parse('2026-11-25T08:00:00Z');

  it('reads seconds and HTTP dates (RFC 9110 10.2.3)', () => {
    expect(retryAfterMs('17', now)).toBe(17_000);
    expect(retryAfterMs(['3'], now)).toBe(3_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 07:59:00 GMT', now)).toBe(0);
  });

  it('gives nothing for an absent or unreadable header (the caller waits a full window)', () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});
