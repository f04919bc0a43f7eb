import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS_CALLER, IDEMPOTENCY_KEY_HEADER } from './idempotency.js';

/** The request's Idempotency-Key (already checked by the idempotency hook), if it sent one. */
export function requestIdempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The id of what a write creates (an adjustment, say), the same on every retry of one request:
 * derived from the caller and its Idempotency-Key when it sent one, so a command retried after a
 * 503 (a writer fail-over) or a lost reply is the ledger's duplicate instead of a second effect.
 * A UUID in form either way (version 5 style when derived); random without a key.
 */
export function requestEntityId(request: FastifyRequest, purpose: string): string {
  const key = requestIdempotencyKey(request);
  if (key === undefined) return randomUUID();
  const caller = request.callerId || ANONYMOUS_CALLER;
  const hex = createHash('sha256').update(`${purpose}\n${caller}\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
