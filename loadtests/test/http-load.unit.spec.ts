import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoute } from '../src/read-bench/http-load.js';

describe('loadRoute', () => {
  let server: http.Server;
  let origin: string;
  let served = 0;
  beforeAll(async () => {
    server = http.createServer((request, reply) => {
      served += 1;
      reply.statusCode = request.url === '/missing' ? 404 : 200;
      reply.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads for the warm-up first and times only the requests after it', async () => {
    served = 0;
    const started = performance.now();
    const figures = await loadRoute(origin, '/ok', {}, 0.3, 4, 0.3);
    // Neither phase ends before its time, however fast the server answers.
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    expect(figures.errors).toBe(0);
    expect(figures.requests).toBeGreaterThan(0);
    // The warm-up's requests (at least one per connection) reached the server but are not timed.
    expect(served - figures.requests).toBeGreaterThanOrEqual(4);
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
  });

  it('asks at least once per connection even with no time to run, and counts a non-2xx as an error', async () => {
    served = 0;
    const figures = await loadRoute(origin, '/missing', {}, 0, 3, 0);
    expect(served).toBe(6);
    expect(figures.requests).toBe(3);
    expect(figures.errors).toBe(3);
    expect(figures.firstError).toBe('404 {}');
  });
});
