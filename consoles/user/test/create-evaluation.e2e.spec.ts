import { keepScreenshot } from '@evalmarket/testkit/e2e';
import { DEFAULT_BUDGET_AMOUNT } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const ADMIN = 'staff@example.com';

describe('create evaluation (browser)', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const { newPage } = suite;

  it('validates, then creates an evaluation and opens its detail page', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'creator@example.com');
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
    // The grid animates its cards into place (CSS transitions), so read the width once it settles.
    const description = page.getByRole('region', { name: 'Description' });
    await expect.poll(async () => Math.round((await description.boundingBox())!.width)).toBe(368);
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
    await signInInBrowser(page, suite.api, 'nobody-yet@example.com');
    await page.goto('/my-evaluations');
    await page.getByText('No evaluations yet - Get started by creating your first evaluation.').waitFor();
    await expect(
      page.getByRole('link', { name: 'Create New Evaluation' }).getAttribute('href'),
    ).resolves.toBe('/evaluations/create');
  });

  it('opens the Insufficient Credits modal when the balance is below the budget', async () => {
    // The first evaluation earns the 5,000-credit bonus; an admin then takes 4,960 of them back
    // with a reason, so the next 100-credit evaluation (the console's fixed budget) is refused
    // by the API itself: 100 required, 40 current, 60 short (= $0.06 at 1,000 credits a dollar).
    const short = await apiSession(suite.api, 'short@example.com', { first_name: 'Sho', last_name: 'Rt' });
    await short.call('/api/v1/jobs', {
      body: { title: 'Bonus earner', budget_amount: DEFAULT_BUDGET_AMOUNT, status: 'active' },
    });
    await expect(short.call<{ spending_balance: number }>('/api/v1/wallet/')).resolves.toMatchObject({
      spending_balance: 5_000,
      bonus_claimed: true,
    });
    const staff = await apiSession(suite.api, ADMIN);
    await staff.call('/api/v1/admin/adjustments', {
      body: {
        user_id: short.user.id,
        context: 'spending',
        amount_credits: -4_960,
        reason: 'Test: leave 40 credits so a 100-credit evaluation is refused',
      },
    });
    await expect(short.call<{ spending_balance: number }>('/api/v1/wallet/')).resolves.toMatchObject({
      spending_balance: 40,
    });
    expect(DEFAULT_BUDGET_AMOUNT).toBe(100);

    const page = await newPage();
    await signInInBrowser(page, suite.api, 'short@example.com');
    await page.goto('/evaluations/create');
    await page.getByLabel('Input item 1', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Insufficient Credits' });
    await dialog.waitFor();
    await dialog.getByText("You don't have enough credits to activate this evaluation project.").waitFor();
    await dialog.getByText('40 credits', { exact: true }).waitFor();
    await dialog.getByText('100 credits', { exact: true }).waitFor();
    await dialog.getByText('60 credits (≈ $0.06 USD)', { exact: true }).waitFor();
    await dialog.getByText(/auto-recharge/).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'insufficient-credits-modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Purchase Credits' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/purchase');

    // Refused means nothing was created or charged: the first evaluation alone, 40 credits left.
    const listed = await short.call<Array<{ title: string; creator_id: string }>>(
      '/api/v1/evaluations?public_only=false&limit=100',
    );
    const mine = listed.filter((evaluation) => evaluation.creator_id === short.user.id);
    expect(mine.map((evaluation) => evaluation.title)).toEqual(['Bonus earner']);
    await expect(short.call('/api/v1/wallet/')).resolves.toMatchObject({ spending_balance: 40 });
  });

  it('stacks the cards on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, suite.api, 'phone@example.com');
    await page.goto('/evaluations/create');
    await page.getByRole('region', { name: 'Additional Settings' }).waitFor();
    // Polled: under load the first measurement can come before the page's styles apply.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await keepScreenshot(page, ARTIFACTS, 'create-evaluation-phone');
  });
});
