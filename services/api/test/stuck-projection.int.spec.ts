import { auditLedger, formatAuditReport } from '@evalmarket/projector';
import { allowFirstName, eventually, refuseFirstName } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

// The domain projection is made to throw the way PostgreSQL refuses a row it cannot hold (see
// refuseFirstName); allowFirstName is the deployed fix.
const STUCK_RETRY_MS = 400;

function metricValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const mode of runtimeModes()) {
  describe(`a projection that cannot apply an event: ${mode.name}`, () => {
    let runtime: TestRuntime;
    let ann: SignedIn;
    let boss: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, {
        projectionRetryAttempts: 2,
        projectionStuckRetryMs: STUCK_RETRY_MS,
      });
      ann = await signIn(runtime, 'ann@example.com');
      boss = await signIn(runtime, 'boss@example.com', { admin: true });
    });
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const rename = (who: SignedIn, first_name: string) =>
      api.send({
        method: 'PUT',
        url: '/api/v1/profile/',
        headers: who.headers,
        payload: { first_name, last_name: 'Person' },
      });
    const metrics = async () => (await api.send({ method: 'GET', url: '/metrics' })).body;

    it('stops at the event, says so everywhere, answers at once, and resumes after the fix', async () => {
      const ready = await api.send({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks).toMatchObject({ 'projection:domain': 'ok', 'projection:wallet': 'ok' });
      expect(metricValue(await metrics(), 'evalmarket_projection_stuck{projection="domain"}')).toBe(0);

      await refuseFirstName(runtime.sql);
      try {
        const started = Date.now();
        const refused = await rename(ann, 'Wedge');
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({ code: 'projection_stuck' });
        expect(refused.json().detail).toContain('domain read models are stopped');
        // The bounded retries (250 ms), not the 10 s read-your-writes timeout.
        expect(Date.now() - started).toBeLessThan(5_000);

        const notReady = await api.send({ method: 'GET', url: '/readyz' });
        expect(notReady.statusCode).toBe(503);
        const body = notReady.json();
        expect(body.status).toBe('unavailable');
        expect(body.checks['projection:wallet']).toBe('ok');
        expect(body.checks['projection:domain']).toMatch(
          /^stopped at position (\d+): event (\d+) \(\w+\) fails: .*refusing the first name Wedge/,
        );
        const domain = body.projections.find((p: { projection: string }) => p.projection === 'domain');
        expect(domain.stuck).toMatchObject({ failed_position: domain.position + 1 });
        expect(domain.lag).toBeGreaterThanOrEqual(1);

        const scraped = await metrics();
        expect(metricValue(scraped, 'evalmarket_projection_stuck{projection="domain"}')).toBe(1);
        expect(metricValue(scraped, 'evalmarket_projection_stuck{projection="wallet"}')).toBe(0);
        expect(metricValue(scraped, 'evalmarket_projection_lag_events{projection="domain"}')).toBe(
          domain.lag,
        );

        // Later writes that need the projection are told at once; reads that do not keep working.
        const asked = Date.now();
        const again = await rename(boss, 'Boss');
        expect(again.statusCode).toBe(503);
        expect(Date.now() - asked).toBeLessThan(1_000);
        const wallet = await api.send({ method: 'GET', url: '/api/v1/wallet/', headers: ann.headers });
        expect(wallet.statusCode).toBe(200);
        const profile = await api.send({ method: 'GET', url: '/api/v1/profile/', headers: ann.headers });
        expect(profile.statusCode).toBe(200);

        const audit = await auditLedger({ sql: runtime.sql, store: runtime.store });
        const text = formatAuditReport(audit);
        expect(audit.ok).toBe(false);
        expect(text).toMatch(
          /FAIL {2}6\. Every projection runs and keeps up with the log: 1 of 2 projection\(s\) stopped or behind/,
        );
        expect(text).toMatch(
          /- Projection domain is stopped at position \d+: event \d+ \(\w+\) fails: .*Wedge; \d+ event\(s\) behind the head/,
        );
        const finance = await api.send({
          method: 'GET',
          url: '/api/v1/admin/finance/audit',
          headers: boss.headers,
        });
        expect(finance.statusCode).toBe(200);
        const check = finance.json().checks.find((c: { name: string }) => c.name === 'projections_running');
        expect(check.ok).toBe(false);
        expect(check.failures[0]).toContain('Projection domain is stopped');
      } finally {
        await allowFirstName(runtime.sql);
      }

      // The fix is in: the next retry (every STUCK_RETRY_MS) goes through and everything clears.
      const recovered = await eventually(
        () => api.send({ method: 'GET', url: '/readyz' }),
        (reply) => reply.statusCode === 200,
      );
      expect(recovered.statusCode).toBe(200);
      expect(recovered.json().checks['projection:domain']).toBe('ok');
      expect(metricValue(await metrics(), 'evalmarket_projection_stuck{projection="domain"}')).toBe(0);
      const profile = await api.send({ method: 'GET', url: '/api/v1/profile/', headers: ann.headers });
      expect(profile.json()).toMatchObject({ first_name: 'Wedge' });
      expect((await rename(boss, 'Boss')).statusCode).toBe(200);
      const audit = await auditLedger({ sql: runtime.sql, store: runtime.store });
      expect(audit.ok, formatAuditReport(audit)).toBe(true);
    });
  });
}
