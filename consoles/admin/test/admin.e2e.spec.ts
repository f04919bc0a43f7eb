import { readFile } from 'node:fs/promises';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSession,
  applyByIndeed,
  buyCredits,
  signInToken,
  signInToUserConsole,
  type Call,
} from './support/scene';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const ADMIN = 'boss@example.com';
const ACCESS_DENIED = 'Access denied. Platform admin privileges required.';

describe('staff console (browser, real API)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let admin: Page;
  let ada: { user: { id: string }; call: Call };
  let bob: { user: { id: string }; call: Call };

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess({ env: { ADMIN_EMAILS: ADMIN } }), launchBrowser()]);
    ada = await apiSession(api, 'ada@example.com', { first_name: 'Ada', last_name: 'Lovelace' });
    bob = await apiSession(api, 'bob@example.com', { first_name: 'Bob', last_name: 'Builder' });
    await applyByIndeed(ada, 'ada');
    await applyByIndeed(bob, 'bob');
    await ada.call('/api/v1/dev/grant-credits', { body: { amount_credits: 10_000 } });
    await buyCredits(ada, 50);
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      baseURL: api.baseUrl,
      acceptDownloads: true,
    });
    admin = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('refuses a signed-in person who is not an admin with the spec message', async () => {
    const page = await (await browser.newContext({ baseURL: api.baseUrl })).newPage();
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    expect(page.url()).toContain('#/login');
    const token = await signInToken(api, 'plain@example.com');
    await page.getByLabel('Sign-in link or token').fill(`${api.baseUrl}/auth/callback?token=${token}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText(ACCESS_DENIED).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'login-refused');
    // Nothing is kept: a reload still shows the sign-in page.
    await page.reload();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();

    // The same refusal through the console's auth-callback route.
    const viaCallback = await signInToken(api, 'plain3@example.com');
    await page.goto(`/admin/#/auth-callback?token=${encodeURIComponent(viaCallback)}`);
    await page.getByText(ACCESS_DENIED).first().waitFor();

    // The API says the same to a non-admin's token.
    const person = await apiSession(api, 'plain2@example.com');
    const reply = await fetch(`${api.baseUrl}/api/v1/admin/users`, {
      headers: { authorization: `Bearer ${person.access_token}` },
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ detail: ACCESS_DENIED });
  });

  it('is served built by the API at /admin', async () => {
    for (const path of ['/admin', '/admin/']) {
      const reply = await fetch(`${api.baseUrl}${path}`);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain('/admin/assets/');
    }
  });

  it('signs an admin in by magic link and shows the finance dashboard', async () => {
    await admin.goto('/admin/');
    await admin.getByLabel('Email').fill(ADMIN);
    await admin.getByRole('button', { name: 'Send Magic Link' }).click();
    await admin.getByText('Magic link sent! Check your email to sign in.').waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'login');
    const { mailboxLink } = await import('@evalmarket/testkit/e2e');
    const link = await mailboxLink(api.baseUrl, ADMIN, '/auth/callback');
    const token = new URL(link).searchParams.get('token')!;
    await admin.goto(`/admin/#/auth-callback?token=${encodeURIComponent(token)}`);
    await admin.getByText('Ledger invariants').waitFor();
    await admin.getByText('All checks pass').waitFor();
    await admin.getByText('Platform fee revenue').waitFor();
    await admin.getByText('Credits outstanding per account kind').waitFor();
    await admin.getByText('Purchases reconciled with Stripe').waitFor();
    await admin.getByText('1 purchases, $50.00, 50,000 credits').waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'dashboard');
  });

  it('approves a pending application, and the evaluator is verified for that person', async () => {
    await admin.goto('/admin/#/evaluator-applications');
    await expect(admin.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const row = admin.getByRole('row').filter({ hasText: 'ada@example.com' });
    await row.waitFor();
    await expect(row.getByText('pending').isVisible()).resolves.toBe(true);
    await keepScreenshot(admin, ARTIFACTS, 'applications-pending');

    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Application details' });
    await dialog.getByText('https://www.indeed.com/r/ada').waitFor();
    await dialog.getByText('Ada Lovelace').waitFor();
    await dialog.getByRole('combobox', { name: 'Qualification tier' }).click();
    await admin.getByRole('option', { name: 'Expert' }).click();
    await keepScreenshot(admin, ARTIFACTS, 'application-details');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByText('Application approved').waitFor();

    const status = await ada.call<{ evaluator_status: string; qualification_tier: string }>(
      '/api/v1/evaluator/status',
    );
    expect(status).toMatchObject({ evaluator_status: 'verified', qualification_tier: 'expert' });

    // The user console agrees: Ada signs in there at / with her emailed link. Her home page hides
    // the status banner of a verified evaluator with under 10,000 earning credits (she has none),
    // and, approved as an expert, she is not asked whether the Expert tier interests her.
    const home = await (await browser.newContext({ baseURL: api.baseUrl })).newPage();
    await signInToUserConsole(home, api, 'ada@example.com');
    await home.getByRole('heading', { name: 'Human evaluations of AI apps' }).waitFor();
    await home.waitForLoadState('networkidle');
    await expect(home.getByRole('region', { name: 'Expert tier interest' }).count()).resolves.toBe(0);
    await expect(home.getByRole('region', { name: 'Evaluator status' }).count()).resolves.toBe(0);
    // With earnings (an admin adjustment of 12,500 earning credits = $12.50) it shows her verified.
    const staff = await apiSession(api, ADMIN);
    await staff.call('/api/v1/admin/adjustments', {
      body: {
        user_id: ada.user.id,
        context: 'earning',
        amount_credits: 12_500,
        reason: 'Test: earnings so the verified banner shows',
      },
    });
    await home.reload();
    const banner = home.getByRole('region', { name: 'Evaluator status' });
    await banner.waitFor();
    await expect(banner.getByText('Verified', { exact: true }).getAttribute('class')).resolves.toBe(
      'badge badge-green',
    );
    await expect(
      banner.getByText('You are a verified evaluator. Earning balance: $12.50').isVisible(),
    ).resolves.toBe(true);
    await expect(banner.getByRole('link', { name: 'Cash Out' }).getAttribute('href')).resolves.toBe(
      '/evaluator/cashout',
    );
    await expect(banner.getByText(/under review|Apply Now|not approved/).count()).resolves.toBe(0);
    await keepScreenshot(home, ARTIFACTS, 'user-console-verified-banner');
    await home.context().close();

    await admin.getByRole('tab', { name: 'Verified' }).click();
    await admin.getByRole('row').filter({ hasText: 'ada@example.com' }).getByText('verified').waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'applications-verified');
  });

  it('rejects only with a reason of at least 10 characters', async () => {
    await admin.getByRole('tab', { name: 'Pending' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'bob@example.com' });
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Application details' });
    await dialog.getByLabel('Rejection reason').fill('too short');
    await dialog.getByText('Rejection reason must be at least 10 characters').waitFor();
    await expect(dialog.getByRole('button', { name: 'Reject' }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Rejection reason').fill('The Indeed resume does not show evaluation work.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    const status = await bob.call<{ evaluator_status: string }>('/api/v1/evaluator/status');
    expect(status.evaluator_status).toBe('rejected');
    await admin.getByRole('tab', { name: 'Rejected' }).click();
    await admin.getByRole('row').filter({ hasText: 'bob@example.com' }).waitFor();
    await admin.getByRole('tab', { name: 'All' }).click();
    await admin.getByRole('row').filter({ hasText: 'ada@example.com' }).waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'applications-all');
  });

  it('adjusts credits with a reason: the person sees it and the event log records it', async () => {
    await admin.goto('/admin/#/users');
    const row = admin.getByRole('row').filter({ hasText: 'ada@example.com' });
    await row.waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'users');
    await row.getByRole('link', { name: 'Adjust credits' }).click();
    await admin.getByLabel('Amount (credits)').fill('2500');
    await admin.getByLabel('Reason').fill('Goodwill credit for support ticket 42');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Adjustment recorded').waitFor();
    await admin.getByRole('cell', { name: 'Goodwill credit for support ticket 42' }).waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'adjustments');

    const reply = await ada.call<unknown>('/api/v1/wallet/transactions?context=spending&limit=20');
    const list = (
      Array.isArray(reply) ? reply : (reply as { transactions: unknown[] }).transactions
    ) as Array<{
      amount: number;
      type: string;
    }>;
    expect(list.some((item) => item.amount === 2500 && item.type === 'credit')).toBe(true);

    await admin.goto(
      `/admin/#/events?filter=${encodeURIComponent(JSON.stringify({ type: 'CreditsAdjusted' }))}`,
    );
    const eventRow = admin
      .getByRole('row')
      .filter({ hasText: `user-${ada.user.id}` })
      .first();
    await admin.getByRole('cell', { name: 'CreditsAdjusted' }).first().waitFor();
    const rows = admin.getByRole('row').filter({ hasText: 'CreditsAdjusted' });
    await rows.first().click();
    await admin.getByText('Goodwill credit for support ticket 42').first().waitFor();
    await admin
      .getByText(/^hash: [0-9a-f]{16,}/)
      .first()
      .waitFor();
    await admin.getByLabel('Postings').first().waitFor();
    void eventRow;
    await admin.waitForTimeout(500); // the expand animation
    await keepScreenshot(admin, ARTIFACTS, 'events');

    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export NDJSON' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; payload: { reason?: string } });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((event) => event.type === 'CreditsAdjusted')).toBe(true);
    expect(lines.some((event) => event.payload.reason === 'Goodwill credit for support ticket 42')).toBe(
      true,
    );

    const csvDownload = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^global_position,event_id,stream_id/);
    expect(csv).toContain('Goodwill credit for support ticket 42');
  });

  it('shows a person with their transactions, and grants and revokes admin', async () => {
    await admin.goto('/admin/#/users');
    const row = admin.getByRole('row').filter({ hasText: 'bob@example.com' });
    await row.getByRole('button', { name: 'Grant admin bob@example.com' }).click();
    await row.getByRole('button', { name: 'Revoke admin bob@example.com' }).waitFor();
    await row.getByRole('button', { name: 'Revoke admin bob@example.com' }).click();
    await row.getByRole('button', { name: 'Grant admin bob@example.com' }).waitFor();
    const events = await fetch(
      `${api.baseUrl}/api/v1/admin/events?filter=${encodeURIComponent(JSON.stringify({ stream_id: `user-${bob.user.id}` }))}`,
      { headers: { authorization: `Bearer ${(await apiSession(api, ADMIN)).access_token}` } },
    );
    const types = ((await events.json()) as Array<{ type: string }>).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['AdminRoleGranted', 'AdminRoleRevoked']));

    // A disabled person cannot sign in; enabling restores access.
    const plain = admin.getByRole('row').filter({ hasText: 'plain@example.com' });
    await plain.getByRole('button', { name: 'Disable plain@example.com' }).click();
    await plain.getByRole('button', { name: 'Enable plain@example.com' }).waitFor();
    const refused = await fetch(`${api.baseUrl}/api/v1/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await signInToken(api, 'plain@example.com') }),
    });
    expect(refused.ok).toBe(false);
    await plain.getByRole('button', { name: 'Enable plain@example.com' }).click();
    await plain.getByRole('button', { name: 'Disable plain@example.com' }).waitFor();

    await admin
      .getByRole('row')
      .filter({ hasText: 'ada@example.com' })
      .getByText('Ada', { exact: true })
      .click();
    await admin.getByText('Goodwill credit for support ticket 42').first().waitFor();
    await keepScreenshot(admin, ARTIFACTS, 'user-show');
  });

  it('lists transactions, purchases, refunds, cash-outs, invoices and evaluations', async () => {
    for (const [path, name, text] of [
      ['transactions', 'transactions', 'Goodwill credit for support ticket 42'],
      ['purchases', 'purchases', '$50.00'],
      ['refunds', 'refunds', null],
      ['cashouts', 'cashouts', null],
      ['invoices', 'invoices', 'INV-000001'],
      ['evaluations', 'evaluations', null],
    ] as const) {
      await admin.goto(`/admin/#/${path}`);
      await admin.locator('.RaList-main, .RaList-noResults, [class*="RaEmpty"]').first().waitFor();
      if (text) await admin.getByText(text).first().waitFor();
      await expect(admin.getByText('Not authenticated').count()).resolves.toBe(0);
      await keepScreenshot(admin, ARTIFACTS, name);
    }
  });
});
