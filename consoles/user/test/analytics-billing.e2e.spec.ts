import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, buyCredits, signInInBrowser } from './support/session';

/** A PDF's text as poppler's pdftotext reads it (layout kept, one line per line). */
async function pdfText(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path, '-']);
  return stdout;
}

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const DEMO_REQUESTER = 'demo.requester@evalmarket.local';
const DEMO_EXPERT = 'demo.expert@evalmarket.local';

/** The seed runs after the API listens; its last words are the admin's sign-in link. */
async function demoWorldSeeded(api: ApiProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!api.output().includes('admin (demo.admin@evalmarket.local): ')) {
    if (api.output().includes('seeding the demo world failed') || Date.now() > deadline)
      throw new Error(`the demo world was not seeded:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Today as the trend tables label a day ('MMM dd' of the UTC date the API groups by). */
function today(): string {
  return new Date().toLocaleDateString('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' });
}

/** The cells of a chart's visually hidden data table, row by row. */
function tableRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
    );
}

describe('analytics and billing (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess({ env: { DEMO_SEED: 'on' } }), launchBrowser()]);
    await demoWorldSeeded(api);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl, acceptDownloads: true });
    return context.newPage();
  }

  const buy = (person: Awaited<ReturnType<typeof apiSession>>, amountUsd: number) =>
    buyCredits(api, person, amountUsd);

  it('shows spending analytics with filters and exports a CSV', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'spender@example.com');
    await page.goto('/analytics/spending');
    await page.getByRole('heading', { name: 'Spending Analytics' }).waitFor();
    await page.getByRole('article', { name: 'Total Spent' }).waitFor();
    await expect(page.getByRole('article', { name: 'Budget Remaining' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('article', { name: 'Active Evaluations' }).isVisible()).resolves.toBe(true);
    await page.getByText('No spending data available').waitFor();
    const period = page.getByLabel('Time Period');
    await expect(period.inputValue()).resolves.toBe('30d');
    await period.selectOption({ label: 'Last 7 Days' });
    await expect(page.getByLabel('Filter by Project').locator('option').first().textContent()).resolves.toBe(
      'All Projects',
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const ready = page.getByText(/Export ready:/);
    await ready.waitFor();
    await expect(ready.getByText(/\.csv$/).isVisible()).resolves.toBe(true);
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const file = await fetch(new URL(href!, api.baseUrl));
    expect(file.ok).toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'analytics-spending');
  });

  it('draws the demo requester’s spending charts, each with an accessible data table', async () => {
    // The demo world (DEMO_SEED=on, made through the API's own routes): the requester bought
    // $100 (100,000 credits) and got the 5,000-credit first-project bonus; 3 community votes at
    // 1,000 credits and 4 expert votes at 4,000 credits were paid from it today:
    // 3 x 1,000 + 4 x 4,000 = 19,000 credits = $19.00 in 7 transactions, $2.71 on average
    // (19 / 7 = 2.714...), and 105,000 - 19,000 = 86,000 credits = $86.00 left.
    const page = await newPage();
    await signInInBrowser(page, api, DEMO_REQUESTER);
    await page.goto('/analytics/spending');
    const total = page.getByRole('article', { name: 'Total Spent' });
    await total.getByText('$19.00', { exact: true }).waitFor();
    await expect(total.getByText('7 transactions', { exact: true }).isVisible()).resolves.toBe(true);
    const budget = page.getByRole('article', { name: 'Budget Remaining' });
    await budget.getByText('$86.00', { exact: true }).waitFor();
    await expect(budget.getByText('Avg $2.71 per transaction').isVisible()).resolves.toBe(true);
    await page.getByRole('heading', { name: 'Spending Trends' }).waitFor();
    await page.getByRole('heading', { name: 'Performance Metrics' }).waitFor();
    // Nothing was spent in the 30 days before: each metric rose, with no made-up percentage.
    await expect(page.locator('.metric-tile').getByText('no previous activity').count()).resolves.toBe(3);
    await expect(page.locator('.metric-tile').getByText('+100.0%').count()).resolves.toBe(0);
    await page.locator('.metric-tile').getByText('$19.00', { exact: true }).waitFor();
    await expect(tableRows(page, 'Spending Trends data')).resolves.toEqual([[today(), '$19.00', '7']]);
    await expect(tableRows(page, 'Performance Metrics data')).resolves.toEqual([
      ['Total Spent', '$19.00', '$0.00', 'up', 'no previous activity'],
      ['Transactions', '7', '0', 'up', 'no previous activity'],
      ['Average Transaction', '$2.71', '$0.00', 'up', 'no previous activity'],
    ]);
    await page.locator('.recharts-surface').first().waitFor();
    await keepScreenshot(page, ARTIFACTS, 'analytics-spending-charts');
  });

  it('draws the demo expert’s earnings charts from the votes they were paid for', async () => {
    // The demo expert's 4 votes at the expert rate of 4,000 credits: 16,000 credits = $16.00,
    // $4.00 each, none pending. Judged against each complete item's majority (2 votes per item):
    // item 1 good/good and item 3 bad/bad agree (2 approved), item 2 good/bad is a tie and item 4
    // has one vote, so neither is judged: 2 approved, 0 rejected, 100% of those judged. The four
    // demo applicants hold the expert role; this expert earned the most of them in the window.
    const page = await newPage();
    await signInInBrowser(page, api, DEMO_EXPERT);
    await page.goto('/analytics/earnings');
    const total = page.getByRole('article', { name: 'Total Earned' });
    await total.getByText('$16.00', { exact: true }).waitFor();
    await expect(total.getByText('Avg $4.00 per earning').isVisible()).resolves.toBe(true);
    const pending = page.getByRole('article', { name: 'Pending Earnings' });
    await expect(pending.getByText('$0.00', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(pending.getByText('4 transactions', { exact: true }).isVisible()).resolves.toBe(true);
    const approval = page.getByRole('article', { name: 'Approval Rate' });
    await expect(approval.getByText('100.0%', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(approval.getByText('2 approved votes').isVisible()).resolves.toBe(true);
    const performance = page.getByRole('region', { name: 'Expert Performance' });
    await expect(performance.getByText('4 submitted, 2 approved, 0 rejected').isVisible()).resolves.toBe(
      true,
    );
    await expect(performance.getByText('#1 of 4 experts').isVisible()).resolves.toBe(true);
    await page.getByRole('heading', { name: 'Earnings Trends' }).waitFor();
    await expect(tableRows(page, 'Earnings Trends data')).resolves.toEqual([[today(), '$16.00', '4']]);
    await expect(tableRows(page, 'Vote Distribution data')).resolves.toEqual([
      ['Approved', '2', ''],
      ['Rejected', '0', ''],
    ]);
    await expect(tableRows(page, 'Performance Metrics data')).resolves.toEqual([
      ['Total Earned', '$16.00', '$0.00', 'up', 'no previous activity'],
      ['Approved Votes', '2', '0', 'up', 'no previous activity'],
      ['Average Earning', '$4.00', '$0.00', 'up', 'no previous activity'],
      ['Approval Rate', '100%', '0%', 'up', 'no previous activity'],
    ]);
    await keepScreenshot(page, ARTIFACTS, 'analytics-earnings-charts');
  });

  it('explains a network failure in plain words and retries', async () => {
    // A real outage, not a faked reply: the page has been seen once, the person moves on to
    // Billing, the browser loses its connection, and they go back. The API answers the retry.
    const page = await newPage();
    await signInInBrowser(page, api, 'offline@example.com');
    await page.goto('/analytics/spending');
    await page.getByRole('article', { name: 'Total Spent' }).waitFor();
    await page.getByRole('button', { name: /▾$/ }).click();
    await page.getByRole('menuitem', { name: 'Billing & Usage' }).click();
    await page.getByRole('heading', { name: 'Billing & Usage' }).waitFor();
    await page.context().setOffline(true);
    await page.goBack();
    await page.getByText('Network error. Check your internet connection and try again.').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('article', { name: 'Total Spent' }).waitFor();
    await page.getByText('No spending data available').waitFor();
  });

  it('refuses earnings analytics without the expert role, and shows them to an expert', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'not-expert@example.com');
    await page.goto('/analytics/earnings');
    await page.getByRole('heading', { name: 'Expert role required' }).waitFor();
    await expect(
      page.getByText('You need expert permissions to view earnings analytics.').isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);

    const expert = await apiSession(api, 'expert@example.com', { first_name: 'Ex', last_name: 'Pert' });
    await expert.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/ex/1' },
    });
    await expert.call('/api/v1/dev/grant-credits', { body: { amount_credits: 12_500, context: 'earning' } });
    const other = await newPage();
    await signInInBrowser(other, api, 'expert@example.com');
    await other.goto('/analytics/earnings');
    await other.getByRole('heading', { name: 'Earnings Analytics' }).waitFor();
    await other.getByRole('article', { name: 'Total Earned' }).waitFor();
    await expect(other.getByRole('article', { name: 'Pending Earnings' }).isVisible()).resolves.toBe(true);
    await expect(other.getByRole('article', { name: 'Approval Rate' }).isVisible()).resolves.toBe(true);
    await other.getByRole('heading', { name: 'Expert Performance' }).waitFor();
    await expect(other.getByText(/Ranking unavailable|#\d+ of \d+ experts/).isVisible()).resolves.toBe(true);
    await expect(other.getByLabel('Filter by Evaluation').isVisible()).resolves.toBe(true);
    await other.getByRole('button', { name: 'Download Tax Summary' }).click();
    await other.getByText(/Export ready:/).waitFor();
    await other.waitForTimeout(300);
    await keepScreenshot(other, ARTIFACTS, 'analytics-earnings');
  });

  it('lists real invoices on Billing & Usage and downloads one', async () => {
    const person = await apiSession(api, 'invoiced@example.com', { first_name: 'In', last_name: 'Voice' });
    await buy(person, 60);
    const page = await newPage();
    await signInInBrowser(page, api, 'invoiced@example.com');
    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Billing & Usage' }).waitFor();
    // A requester only: the Spending tab alone.
    await page.getByRole('tab', { name: 'Spending', selected: true }).waitFor();
    await expect(page.getByRole('tab', { name: 'Earning' }).count()).resolves.toBe(0);
    for (const card of ['Total Spent', 'This Month', 'Evaluations', 'Avg Cost'])
      await page.getByRole('article', { name: card }).waitFor();
    const row = page.getByRole('row', { name: /INV-/ });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.getByText('$60.00').isVisible()).resolves.toBe(true);
    await expect(row.getByText('paid').isVisible()).resolves.toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download INV-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d+\.pdf$/);
    // The PDF read back: seller, buyer, the card that paid, the total.
    const text = await pdfText(await download.path());
    expect(text).toContain('Seller: Evalmarket');
    expect(text).toContain('Billed to: In Voice <invoiced@example.com>');
    expect(text).toMatch(/Payment method: Visa ending 4242 \(Stripe payment pi_/);
    expect(text).toContain('Total: $60.00 USD');
    // Export gives the invoices, not the spending report.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const csv = await (await fetch(new URL(href!, api.baseUrl))).text();
    expect(csv).toMatch(
      /^date,description,status,amount_credits,amount_usd\r?\n\d{4}-\d{2}-\d{2},"INV-\d{6} 60,000 evaluation credits",paid,60000,60\.00/,
    );
    await keepScreenshot(page, ARTIFACTS, 'billing');
  });

  it('opens Billing on the Earning tab for a person in the earning context, on a phone', async () => {
    const person = await apiSession(api, 'dual@example.com', { first_name: 'Du', last_name: 'Al' });
    await person.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/du/1' },
    });
    await person.call('/api/v1/auth/set-context', { body: { context: 'earning' } });
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, api, 'dual@example.com');
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Earning', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Earnings History' }).waitFor();
    await expect(page.getByRole('button', { name: 'Tax Documents' }).isVisible()).resolves.toBe(true);
    await page.getByRole('tab', { name: 'Spending' }).click();
    await page.getByRole('heading', { name: 'Recent Invoices' }).waitFor();
    await page.goto('/analytics/spending');
    await page.getByRole('article', { name: 'Total Spent' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, ARTIFACTS, 'analytics-phone');
  });
});
