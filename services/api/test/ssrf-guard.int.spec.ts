import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedRequest,
  isForbiddenAddress,
  OutboundRequestRefused,
} from '../src/http/outbound/ssrf-guard.js';
import { startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { evaluationClient } from './support/evaluations.js';

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('SSRF guard', () => {
  let target: { server: Server; origin: string };
  let redirector: { server: Server; origin: string };

  beforeAll(async () => {
    target = await listen((_req, res) => res.end('secret internal page'));
    redirector = await listen((req, res) => {
      res.writeHead(302, { location: `${target.origin}/admin` });
      res.end();
    });
  });
  afterAll(async () => {
    target.server.close();
    redirector.server.close();
  });

  it('classifies special addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-ip',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  const refused = (url: string, allowedOrigins: string[] = []) =>
    expect(guardedRequest(url, { timeoutMs: 2_000, allowedOrigins })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    );

  it('refuses loopback, link-local and IPv6 loopback literals', async () => {
    await refused(`${target.origin}/`);
    await refused('http://169.254.169.254/latest/meta-data/');
    await refused('http://[::1]:80/');
    await refused('http://0x7f000001/');
  });

  it('refuses a name that resolves to a private address', async () => {
    const port = new URL(target.origin).port;
    await refused(`http://localhost:${port}/`);
  });

  it('refuses a redirect to a private address, even from an allow-listed origin', async () => {
    await refused(`${redirector.origin}/go`, [redirector.origin]);
  });

  it('allows exactly the allow-listed origin', async () => {
    const response = await guardedRequest(`${target.origin}/`, {
      timeoutMs: 2_000,
      allowedOrigins: [target.origin],
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('secret internal page');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    await refused('file:///etc/passwd');
    await refused('http://user:pass@example.com/');
  });

  it('answers the app URL check without reaching a private address', async () => {
    const runtime = await startTestRuntime(undefined, { outboundTimeoutMs: 2_000 });
    try {
      const api = evaluationClient(runtime);
      const owner = await signIn(runtime, 'ssrf-owner@example.com');
      const stranger = await signIn(runtime, 'ssrf-stranger@example.com');
      const created = await api.createEvaluation(owner.headers);
      const url = `/projects/${created.body.id}/validate-app-url`;
      for (const attempt of [
        `${target.origin}/`,
        'http://169.254.169.254/',
        'http://[::1]/',
        `${redirector.origin}/`,
      ]) {
        const reply = await api.call('POST', url, owner.headers, { url: attempt });
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ success: false, data: { accessible: false } });
      }
      expect((await api.call('POST', url, stranger.headers, { url: 'https://example.com' })).status).toBe(
        403,
      );
      expect((await api.call('POST', url, {}, { url: 'https://example.com' })).status).toBe(401);
      expect((await api.call('POST', url, owner.headers, { nope: 1 })).status).toBe(422);
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
