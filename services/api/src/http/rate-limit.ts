import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { SqlExecutor } from '@evalmarket/db';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app/build-app.js';
import type { RateLimitSettings } from '../config/config.js';
import { TooManyRequestsError } from './errors.js';

/*
 * Request rate limits with @fastify/rate-limit, counted in the database (PostgreSQL or PGlite) so
 * every API process behind a load balancer shares one count: sign-in verification and token
 * refresh per client address, and every write per client address and per caller (the signed-in
 * person, or the API key an SDK sends). Over a limit: 429 in the API's error shape with
 * Retry-After. Stripe's webhooks are not counted (Stripe retries them and signs them).
 */

type Incremented = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: Incremented) => void;

interface PendingHit {
  key: string;
  windowMs: number;
  callback: StoreCallback;
}

/** Expired windows are swept at most this often per process. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed windows, one row per key. Hits that arrive together share one statement (one round trip
 * per batch, however many requests), which keeps the limiter off the hot path's bill.
 */
export class SqlRateLimitCounter {
  private pending: PendingHit[] = [];
  private scheduled = false;
  private lastSweepMs = 0;

  constructor(private readonly sql: SqlExecutor) {}

  hit(key: string, windowMs: number, callback: StoreCallback): void {
    this.pending.push({ key, windowMs, callback });
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of batch) {
      const hits = byKey.get(hit.key) ?? [];
      hits.push(hit);
      byKey.set(hit.key, hits);
    }
    try {
      const keys = [...byKey.keys()];
      const { rows } = await this.sql.query<{ key: string; hits: number | string; ttl_ms: number | string }>(
        `INSERT INTO rate_limit_hits AS h (key, hits, window_ends_at)
         SELECT t.key, t.n, now() + t.window_ms * interval '1 millisecond'
         FROM unnest($1::text[], $2::int[], $3::int[]) AS t(key, n, window_ms)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN h.window_ends_at <= now() THEN EXCLUDED.hits ELSE h.hits + EXCLUDED.hits END,
           window_ends_at = CASE WHEN h.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE h.window_ends_at END
         RETURNING h.key, h.hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (h.window_ends_at - now())) * 1000)) AS ttl_ms`,
        [keys, keys.map((key) => byKey.get(key)!.length), keys.map((key) => byKey.get(key)![0]!.windowMs)],
      );
      for (const row of rows) {
        const hits = byKey.get(row.key)!;
        const before = Number(row.hits) - hits.length;
        hits.forEach((hit, index) =>
          hit.callback(null, { current: before + index + 1, ttl: Number(row.ttl_ms) }),
        );
      }
    } catch (error) {
      for (const hit of batch) hit.callback(error as Error);
    }
    await this.sweep();
  }

  private async sweep(): Promise<void> {
    const nowMs = Date.now();
    if (nowMs - this.lastSweepMs < SWEEP_INTERVAL_MS) return;
    this.lastSweepMs = nowMs;
    await this.sql.query('DELETE FROM rate_limit_hits WHERE window_ends_at < now()').catch(() => undefined);
  }
}

/** The store class @fastify/rate-limit instantiates, over one shared counter. */
function storeOver(counter: SqlRateLimitCounter) {
  return class SqlRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      counter.hit(key, timeWindow, callback);
    }
    child(): SqlRateLimitStore {
      return this;
    }
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const AUTH_PATHS = new Set(['/api/v1/auth/verify', '/api/v1/auth/refresh']);
const UNCOUNTED_PATHS = new Set(['/api/v1/payments/webhook']);

/** Who is calling, when known before the route runs: the person, or a hash of the API key sent. */
function callerKey(request: FastifyRequest): string | undefined {
  if (request.userId) return `user:${request.userId}`;
  const authorization = request.headers.authorization;
  if (!authorization) return undefined;
  return `key:${createHash('sha256').update(authorization).digest('base64url').slice(0, 22)}`;
}

export async function registerRateLimits(
  app: App,
  options: { sql: SqlExecutor; limits: RateLimitSettings },
): Promise<void> {
  const { limits } = options;
  await app.register(fastifyRateLimit, {
    global: false,
    store: storeOver(new SqlRateLimitCounter(options.sql)),
    timeWindow: limits.windowSeconds * 1000,
  });
  const authPerIp = app.createRateLimit({
    max: limits.authPerIp,
    keyGenerator: (request) => `auth:ip:${request.ip}`,
  });
  const writesPerIp = app.createRateLimit({
    max: limits.writesPerIp,
    keyGenerator: (request) => `write:ip:${request.ip}`,
  });
  const writesPerCaller = app.createRateLimit({
    max: limits.writesPerCaller,
    keyGenerator: (request) => `write:${callerKey(request)}`,
  });

  // After authentication (onRequest), before the body is validated: refused bodies count too.
  app.addHook('preValidation', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    if (!path.startsWith('/api/') || UNCOUNTED_PATHS.has(path)) return;
    const checks = [writesPerIp];
    if (AUTH_PATHS.has(path)) checks.push(authPerIp);
    if (callerKey(request)) checks.push(writesPerCaller);
    // Side by side, so the hits of one request (and of its neighbours) share one upsert.
    for (const verdict of await Promise.all(checks.map((check) => check(request)))) {
      if (!verdict.isAllowed && verdict.isExceeded) {
        reply.header('ratelimit-limit', String(verdict.max));
        throw new TooManyRequestsError('Too many requests; try again later', {
          retryAfterSeconds: Math.max(1, verdict.ttlInSeconds),
          code: 'rate_limited',
        });
      }
    }
  });
}
