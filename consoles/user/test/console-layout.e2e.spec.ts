import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { waitForTitle } from './support/page-title';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

/** Console-wide points of issue 23: favicon, tab titles, the phone width, the purchase modal. */
describe('console layout and chrome (browser)', () => {
  const suite = useBrowserSuite();

  it('serves a favicon and names each tab after its page', async () => {
    const icon = await fetch(`${suite.api.baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    const page = await suite.newPage();
    await page.goto('/');
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('/favicon.svg');
    await waitForTitle(page, 'Home - Evalmarket');
    await signInInBrowser(page, suite.api, 'titles@example.com');
    for (const [path, title] of [
      ['/wallet', 'Wallet & Credits - Evalmarket'],
      ['/evaluator/votes', 'My Votes - Evalmarket'],
      ['/billing', 'Billing & Usage - Evalmarket'],
      ['/no-such-page', 'Page not found - Evalmarket'],
    ] as const) {
      await page.goto(path);
      await waitForTitle(page, title);
    }
  });

  it('keeps the API-key table inside a phone screen', async () => {
    const owner = await apiSession(suite.api, 'keys-owner@example.com');
    const evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: { title: 'Keys on a phone', model_type: 'gpt-4', visibility_settings: { is_public: false } },
    });
    await owner.call(`/api/v1/evaluations/${evaluation.id}/api-keys`, {
      body: { name: 'production-ingestion-key-for-the-travel-assistant' },
    });
    const page = await suite.newPage({ width: 390, height: 844 });
    await signInInBrowser(page, suite.api, 'keys-owner@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await page
      .getByRole('cell', { name: 'production-ingestion-key-for-the-travel-assistant', exact: true })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, ARTIFACTS, 'api-keys-phone');
  });

  it("shows the purchase modal's buttons without scrolling at 1280x800", async () => {
    const page = await suite.newPage({ width: 1280, height: 800 });
    await signInInBrowser(page, suite.api, 'modal@example.com');
    await page.goto('/wallet');
    await page.getByRole('button', { name: 'Purchase Credits' }).first().click();
    const dialog = page.getByRole('dialog');
    // The tallest the form gets: a custom amount with its message under it.
    await dialog.getByText('Custom Amount').click();
    await dialog.getByLabel('Custom amount (USD)').fill('10');
    await dialog.getByText('Minimum purchase is $50 (50,000 credits)').waitFor();
    // Stripe's own Payment Element (tabs, Link, country) is taller than the local test form.
    await page.evaluate(() => {
      const element = document.querySelector<HTMLElement>('.payment-element');
      if (element) element.style.minHeight = '380px';
    });
    for (const name of ['Cancel', 'Complete Purchase']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(800);
      expect(box!.y, name).toBeGreaterThanOrEqual(0);
    }
    await keepScreenshot(page, ARTIFACTS, 'purchase-modal-1280x800');
  });
});
