import { Writable } from 'node:stream';
import { ZErrorReply } from '@evalmarket/contracts';
import { ProjectionLagError } from '@evalmarket/projector';
import { createTestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../src/app/logger.js';
import type { App } from '../src/app/build-app.js';
import {
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  TooManyRequestsError,
  ValidationError,
} from '../src/http/errors.js';
import { startTestApp, testConfig, type TestApp } from './helpers.js';
import { injector } from './support/inject.js';

const ZCreateThing = z.object({
  amount_credits: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  note: z.string().max(20).optional(),
  items: z.array(z.object({ name: z.string() })).optional(),
});

const logLines: Array<Record<string, unknown>> = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    done();
  },
});

async function registerTestRoutes(app: App): Promise<void> {
  app.post(
    '/api/v1/things',
    {
      schema: {
        summary: 'Create a thing (test route)',
        body: ZCreateThing,
        response: { 201: z.object({ amount_credits: z.number().int() }), 422: ZErrorReply },
      },
    },
    async (request, reply) => {
      request.log.info({ headers: request.headers }, 'creating a thing');
      return reply.code(201).send({ amount_credits: request.body.amount_credits });
    },
  );
  app.get(
    '/api/v1/things/:id',
    { schema: { params: z.object({ id: z.string().regex(/^t_\d+$/) }) } },
    async () => {
      throw new NotFoundError('Thing not found');
    },
  );
  app.delete('/api/v1/things/:id', async (_request, reply) => reply.code(204).send());
  app.post('/api/v1/manual-check', async (request) => {
    const parsed = ZCreateThing.safeParse(request.body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, 'body');
    return { ok: true };
  });
  app.get('/api/v1/boom', async () => {
    throw new Error('connection to db:5432 failed for password hunter2');
  });
  app.get(
    '/api/v1/wrong-shape',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    async () => {
      return { id: 42 } as unknown as { id: string };
    },
  );
  app.post('/api/v1/spend', async () => {
    throw new PaymentRequiredError({ credits_required: 500, credits_current: 120, credits_shortfall: 380 });
  });
  app.post('/api/v1/clash', async () => {
    throw new ConflictError('Already exists');
  });
  app.get('/api/v1/behind', async () => {
    throw new ProjectionLagError('Projector domain did not reach position 9 within 10000 ms');
  });
  app.get('/api/v1/limited', async () => {
    throw new TooManyRequestsError(undefined, { retryAfterSeconds: 30 });
  });
}

describe('HTTP framework', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      config: testConfig({ bodyLimitBytes: 1024, logLevel: 'info' }),
      logger: createLogger({ level: 'info', destination: logSink }),
      register: registerTestRoutes,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = injector(() => t.app);
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.send({ method: 'POST', url, payload: payload as string, headers });

  describe('health', () => {
    it('GET /healthz says the process is alive', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz checks the database', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    });
  });

  describe('OpenAPI', () => {
    it('serves the document at /docs/json with registered routes', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      const create = doc.paths['/api/v1/things'].post;
      expect(create.summary).toBe('Create a thing (test route)');
      expect(create.requestBody.content['application/json'].schema.required).toEqual(['amount_credits']);
      expect(create.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
        ]),
      );
      expect(doc.paths['/readyz'].get.responses['503']).toBeDefined();
      expect(Object.keys(doc.paths).some((path) => path.startsWith('/docs'))).toBe(false);
    });

    it('serves the docs page at /docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    });
  });

  describe('validation errors', () => {
    it('accepts a valid body', async () => {
      const res = await post('/api/v1/things', { amount_credits: 5 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ amount_credits: 5 });
    });

    it('names a missing field', async () => {
      const res = await post('/api/v1/things', {});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'validation_error',
        detail: [{ loc: ['body', 'amount_credits'], msg: 'Field required', type: 'missing' }],
      });
    });

    it('names every field of the wrong type', async () => {
      const res = await post('/api/v1/things', { amount_credits: '5', note: 7 });
      expect(res.statusCode).toBe(422);
      const { detail } = res.json();
      expect(detail).toEqual([
        {
          loc: ['body', 'amount_credits'],
          msg: expect.stringContaining('expected number'),
          type: 'invalid_type',
        },
        { loc: ['body', 'note'], msg: expect.stringContaining('expected string'), type: 'invalid_type' },
      ]);
    });

    it('refuses a number beyond Number.MAX_SAFE_INTEGER', async () => {
      const res = await post('/api/v1/things', '{"amount_credits": 9007199254740993}', {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(422);
      const { detail } = res.json();
      expect(detail.length).toBeGreaterThan(0);
      for (const issue of detail)
        expect(issue).toEqual(expect.objectContaining({ loc: ['body', 'amount_credits'] }));
    });

    it('refuses a fractional number where an integer goes', async () => {
      const res = await post('/api/v1/things', { amount_credits: 1.5 });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'amount_credits'] })]);
    });

    it('gives array indexes as numbers in the path', async () => {
      const res = await post('/api/v1/things', {
        amount_credits: 1,
        items: [{ name: 'a' }, { name: 3 }, {}],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'items', 1, 'name'], type: 'invalid_type' }),
        { loc: ['body', 'items', 2, 'name'], msg: 'Field required', type: 'missing' },
      ]);
    });

    it('says "body" when the body is missing altogether', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/things' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
    });

    it('maps a schema checked by hand with ValidationError.fromZod', async () => {
      const res = await post('/api/v1/manual-check', { amount_credits: 1, items: [{ name: 1 }] });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'items', 0, 'name'] })]);
    });

    it('names a bad path parameter', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/things/nope' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['path', 'id'] })]);
    });
  });

  describe('unreadable requests', () => {
    it('answers malformed JSON with 400', async () => {
      const res = await post('/api/v1/things', '{"amount_credits": 1', {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'malformed_json' });
    });

    it('treats an empty JSON body as no body', async () => {
      const res = await post('/api/v1/things', '', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/things/t_1',
        headers: { 'content-type': 'application/json' },
      });
      expect(deleted.statusCode).toBe(204);
    });

    it('answers a body that is not JSON with 415', async () => {
      const res = await post('/api/v1/things', 'amount_credits=1', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        detail: 'Content-Type "application/x-www-form-urlencoded" is not supported; send application/json.',
        code: 'unsupported_media_type',
      });
      const plain = await post('/api/v1/things', 'hello', { 'content-type': 'text/plain' });
      expect(plain.statusCode).toBe(415);
    });

    it('answers an oversize body with 413', async () => {
      const res = await post('/api/v1/things', { amount_credits: 1, note: 'x'.repeat(2000) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'The request body is larger than the limit of 1024 bytes.',
        code: 'payload_too_large',
      });
    });

    it('answers an unknown route with 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    });
  });

  describe('application errors', () => {
    it('maps NotFoundError to 404 with its detail', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/things/t_1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Thing not found', code: 'not_found' });
    });

    it('puts the 402 numbers in detail', async () => {
      const res = await post('/api/v1/spend', {});
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        code: 'insufficient_credits',
        detail: {
          message: 'Insufficient credits',
          credits_required: 500,
          credits_current: 120,
          credits_shortfall: 380,
        },
      });
    });

    it('maps ConflictError to 409 and TooManyRequestsError to 429 with Retry-After', async () => {
      const conflict = await post('/api/v1/clash', {});
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ detail: 'Already exists', code: 'conflict' });
      const limited = await t.app.inject({ method: 'GET', url: '/api/v1/limited' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('30');
      expect(limited.json().code).toBe('too_many_requests');
    });

    it('answers 503 with Retry-After when a read model is behind, not a 500', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/behind' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        detail: 'The service is catching up; try again in a moment.',
        code: 'read_models_behind',
      });
    });

    it('hides an unexpected error behind a 500 with the request id, and logs it', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/boom',
        headers: { 'x-request-id': 'trace-boom-1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        detail: 'Internal Server Error',
        code: 'internal_error',
        request_id: 'trace-boom-1',
      });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('at ');
      const logged = logLines.find((line) => line.request_id === 'trace-boom-1' && line.level === 50);
      expect(JSON.stringify(logged)).toContain('hunter2');
    });

    it('treats a reply that breaks its schema as our fault', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/wrong-shape' });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('internal_error');
    });
  });

  describe('request ids and logs', () => {
    it('echoes a sane x-request-id and replaces an insane one', async () => {
      const kept = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'lb-abc-123' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-abc-123');
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\twith spaces' },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('never logs the authorization header', async () => {
      const res = await post(
        '/api/v1/things',
        { amount_credits: 2 },
        { authorization: 'Bearer very-secret-token', 'x-request-id': 'trace-auth-1' },
      );
      expect(res.statusCode).toBe(201);
      const lines = logLines.filter((line) => line.request_id === 'trace-auth-1');
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.stringify(lines)).not.toContain('very-secret-token');
      expect(JSON.stringify(lines)).toContain('[Redacted]');
    });
  });
});

describe('readiness', () => {
  it('fails with the failing check names when the database is gone', async () => {
    const db = await createTestDatabase();
    const t = await startTestApp({
      db,
      readinessChecks: {
        event_bus: async () => undefined,
        projector: async () => Promise.reject(new Error('lagging')),
      },
    });
    try {
      const before = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', event_bus: 'ok', projector: 'failed' },
      });

      t.app.addReadinessCheck('projector', async () => undefined);
      await db.drop();
      const after = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(503);
      expect(after.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', event_bus: 'ok', projector: 'ok' },
      });
      const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
