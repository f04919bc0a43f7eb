import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app/build-app.js';
import { PaymentRequiredError } from '../src/http/errors.js';
import { pruneIdempotencyRecords } from '../src/http/idempotency.js';
import { startTestApp, type TestApp } from './helpers.js';
import { injector } from './support/inject.js';

const ZOrder = z.object({ amount_credits: z.number().int().min(1), note: z.string().optional() });

/** Calls per route, so a test can tell a replay from a second execution. */
const calls = { orders: 0, flaky: 0, refused: 0, big: 0, webhook: 0 };
let releaseSlow: (() => void) | undefined;
let slowStarted: Promise<void> = Promise.resolve();
let markSlowStarted: () => void = () => undefined;

async function registerRoutes(app: App): Promise<void> {
  // Stands in for the lead's auth hook: the caller is whoever the test says.
  app.addHook('onRequest', async (request) => {
    const caller = request.headers['x-test-caller'];
    if (typeof caller === 'string') request.callerId = caller;
  });

  app.post(
    '/api/v1/orders',
    {
      schema: {
        body: ZOrder,
        response: { 201: z.object({ order_number: z.number(), amount_credits: z.number() }) },
      },
    },
    async (request, reply) => {
      calls.orders += 1;
      return reply
        .code(201)
        .send({ order_number: calls.orders, amount_credits: request.body.amount_credits });
    },
  );
  app.put('/api/v1/orders/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    calls.orders += 1;
    return {
      id: request.params.id,
      seen_header: request.headers['x-custom'] ?? null,
      order_number: calls.orders,
    };
  });
  app.delete('/api/v1/orders/:id', async (_request, reply) => {
    calls.orders += 1;
    return reply.code(204).send();
  });
  app.post('/api/v1/flaky', async () => {
    calls.flaky += 1;
    if (calls.flaky === 1) throw new Error('database hiccup');
    return { attempt: calls.flaky };
  });
  app.post('/api/v1/refused', async () => {
    calls.refused += 1;
    throw new PaymentRequiredError({ credits_required: 10, credits_current: 0, credits_shortfall: 10 });
  });
  app.post('/api/v1/big', async () => {
    calls.big += 1;
    return { blob: 'x'.repeat(4096) };
  });
  app.post('/api/v1/slow', async () => {
    markSlowStarted();
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    return { done: true };
  });
  app.post('/api/v1/webhook', { config: { idempotency: false } }, async () => {
    calls.webhook += 1;
    return { received: calls.webhook };
  });
}

describe('Idempotency-Key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ register: registerRoutes, idempotency: { maxStoredReplyBytes: 1024 } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    for (const name of Object.keys(calls) as Array<keyof typeof calls>) calls[name] = 0;
  });

  const api = injector(() => t.app);
  const send = (
    url: string,
    options: {
      key?: string;
      payload?: unknown;
      method?: 'POST' | 'PUT' | 'DELETE';
      headers?: Record<string, string>;
    } = {},
  ) =>
    api.send({
      method: options.method ?? 'POST',
      url,
      payload: options.payload as Record<string, unknown> | undefined,
      headers: {
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
        ...options.headers,
      },
    });

  it('runs a write without a key every time', async () => {
    await send('/api/v1/orders', { payload: { amount_credits: 5 } });
    const second = await send('/api/v1/orders', { payload: { amount_credits: 5 } });
    expect(second.json()).toEqual({ order_number: 2, amount_credits: 5 });
    expect(calls.orders).toBe(2);
  });

  it('replays the first reply to a true retry', async () => {
    const first = await send('/api/v1/orders', {
      key: 'order-1',
      payload: { amount_credits: 5, note: 'hi' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Same request, keys in another order.
    const retry = await send('/api/v1/orders', {
      key: 'order-1',
      payload: { note: 'hi', amount_credits: 5 },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.json()).toEqual(first.json());
    expect(calls.orders).toBe(1);
  });

  it('refuses the same key with a different body, route or method', async () => {
    await send('/api/v1/orders', { key: 'order-2', payload: { amount_credits: 5 } });
    const otherBody = await send('/api/v1/orders', { key: 'order-2', payload: { amount_credits: 6 } });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().code).toBe('idempotency_key_reused_with_different_payload');

    const otherRoute = await send('/api/v1/orders/o_1', { key: 'order-2', method: 'PUT' });
    expect(otherRoute.statusCode).toBe(409);
    expect(otherRoute.json().code).toBe('idempotency_key_reused_with_different_payload');
    expect(calls.orders).toBe(1);
  });

  it('tells path parameters apart', async () => {
    await send('/api/v1/orders/o_1', { key: 'put-1', method: 'PUT' });
    const other = await send('/api/v1/orders/o_2', { key: 'put-1', method: 'PUT' });
    expect(other.statusCode).toBe(409);
  });

  it('keeps every header for the handler', async () => {
    const res = await send('/api/v1/orders/o_9', {
      key: 'put-9',
      method: 'PUT',
      headers: { 'x-custom': 'kept' },
    });
    expect(res.json()).toMatchObject({ id: 'o_9', seen_header: 'kept' });
  });

  it('refuses a retry while the first request is still running', async () => {
    slowStarted = new Promise<void>((resolve) => {
      markSlowStarted = resolve;
    });
    const first = send('/api/v1/slow', { key: 'slow-1' });
    await slowStarted;

    const during = await send('/api/v1/slow', { key: 'slow-1' });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({
      code: 'request_in_progress',
      detail: 'A request with this Idempotency-Key is still being processed; retry shortly.',
    });
    expect(during.headers['retry-after']).toBe('1');

    releaseSlow?.();
    expect((await first).statusCode).toBe(200);
    const after = await send('/api/v1/slow', { key: 'slow-1' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual({ done: true });
  });

  it('forgets a 5xx so the client can retry', async () => {
    const first = await send('/api/v1/flaky', { key: 'flaky-1' });
    expect(first.statusCode).toBe(500);
    const retry = await send('/api/v1/flaky', { key: 'flaky-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ attempt: 2 });
    const again = await send('/api/v1/flaky', { key: 'flaky-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(calls.flaky).toBe(2);
  });

  it('replays a 4xx the handler gave', async () => {
    const first = await send('/api/v1/refused', { key: 'refused-1' });
    expect(first.statusCode).toBe(402);
    const retry = await send('/api/v1/refused', { key: 'refused-1' });
    expect(retry.statusCode).toBe(402);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(calls.refused).toBe(1);
  });

  it('does not record a request that failed validation', async () => {
    const invalid = await send('/api/v1/orders', { key: 'order-3', payload: { amount_credits: 0 } });
    expect(invalid.statusCode).toBe(422);
    const fixed = await send('/api/v1/orders', { key: 'order-3', payload: { amount_credits: 1 } });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays an empty reply', async () => {
    const first = await send('/api/v1/orders/o_5', { key: 'delete-1', method: 'DELETE' });
    expect(first.statusCode).toBe(204);
    const retry = await send('/api/v1/orders/o_5', { key: 'delete-1', method: 'DELETE' });
    expect(retry.statusCode).toBe(204);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe('');
    expect(calls.orders).toBe(1);
  });

  it('scopes keys by caller', async () => {
    const alice = await send('/api/v1/orders', {
      key: 'shared',
      payload: { amount_credits: 1 },
      headers: { 'x-test-caller': 'user:alice' },
    });
    const bob = await send('/api/v1/orders', {
      key: 'shared',
      payload: { amount_credits: 2 },
      headers: { 'x-test-caller': 'user:bob' },
    });
    expect(alice.statusCode).toBe(201);
    expect(bob.statusCode).toBe(201);
    expect(bob.headers['idempotent-replayed']).toBeUndefined();
    const rows = await t.db.client.query<{ caller_id: string }>(
      `SELECT caller_id FROM http_idempotency WHERE idempotency_key = 'shared' ORDER BY caller_id`,
    );
    expect(rows.rows.map((row) => row.caller_id)).toEqual(['user:alice', 'user:bob']);
  });

  it('uses "anonymous" when no caller is set', async () => {
    await send('/api/v1/orders', { key: 'anon-1', payload: { amount_credits: 1 } });
    const rows = await t.db.client.query<{ caller_id: string; completed: boolean; status_code: number }>(
      `SELECT caller_id, completed, status_code FROM http_idempotency WHERE idempotency_key = 'anon-1'`,
    );
    expect(rows.rows).toEqual([{ caller_id: 'anonymous', completed: true, status_code: 201 }]);
  });

  it('does not keep a reply above the size limit', async () => {
    const first = await send('/api/v1/big', { key: 'big-1' });
    expect(first.statusCode).toBe(200);
    const retry = await send('/api/v1/big', { key: 'big-1' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('idempotent_reply_not_stored');
    expect(calls.big).toBe(1);
  });

  it.each([
    ['too long', 'k'.repeat(201)],
    ['not printable', 'tab\there'],
  ])('refuses a key that is %s with 422', async (_case, key) => {
    const res = await send('/api/v1/orders', { key, payload: { amount_credits: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation_error',
      detail: [expect.objectContaining({ loc: ['header', 'idempotency-key'] })],
    });
    expect(calls.orders).toBe(0);
  });

  it('accepts a key of 200 printable characters', async () => {
    const res = await send('/api/v1/orders', { key: 'k'.repeat(199) + '~', payload: { amount_credits: 1 } });
    expect(res.statusCode).toBe(201);
  });

  it('leaves routes that opt out alone', async () => {
    await send('/api/v1/webhook', { key: 'hook-1' });
    const second = await send('/api/v1/webhook', { key: 'hook-1' });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.webhook).toBe(2);
  });

  it('lets a retry take over a claim whose request died', async () => {
    await t.db.client.query(
      `INSERT INTO http_idempotency (caller_id, idempotency_key, request_fingerprint, claim_token, created_at)
       VALUES ('anonymous', 'dead-1', 'whatever', 'gone', now() - interval '10 minutes')`,
    );
    const res = await send('/api/v1/orders', { key: 'dead-1', payload: { amount_credits: 3 } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('prunes expired keys', async () => {
    await send('/api/v1/orders', { key: 'old-1', payload: { amount_credits: 3 } });
    await t.db.client.query(
      `UPDATE http_idempotency SET created_at = now() - interval '2 days' WHERE idempotency_key = 'old-1'`,
    );
    const deleted = await pruneIdempotencyRecords({ sql: t.db.client, olderThanMs: 24 * 60 * 60 * 1000 });
    expect(deleted).toBe(1);
    const res = await send('/api/v1/orders', { key: 'old-1', payload: { amount_credits: 4 } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
