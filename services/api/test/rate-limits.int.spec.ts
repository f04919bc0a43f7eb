import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlRateLimitCounter } from '../src/http/rate-limit.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

const LIMITS = { windowSeconds: 600, authPerIp: 4, writesPerCaller: 5, writesPerIp: 40 };

for (const mode of runtimeModes()) {
  describe(`rate limits: ${mode.name}`, () => {
    let runtime: Runtime;
    let first: SignedIn;
    let second: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { rateLimits: LIMITS });
      // Each sign-in: 3 writes from this address, 1 verification, 1 write by the person.
      first = await signIn(runtime, 'first@example.com');
      second = await signIn(runtime, 'second@example.com');
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    const rename = (who: SignedIn) =>
      runtime.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/',
        headers: who.headers,
        payload: { first_name: 'Again', last_name: 'Person' },
      });
    const verify = (token: string) =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } });

    it('limits the writes of one person, with 429, Retry-After and the error shape', async () => {
      for (let write = 2; write <= LIMITS.writesPerCaller; write += 1)
        expect((await rename(first)).statusCode).toBe(200);
      const refused = await rename(first);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.windowSeconds);
      expect(refused.json()).toMatchObject({
        detail: 'Too many requests; try again later',
        code: 'rate_limited',
      });
      // Reads are not counted; another person from the same address still writes.
      expect(
        (await runtime.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: first.headers }))
          .statusCode,
      ).toBe(200);
      expect((await rename(second)).statusCode).toBe(200);
    });

    it('limits /auth/verify and /auth/refresh per client address', async () => {
      // Two verifications were used by the sign-ins above.
      expect((await verify('not-a-token-1')).statusCode).toBe(401);
      expect((await verify('not-a-token-2')).statusCode).toBe(401);
      const refused = await verify('not-a-token-3');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const refresh = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: second.session.refresh_token },
      });
      expect(refresh.statusCode).toBe(429);
      expect(refresh.json().code).toBe('rate_limited');
    });

    it('limits all writes of one client address, whoever makes them', async () => {
      let refusedAt = 0;
      for (let attempt = 1; attempt <= LIMITS.writesPerIp && refusedAt === 0; attempt += 1) {
        const reply = await runtime.app.inject({
          method: 'POST',
          url: '/api/v1/auth/magic-link',
          payload: { email: `visitor${attempt}@example.com` },
        });
        if (reply.statusCode === 429) refusedAt = attempt;
        else expect(reply.statusCode).toBe(200);
      }
      expect(refusedAt).toBeGreaterThan(0);
      // The second person is under their own limit but not under their address's.
      expect((await rename(second)).statusCode).toBe(429);
    });
  });
}

describe('the rate-limit counter is shared through the database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });

  const hit = (counter: SqlRateLimitCounter, key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      counter.hit(key, windowMs, (error, result) => (error ? reject(error) : resolve(result!))),
    );

  it('counts the hits of two API processes together, each hit once, in order', async () => {
    const processA = new SqlRateLimitCounter(db.client);
    const processB = new SqlRateLimitCounter(db.client);
    const together = await Promise.all([
      hit(processA, 'write:ip:10.0.0.1'),
      hit(processA, 'write:ip:10.0.0.1'),
      hit(processB, 'write:ip:10.0.0.1'),
      hit(processB, 'write:ip:10.0.0.2'),
    ]);
    expect(
      together
        .filter((_, index) => index < 3)
        .map((result) => result.current)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(together[3]!.current).toBe(1);
    expect((await hit(processB, 'write:ip:10.0.0.1')).current).toBe(4);
    const { ttl } = await hit(processA, 'write:ip:10.0.0.1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window once the old one has ended', async () => {
    const counter = new SqlRateLimitCounter(db.client);
    expect((await hit(counter, 'auth:ip:short', 50)).current).toBe(1);
    expect((await hit(counter, 'auth:ip:short', 50)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await hit(counter, 'auth:ip:short', 50)).current).toBe(1);
  });
});
