import { keepScreenshot } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('payment and payout setup (browser)', () => {
  const suite = useBrowserSuite();
  const { newPage } = suite;

  it('saves a card with a SetupIntent', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'saver@example.com');
    await page.goto('/payments/setup/spending');
    await page.getByRole('heading', { name: 'Payment Methods' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Bank Account for Payouts' }).count()).resolves.toBe(0);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration date').fill('11 / 33');
    await page.getByLabel('Security code').fill('321');
    await page.getByRole('button', { name: 'Save Payment Method' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save Payment Method' }).click();
    await page.getByText('Payment method saved').waitFor();
    await page.getByText('•••• 4242').waitFor({ timeout: 10_000 });
    await keepScreenshot(page, ARTIFACTS, 'payment-setup-card');
  });

  it('connects a bank account through Stripe onboarding, opens the dashboard and disconnects', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'earner@example.com');
    await page.goto('/payments/setup');
    await page.getByRole('heading', { name: 'Payment Methods' }).waitFor();
    const bank = page.getByRole('region', { name: 'Bank Account for Payouts' });
    await bank.getByRole('button', { name: 'Debug info' }).click();
    await bank.getByText('"has_account": false').waitFor();
    await bank.getByRole('button', { name: 'Refresh status' }).click();
    // Without an account there is nothing to re-read.
    await bank.getByText('Failed to refresh status').waitFor();
    await bank.getByText('Failed to refresh status').waitFor({ state: 'detached', timeout: 4000 });
    await keepScreenshot(page, ARTIFACTS, 'payment-setup');

    await bank.getByRole('button', { name: 'Connect Bank Account' }).click();
    // The (fake) hosted onboarding returns to /payments/setup/success, which leads to ?connect=success.
    await page.waitForURL((url) => url.pathname === '/payments/setup' && url.search === '?connect=success', {
      timeout: 15_000,
    });
    await page.getByText('Bank account onboarding finished.').waitFor();
    await bank.getByText('Bank Account Connected').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'payment-setup-connected');

    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      bank.getByRole('button', { name: 'Update Bank Account' }).click(),
    ]);
    await popup.waitForURL(/_fake\/express/);
    await popup.close();

    page.once('dialog', (dialog) => void dialog.accept());
    await bank.getByRole('button', { name: 'Disconnect Account' }).click();
    await bank.getByRole('button', { name: 'Connect Bank Account' }).waitFor();
  });

  it('sends /payments/setup/success to the setup page and is readable on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, suite.api, 'phone-setup@example.com');
    await page.goto('/payments/setup/success');
    await page.waitForURL((url) => url.search === '?connect=success');
    await page.getByRole('heading', { name: 'Bank Account for Payouts' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, ARTIFACTS, 'payment-setup-phone');
  });
});
