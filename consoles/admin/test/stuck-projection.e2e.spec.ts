import {
  allowFirstName,
  createTestDatabase,
  eventually,
  refuseFirstName,
  type TestDatabase,
} from '@evalmarket/testkit';
import {
  keepScreenshot,
  launchBrowser,
  mailboxLink,
  startApiProcess,
  type ApiProcess,
} from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './support/scene';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const ADMIN = 'boss@example.com';

// The domain projection is made to throw the way PostgreSQL refuses a row it cannot hold (see
// refuseFirstName); allowFirstName is the deployed fix. That needs the API's database from outside
// its process, so this runs where PostgreSQL is (DATABASE_URL).
describe.skipIf(!process.env.DATABASE_URL)('staff console: a stopped projection (browser, real API)', () => {
  let db: TestDatabase;
  let api: ApiProcess;
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    [api, browser] = await Promise.all([
      startApiProcess({
        env: {
          ADMIN_EMAILS: ADMIN,
          DATABASE_URL: db.url!,
          PROJECTION_RETRY_ATTEMPTS: '2',
          PROJECTION_STUCK_RETRY_MS: '500',
        },
      }),
      launchBrowser(),
    ]);
    admin = await (
      await browser.newContext({ viewport: { width: 1400, height: 1200 }, baseURL: api.baseUrl })
    ).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await db?.drop();
  });

  it('shows which projection stopped at which event and why, and that it runs again after the fix', async () => {
    // Both sign in while all is well (a first sign-in registers, which needs the projection).
    const ann = await apiSession(api, 'ann@example.com');
    await admin.goto('/admin/');
    await admin.getByLabel('Email').fill(ADMIN);
    await admin.getByRole('button', { name: 'Send Magic Link' }).click();
    const link = await mailboxLink(api.baseUrl, ADMIN, '/auth/callback');
    const token = new URL(link).searchParams.get('token')!;
    await admin.goto(`/admin/#/auth-callback?token=${encodeURIComponent(token)}`);
    await admin.getByText('All checks pass').waitFor();
    await admin.getByText('All running').waitFor();

    await refuseFirstName(db.client);
    await expect(
      ann.call('/api/v1/profile/', { method: 'PUT', body: { first_name: 'Wedge', last_name: 'Lee' } }),
    ).rejects.toThrow(/503 .*projection_stuck/);

    await admin.reload();
    await admin.getByText('Projection stopped or behind').waitFor();
    await admin.getByText('1 stopped').waitFor();
    const alert = admin.getByRole('alert').filter({ hasText: 'Projection domain is stopped at position' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Projection domain is stopped at position \d+: event \d+ \(\w+\) fails: .*refusing the first name Wedge/,
    );
    const row = admin
      .getByRole('table', { name: 'Projections' })
      .getByRole('row')
      .filter({ hasText: 'domain' });
    await row.getByText('stopped').waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'projection-stopped');

    await allowFirstName(db.client);
    const ready = await eventually(
      () => fetch(`${api.baseUrl}/readyz`),
      (reply) => reply.ok,
    );
    expect(ready.status).toBe(200);
    await admin.reload();
    await admin.getByText('All running').waitFor();
    await admin.getByText('All checks pass').waitFor();
    await expect(admin.getByRole('alert').filter({ hasText: 'is stopped' }).count()).resolves.toBe(0);
    await keepScreenshot(admin, ARTIFACTS, 'projection-running');
  });
});
