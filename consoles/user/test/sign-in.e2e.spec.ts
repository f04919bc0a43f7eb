import { keepScreenshot, mailboxLink } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('sign-in, header and session (browser)', () => {
  const suite = useBrowserSuite({ viewport: { width: 1280, height: 800 } });
  const { newPage } = suite;

  it('signs a new person in by magic link and shows the account menu', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Sign in / Sign up' }).isVisible()).resolves.toBe(true);
    await expect(
      dialog
        .getByText(
          "We'll email you a magic link for a password-free sign in. New users will be automatically registered.",
        )
        .isVisible(),
    ).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByText('Please enter your email').waitFor();

    await dialog.getByLabel('Email').fill('  ada.l@example.com ');
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByText('Magic link sent! Check your email to sign in.').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'sign-in-modal');

    const link = await mailboxLink(suite.api.baseUrl, 'ada.l@example.com', '/auth/callback');
    expect(new URL(link).origin).toBe(suite.api.baseUrl);
    await page.goto(link);
    // No first name yet: the label is the part of the email before the @.
    const account = page.getByRole('button', { name: /^ada\.l/ });
    await account.waitFor();
    await expect(page.getByRole('link', { name: 'New Evaluation' }).isVisible()).resolves.toBe(true);
    await account.click();
    const menu = page.getByRole('menu');
    for (const item of [
      'My Evaluations',
      'Wallet & Credits',
      'Payment & Payouts',
      'Billing & Usage',
      'Profile Settings',
      'Sign out',
    ]) {
      await expect(menu.getByRole('menuitem', { name: item }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByText('ada.l@example.com').isVisible()).resolves.toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'account-menu');

    // The session survives a reload; signing out returns to / signed out.
    await page.reload();
    await page.getByRole('button', { name: /^ada\.l/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('refuses a used sign-in link with a clear message', async () => {
    const page = await newPage();
    await fetch(`${suite.api.baseUrl}/api/v1/auth/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'twice@example.com' }),
    });
    const link = await mailboxLink(suite.api.baseUrl, 'twice@example.com', '/auth/callback');
    await page.goto(link);
    await page.getByRole('button', { name: /^twice/ }).waitFor();
    const other = await newPage();
    await other.goto(link);
    await other.getByText('This sign-in link is invalid or has expired. Please request a new one.').waitFor();
  });

  it('puts the same items in a collapsible menu on a phone', async () => {
    const page = await newPage({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign in / Sign up' }).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'mobile-sign-in');
  });

  it('signs out with the session-expired alert when the server ends the session', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'expiring@example.com');
    await page.goto('/wallet');
    await page
      .getByRole('heading', { name: /Wallet/ })
      .first()
      .waitFor();
    // The session ends on the server (signed out elsewhere, revoked, or a reused refresh token).
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('evalmarket.session') ?? '{}') as { access_token?: string })
          .access_token,
    );
    // Leave the app, so nothing in the page races the server-side sign-out below.
    await page.goto('about:blank');
    const out = await fetch(`${suite.api.baseUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        // The page navigates home right after the alert; it may be gone by the time we accept.
        dialog.accept().catch(() => undefined);
      }),
    );
    // Coming back, the console's first call with the dead token answers 401. The alert blocks the
    // load event, so only the navigation's commit is awaited.
    await page.goto('/wallet', { waitUntil: 'commit' });
    expect(await alert).toBe('Your session has expired. Please sign in again.');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('evalmarket.session'))).toBeNull();
  });

  it('sends a signed-out visitor of a protected page home, and serves deep links', async () => {
    const page = await newPage();
    const reply = await page.goto('/no-such-page');
    expect(reply?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const api404 = await fetch(`${suite.api.baseUrl}/api/v1/no-such-route`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ detail: 'Not Found' });
  });
});
