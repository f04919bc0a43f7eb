import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailboxLink } from '@evalmarket/testkit/e2e';
import { useBrowserSuite } from './support/browser-suite';
import { signInInBrowser } from './support/session';

/**
 * The consoles and /docs under their Content-Security-Policy in Chromium: every page loads and
 * works, and the browser reports no policy violation and no page error.
 */
describe('security headers in the browser', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: 'staff-csp@example.com' } });

  /** A page that records CSP violations (from the first script on) and console errors. */
  async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await suite.newPage();
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation on ${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI} ` +
            `(${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
        );
      });
    });
    // Chromium reports a blocked load as a console error "Refused to ... Content Security Policy";
    // the listener above reports every violation. (A signed-out console's 401s are expected.)
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && /CSP violation|Content Security Policy|Refused to/.test(text))
        problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, problems };
  }

  it('serves the user console with its policy and pays through the local Stripe.js without a violation', async () => {
    const { page, problems } = await watchedPage();
    const home = await page.goto('/');
    const policy = home!.headers()['content-security-policy'];
    expect(policy).toContain("frame-ancestors 'none'");
    expect(home!.headers()['x-frame-options']).toBe('DENY');
    await signInInBrowser(page, suite.api, 'csp@example.com');
    await page.goto('/wallet');
    const credit = page.getByRole('article', { name: 'Credit Balance' });
    await credit.getByRole('button', { name: 'Purchase Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
    await dialog.getByText('$100.00').click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await dialog.getByRole('button', { name: 'Complete Purchase' }).click();
    await dialog.getByText('Payment successful! Your credits will appear shortly.').waitFor();
    await page.goto('/evaluations/create');
    // A grid of draggable cards (react-grid-layout) with styles set at run time.
    await page.getByRole('region', { name: 'Model Configuration' }).waitFor();
    expect(problems).toEqual([]);
  });

  it.each([
    ['the staff console', '/admin', (page: Page) => page.locator('#root *').first()],
    ['/docs (Swagger UI)', '/docs', (page: Page) => page.getByText('Evalmarket API').first()],
  ])('serves %s with its policy and no violation', async (_name, url, landmark) => {
    const { page, problems } = await watchedPage();
    const reply = await page.goto(url);
    const policy = reply!.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    await landmark(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('runs the signed-in staff console (dashboard and a resource list) without a violation', async () => {
    const { page, problems } = await watchedPage();
    await page.goto('/admin/');
    await page.getByLabel('Email').fill('staff-csp@example.com');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    const link = await mailboxLink(suite.api.baseUrl, 'staff-csp@example.com', '/auth/callback');
    const token = new URL(link).searchParams.get('token')!;
    await page.goto(`/admin/#/auth-callback?token=${encodeURIComponent(token)}`);
    await page.getByText('Ledger invariants').waitFor();
    await page.getByText('All checks pass').waitFor();
    await page.goto('/admin/#/users');
    await page.getByText('staff-csp@example.com').first().waitFor();
    expect(problems).toEqual([]);
  });
});
