import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pageKindOf } from '../src/app/security-headers.js';
import { startTestApp, testConfig, type TestApp } from './helpers.js';
import { startTestRuntime } from './support/runtime.js';

type Runtime = Awaited<ReturnType<typeof startTestRuntime>>;

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('the Content-Security-Policy of each page', () => {
  it('lets the JSON API load nothing and be framed by nobody', () => {
    expect(pageKindOf('/api/v1/profile/?x=1')).toBe('api');
    expect(contentSecurityPolicy('api')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('adds Stripe.js to the user console in stripe mode, and only there', () => {
    const stripe = contentSecurityPolicy('user', { mode: 'stripe' });
    expect(directive(stripe, 'script-src')).toBe(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive(stripe, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(stripe, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    for (const page of ['admin', 'docs'] as const) {
      const policy = contentSecurityPolicy(page, { mode: 'stripe' });
      expect(policy).not.toContain('stripe');
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    }
  });

  it('lets the user console reach the loopback payments double in local mode', () => {
    const local = contentSecurityPolicy('user', { mode: 'local', apiBase: 'http://127.0.0.1:4242/' });
    expect(directive(local, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4242");
    expect(directive(local, 'script-src')).toBe("script-src 'self'");
    expect(directive(local, 'frame-src')).toBe("frame-src 'none'");
  });
});

describe('security headers on /, /admin, /docs and the API (embedded default, local payments)', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  }, 60_000);
  afterAll(async () => {
    await runtime?.stop();
  });

  it.each(['/', '/admin', '/docs', '/evaluations/create', '/api/v1/payments/config', '/healthz'])(
    '%s carries the headers',
    async (url) => {
      const reply = await runtime.app.inject({ method: 'GET', url });
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      const policy = String(reply.headers['content-security-policy']);
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      if (pageKindOf(url) !== 'user') expect(policy).toBe(contentSecurityPolicy(pageKindOf(url)));
      // Served over plain http with no proxy in front: no HSTS.
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it("names the payments double's origin in the user console's policy", async () => {
    const config = (await runtime.app.inject({ method: 'GET', url: '/api/v1/payments/config' })).json();
    expect(config.mode).toBe('local');
    const reply = await runtime.app.inject({ method: 'GET', url: '/wallet/purchase' });
    const policy = String(reply.headers['content-security-policy']);
    expect(directive(policy, 'connect-src')).toBe(`connect-src 'self' ${new URL(config.api_base).origin}`);
  });
});

describe('HSTS behind https and CORS from configuration', () => {
  let behindProxy: TestApp;
  let httpsPublic: TestApp;
  beforeAll(async () => {
    behindProxy = await startTestApp({
      config: testConfig({ trustProxyHops: 1, corsOrigins: ['https://console.example.com'] }),
    });
    httpsPublic = await startTestApp({ config: testConfig({ publicUrl: 'https://evalmarket.example.com' }) });
  }, 60_000);
  afterAll(async () => {
    await behindProxy?.close();
    await httpsPublic?.close();
  });

  it('sends HSTS when a trusted proxy says https or PUBLIC_URL is https, not for an untrusted claim', async () => {
    const viaProxy = await behindProxy.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await behindProxy.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await httpsPublic.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
    // TRUST_PROXY=0 (the default): a client's own X-Forwarded-Proto is not believed.
    const untrusted = await startTestApp({ db: undefined });
    try {
      const claimed = await untrusted.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
    }
  }, 60_000);

  it('answers CORS for a listed origin only; same origin needs none', async () => {
    const preflight = (origin: string) =>
      behindProxy.app.inject({
        method: 'OPTIONS',
        url: '/readyz',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('https://console.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://console.example.com');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const other = await preflight('https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await behindProxy.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const listed = await behindProxy.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://console.example.com' },
    });
    expect(listed.headers['access-control-allow-origin']).toBe('https://console.example.com');
    expect(String(listed.headers['access-control-expose-headers'])).toContain('content-range');
  });

  it('sends no CORS headers by default (CORS_ORIGINS empty)', async () => {
    const reply = await httpsPublic.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://console.example.com' },
    });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});
