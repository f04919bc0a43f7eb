import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A load balancer's or client's id is kept so one request can be followed across services, but
// only when it is short and plain: it lands in logs and reply headers verbatim.
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when it is sane, a new uuid otherwise. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
