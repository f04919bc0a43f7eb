import { keepScreenshot } from '@evalmarket/testkit/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

/** Types a Stripe test card into the payment element (the local Stripe.js stand-in). */
async function fillCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

describe('wallet, purchase and auto-recharge (browser)', () => {
  const suite = useBrowserSuite();
  const { newPage } = suite;

  it('shows the bonus offer at zero credits and buys credits through the purchase modal', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'buyer@example.com');
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Get 5,000 Free Credits!' }).waitFor();
    await expect(page.getByText('5,000 credits = $5.00 USD value').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Start First Project' }).getAttribute('href')).resolves.toBe(
      '/evaluations/new',
    );
    // A requester only: no Spending/Earning switch.
    await expect(page.getByRole('tab', { name: 'Earning' }).count()).resolves.toBe(0);
    const credit = page.getByRole('article', { name: 'Credit Balance' });
    await expect(credit.getByText('0 credits', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(credit.getByText('1 USD = 1,000 credits').isVisible()).resolves.toBe(true);
    await expect(page.getByText('From expert reviews').isVisible()).resolves.toBe(true);
    await page.getByText('No transactions yet.').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'wallet-empty');

    await page.getByRole('button', { name: 'Dismiss bonus banner' }).click();
    await expect(page.getByRole('heading', { name: 'Get 5,000 Free Credits!' }).count()).resolves.toBe(0);

    await credit.getByRole('button', { name: 'Purchase Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
    await dialog.getByLabel('Card number').waitFor();
    await dialog.getByText('Custom Amount').click();
    await dialog.getByLabel('Custom amount (USD)').fill('20');
    await dialog.getByText('Minimum purchase is $50 (50,000 credits)').waitFor();
    await expect(dialog.getByRole('button', { name: 'Complete Purchase' }).isDisabled()).resolves.toBe(true);
    await dialog.getByText('$100.00').click();
    await fillCard(page);
    await keepScreenshot(page, ARTIFACTS, 'wallet-purchase-modal');
    await dialog.getByRole('button', { name: 'Complete Purchase' }).click();
    await dialog.getByText('Payment successful! Your credits will appear shortly.').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await credit.getByText('100,000 credits', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(credit.getByText('$100.00 USD').isVisible()).resolves.toBe(true);
    await page
      .getByRole('cell', { name: /credits/ })
      .first()
      .waitFor();
    await keepScreenshot(page, ARTIFACTS, 'wallet-after-purchase');
  });

  it('pages transactions with Load More and filters them', async () => {
    const person = await apiSession(suite.api, 'pager@example.com', { first_name: 'Page', last_name: 'R' });
    for (let index = 0; index < 23; index += 1)
      await person.call('/api/v1/dev/grant-credits', {
        body: { amount_credits: 100 + index, context: 'spending', reason: `Grant ${index}` },
      });
    await person.call('/api/v1/dev/grant-credits', {
      body: { amount_credits: 777, context: 'earning', reason: 'Earning grant' },
    });
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'pager@example.com');
    await page.goto('/wallet');
    const rows = page.locator('.transactions tbody tr');
    await page.getByRole('button', { name: 'Load More' }).waitFor();
    await expect(rows.count()).resolves.toBe(20);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.transactions tbody tr').length === 24);
    // The last page: no more to load.
    await expect(page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(0);

    await page.getByLabel('Filter transactions').selectOption({ label: 'Earning Only' });
    await page.waitForFunction(() => document.querySelectorAll('.transactions tbody tr').length === 1);
    await expect(page.locator('.transactions tbody').getByText('+777 credits').isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.locator('.transactions tbody').getByText('Earning', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    await page.getByLabel('Filter transactions').selectOption({ label: 'Spending Only' });
    await page.getByRole('button', { name: 'Load More' }).waitFor();
    // Balances above zero: no bonus offer.
    await expect(page.getByText('Get 5,000 Free Credits!').count()).resolves.toBe(0);
    await keepScreenshot(page, ARTIFACTS, 'wallet-transactions');
  });

  it('switches between Spending and Earning for a person with both roles', async () => {
    const person = await apiSession(suite.api, 'both@example.com', { first_name: 'Bo', last_name: 'Th' });
    await person.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/both-roles' },
    });
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'both@example.com');
    await page.goto('/wallet');
    const earning = page.getByRole('tab', { name: 'Earning' });
    await earning.waitFor();
    await expect(page.getByRole('tab', { name: 'Spending' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await earning.click();
    await page.waitForFunction(
      () => document.querySelector('[role=tab][aria-selected=true]')?.textContent === 'Earning',
    );
    const profile = await person.call<{ active_context: string }>('/api/v1/profile/');
    expect(profile.active_context).toBe('earning');
    // The choice is the profile's: a reload opens on Earning.
    await page.reload();
    await page.getByRole('tab', { name: 'Earning', selected: true }).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'wallet-earning-tab');
  });

  it('configures auto-recharge with the spec rules and saves and removes a card', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'recharge@example.com');
    await page.goto('/wallet');
    const panel = page.getByRole('region', { name: 'Auto-Recharge' });
    await panel.getByText('Disabled').waitFor();
    const save = panel.getByRole('button', { name: 'Save Settings' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await panel.getByLabel('Enable Auto-Recharge').check();
    await expect(panel.getByLabel('Recharge when balance falls below (credits)').inputValue()).resolves.toBe(
      '10000',
    );
    await expect(panel.getByLabel('Purchase amount (credits)').inputValue()).resolves.toBe('50000');
    await panel.getByLabel('Purchase amount (credits)').fill('20000');
    await panel.getByText('Purchase amount must be at least 50,000 credits ($50 USD)').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await panel.getByLabel('Purchase amount (credits)').fill('60000');
    await panel.getByLabel('Recharge when balance falls below (credits)').fill('70000');
    await panel.getByText('Threshold must be less than purchase amount').waitFor();
    await panel.getByLabel('Recharge when balance falls below (credits)').fill('20000');
    await save.click();
    await panel.getByText('Auto-recharge settings saved').waitFor();
    await panel.getByText('Enabled', { exact: true }).waitFor();
    // The message goes after 3 seconds.
    await panel.getByText('Auto-recharge settings saved').waitFor({ state: 'detached', timeout: 5000 });

    await panel.getByRole('button', { name: 'Add Payment Method' }).click();
    await panel.getByLabel('Card number').waitFor();
    await fillCard(page, '5555 5555 5555 4444');
    await panel.getByRole('button', { name: 'Save Card' }).click();
    await panel.getByText('•••• 4444').waitFor({ timeout: 10_000 });
    await keepScreenshot(page, ARTIFACTS, 'wallet-auto-recharge');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        'Are you sure you want to remove your saved payment method? This will prevent auto-recharge from working.',
      );
      void dialog.accept();
    });
    await panel.getByRole('button', { name: 'Remove Card' }).click();
    await panel.getByRole('button', { name: 'Add Payment Method' }).waitFor();
  });

  it('buys credits on the purchase page: minimum rule, a declined card, then success and back to the wallet', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'page-buyer@example.com');
    await page.goto('/wallet/purchase');
    await page.getByText('0 credits').first().waitFor();
    await page.getByLabel('Card number').waitFor();
    await page.getByLabel('Custom amount (USD)').fill('49');
    await page.getByText('Amount must be at least $50').waitFor();
    await expect(page.getByText('Minimum purchase amount is $50 (50,000 credits)').isVisible()).resolves.toBe(
      true,
    );
    await page.getByLabel('Custom amount (USD)').fill('75');
    await expect(page.getByText('75,000 credits', { exact: true }).isVisible()).resolves.toBe(true);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Purchase 75,000 credits/ }).click();
    await page.getByText('Your card was declined.').waitFor();
    await fillCard(page);
    await keepScreenshot(page, ARTIFACTS, 'purchase-page');
    await page.getByRole('button', { name: /^Purchase 75,000 credits/ }).click();
    await page.getByText('Payment successful! Your credits will appear shortly.').waitFor();
    await page.waitForURL((url) => url.pathname === '/wallet', { timeout: 10_000 });
    await page
      .getByRole('article', { name: 'Credit Balance' })
      .getByText('75,000 credits', { exact: true })
      .waitFor();
  });

  it('offers Retry when the wallet cannot load', async () => {
    // A real outage, not a faked reply: the wallet has been seen once, the person moves on to
    // Billing, the browser loses its connection, and they go back. The API answers the retry.
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'flaky@example.com');
    await page.goto('/wallet');
    await page.getByRole('article', { name: 'Credit Balance' }).waitFor();
    await page.getByRole('button', { name: /▾$/ }).click();
    await page.getByRole('menuitem', { name: 'Billing & Usage' }).click();
    await page.getByRole('heading', { name: 'Billing & Usage' }).waitFor();
    await page.context().setOffline(true);
    await page.goBack();
    await page.getByText('Error loading wallet').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'wallet-error');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('article', { name: 'Credit Balance' }).waitFor();
    await expect(page.getByText('Error loading wallet').count()).resolves.toBe(0);
  });

  it('is readable on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, suite.api, 'buyer@example.com');
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Auto-Recharge' }).waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).waitFor();
    await page.locator('.transactions tbody tr, .transactions .empty').first().waitFor();
    await page.getByRole('button', { name: /Add Payment Method|Remove Card/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, ARTIFACTS, 'wallet-phone');
    await page.getByRole('button', { name: 'Purchase Credits' }).click();
    await page.getByRole('dialog', { name: 'Purchase Credits' }).getByLabel('Card number').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'purchase-modal-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
