import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('create evaluation (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl });
    return context.newPage();
  }

  it('validates, then creates an evaluation and opens its detail page', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'creator@example.com');
    await page.getByRole('link', { name: 'New Evaluation' }).click();
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await title.inputValue()).toMatch(/^Evaluation \S/);
    for (const card of [
      'Description',
      'Input Configuration',
      'Machine Prompt',
      'Subject Matter Prompt',
      'Model Configuration',
      'Additional Settings',
    ]) {
      await expect(page.getByRole('region', { name: card }).isVisible()).resolves.toBe(true);
    }
    // Three columns at 1200 px wide, margin 24: each card is (1152 - 48) / 3 = 368 px wide.
    const box = await page.getByRole('region', { name: 'Description' }).boundingBox();
    expect(Math.round(box!.width)).toBe(368);
    await expect(page.getByLabel('Model', { exact: true }).inputValue()).resolves.toBe('gpt-3.5-turbo');

    await title.fill('   ');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('alert').getByText('Title is required').waitFor();
    await title.fill('Support bot answers');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('At least one input item is required').waitFor();
    await page.getByLabel('Input type').selectOption('api');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('API endpoint is required when using API input type').waitFor();
    await page.getByLabel('Input type').selectOption('system');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('System source is required when using system input type').waitFor();
    await page.getByLabel('Input type').selectOption('manual');

    // At most five manual items; the last one cannot be removed.
    await expect(page.getByRole('button', { name: 'Remove input item 1' }).isDisabled()).resolves.toBe(true);
    for (let n = 0; n < 4; n += 1) await page.getByRole('button', { name: '+ Add Item' }).click();
    await expect(page.getByRole('button', { name: '+ Add Item' }).isDisabled()).resolves.toBe(true);
    await page.getByText('5 of 5 items').waitFor();
    await page.getByRole('button', { name: 'Remove input item 5' }).click();
    await page.getByLabel('Input item 1', { exact: true }).fill('How do I reset my password?');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Are the answers of our support bot helpful?');
    await page.getByLabel('Model', { exact: true }).selectOption('custom');
    await page.getByLabel('Model endpoint').waitFor();
    await page.getByLabel('Model', { exact: true }).selectOption('gpt-4');
    await page.getByLabel('Public evaluation').check();
    await keepScreenshot(page, ARTIFACTS, 'create-evaluation');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/evaluations\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Support bot answers' }).waitFor();
    await expect(page.getByText('active', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Public', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Are the answers of our support bot helpful?').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('How do I reset my password?').first().isVisible()).resolves.toBe(true);

    // Save Draft sends the same payload as a draft.
    await page.goto('/evaluations/create');
    await page.getByLabel('Title').fill('Draft idea');
    await page.getByLabel('Input item 1', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByRole('heading', { name: 'Draft idea' }).waitFor();
    await expect(page.getByText('draft', { exact: true }).isVisible()).resolves.toBe(true);

    await page.goto('/my-evaluations');
    await page.getByRole('heading', { name: 'My Evaluations' }).waitFor();
    await page.getByRole('link', { name: /Draft idea/ }).waitFor();
    await page.getByRole('link', { name: /Support bot answers/ }).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'my-evaluations');
  });

  it('shows the empty state of My Evaluations', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'nobody-yet@example.com');
    await page.goto('/my-evaluations');
    await page.getByText('No evaluations yet - Get started by creating your first evaluation.').waitFor();
    await expect(
      page.getByRole('link', { name: 'Create New Evaluation' }).getAttribute('href'),
    ).resolves.toBe('/evaluations/create');
  });

  it('opens the Insufficient Credits modal on a 402', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'short@example.com');
    // The first project always earns a 5,000-credit bonus, so the real API cannot refuse a
    // 100-credit evaluation here; the refusal itself is the API's, replayed with its shape.
    await page.route('**/api/v1/jobs', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          detail: { credits_required: 100_000, credits_current: 25_000, credits_shortfall: 75_000 },
          code: 'payment_required',
        }),
      }),
    );
    await page.goto('/evaluations/create');
    await page.getByLabel('Input item 1', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Insufficient Credits' });
    await dialog.waitFor();
    await dialog.getByText("You don't have enough credits to activate this evaluation project.").waitFor();
    await dialog.getByText('25,000 credits', { exact: true }).waitFor();
    await dialog.getByText('100,000 credits', { exact: true }).waitFor();
    await dialog.getByText('75,000 credits (≈ $75.00 USD)').waitFor();
    await dialog.getByText(/auto-recharge/).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'insufficient-credits-modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Purchase Credits' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/purchase');
  });

  it('stacks the cards on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, api, 'phone@example.com');
    await page.goto('/evaluations/create');
    await page.getByRole('region', { name: 'Additional Settings' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, ARTIFACTS, 'create-evaluation-phone');
  });
});
