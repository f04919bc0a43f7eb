import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsoles } from '../src/app/consoles.js';
import { startTestApp, testConfig, type TestApp } from './helpers.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

/** The value of one series (`name{labels}`) in a Prometheus text exposition. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const mode of runtimeModes()) {
  describe(`GET /metrics: ${mode.name}`, () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { evaluationWorkerIntervalMs: 100 });
    });
    afterAll(async () => {
      await runtime?.stop();
    });
    const scrape = async () => {
      const reply = await runtime.app.inject({ method: 'GET', url: '/metrics' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return reply.body;
    };

    it('counts requests by route template, ledger batches, projections, consumers and worker runs', async () => {
      const ann = await signIn(runtime, 'ann@example.com');
      const id = '00000000-0000-4000-8000-000000000000';
      const missing = await runtime.app.inject({
        method: 'GET',
        url: `/api/v1/evaluations/${id}`,
        headers: ann.headers,
      });
      expect(missing.statusCode).toBe(404);
      await runtime.app.inject({ method: 'GET', url: `/api/v1/no-such-thing/${id}` });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const text = await scrape();

      expect(
        sample(
          text,
          'evalmarket_http_request_duration_seconds_count{method="GET",route="/api/v1/evaluations/:id",status_code="404"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'evalmarket_http_request_duration_seconds_count{method="PUT",route="/api/v1/profile/",status_code="200"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'evalmarket_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
        ),
      ).toBe(1);
      // Raw URLs never become labels.
      expect(text).not.toContain(id);

      expect(sample(text, 'evalmarket_ledger_batch_commands_count')).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'evalmarket_ledger_commit_duration_seconds_count{outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'evalmarket_ledger_queue_commands')).toBe(0);
      const head = await runtime.store.headPosition();
      expect(sample(text, 'evalmarket_projection_position{projection="wallet"}')).toBe(head);
      expect(sample(text, 'evalmarket_projection_lag_events{projection="domain"}')).toBe(0);
      expect(sample(text, 'evalmarket_projection_stuck{projection="domain"}')).toBe(0);
      expect(
        sample(text, 'evalmarket_job_runs_total{job="evaluation_worker",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'evalmarket_job_runs_total{job="payments_worker",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toContain('evalmarket_process_cpu_seconds_total');
      if (mode.name.startsWith('services')) {
        expect(sample(text, 'evalmarket_jetstream_consumer_pending{consumer="wallet"}')).toBe(0);
        expect(sample(text, 'evalmarket_jetstream_consumer_ack_pending{consumer="domain"}')).toBe(0);
      } else {
        expect(text).not.toContain('evalmarket_jetstream_consumer_pending{');
      }
    });
  });
}

describe('who may read /metrics, and server paths never answered with a console page', () => {
  let consoles: string;
  const apps: TestApp[] = [];
  const start = async (overrides: Parameters<typeof testConfig>[0]) => {
    const app = await startTestApp({
      config: testConfig(overrides),
      register: (api) => registerConsoles(api, { user: `${consoles}/user`, admin: `${consoles}/admin` }),
    });
    apps.push(app);
    return app.app;
  };
  beforeAll(async () => {
    consoles = await mkdtemp(path.join(tmpdir(), 'h-wedge-consoles-'));
    for (const which of ['user', 'admin']) {
      await mkdir(`${consoles}/${which}`);
      await writeFile(`${consoles}/${which}/index.html`, `<html>${which} console</html>`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await rm(consoles, { recursive: true, force: true });
  });

  it('asks for METRICS_TOKEN when one is set, and is off in production without one', async () => {
    const token = 't'.repeat(32);
    const guarded = await start({ metricsToken: token });
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`]) {
      const refused = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Not Found' });
    }
    const allowed = await guarded.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE evalmarket_http_request_duration_seconds histogram');

    const production = await start({ nodeEnv: 'production', devEndpoints: false });
    const off = await production.inject({ method: 'GET', url: '/metrics' });
    expect(off.statusCode).toBe(404);
    expect(off.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers unknown server paths with a JSON 404, and console paths with the console', async () => {
    const app = await start({});
    for (const url of ['/api', '/api/v1/nope', '/metrics/x', '/docs/nope', '/healthz/x', '/readyz/x']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).toMatch(/^application\/json/);
      expect(reply.json(), url).toMatchObject({ detail: 'Not Found' });
    }
    const page = await app.inject({ method: 'GET', url: '/wallet' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('user console');
    const adminPage = await app.inject({ method: 'GET', url: '/admin/users' });
    expect(adminPage.body).toContain('admin console');
  });
});
