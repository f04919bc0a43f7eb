import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('analytics and billing (browser)', () => {
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
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl, acceptDownloads: true });
    return context.newPage();
  }

  /** Buys credits the way Stripe.js would: the API's PaymentIntent, confirmed at the local Stripe fake. */
  async function buy(person: Awaited<ReturnType<typeof apiSession>>, amountUsd: number) {
    const config = await person.call<{ api_base: string; publishable_key: string }>(
      '/api/v1/payments/config',
    );
    const intent = await person.call<{ payment_intent_id: string }>('/api/v1/wallet/purchase-credits', {
      body: { amount_usd: amountUsd },
    });
    const reply = await fetch(`${config.api_base}/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.publishable_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'payment_method=pm_card_visa',
    });
    expect(reply.ok).toBe(true);
  }

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

  it('draws the spending charts, each with an accessible data table', async () => {
    // Spending comes from votes on evaluations, which this console's tests do not create; the
    // reply is shaped as the API shapes it (contracts ZSpendingAnalytics) so the charts have data.
    const page = await newPage();
    await signInInBrowser(page, api, 'charts@example.com');
    await page.route('**/api/v1/analytics/spending/?period=*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          total_spent: 12.5,
          total_spent_credits: 12_500,
          total_transactions: 3,
          average_transaction: 4.17,
          period: '30d',
          start_date: '2026-10-23',
          end_date: '2026-11-22',
          spending_trends: [
            { date: '2026-11-20', amount: 2.5, transaction_count: 1 },
            { date: '2026-11-21', amount: 10, transaction_count: 2 },
          ],
          project_breakdown: [
            {
              project_id: 'p1',
              project_name: 'Chatbot tone',
              amount: 10,
              transaction_count: 2,
              percentage: 80,
            },
            {
              project_id: 'p2',
              project_name: 'Summaries',
              amount: 2.5,
              transaction_count: 1,
              percentage: 20,
            },
          ],
          performance_metrics: [
            { label: 'Total Spent', value: 12.5, trend: 'up', change_percentage: 25 },
            { label: 'Completion Rate', value: 66.7, trend: 'down', change_percentage: -3.33 },
          ],
          budget_limit: null,
          budget_remaining: 87.5,
          budget_utilization_percentage: 0,
          completion_rate: 66.7,
          votes_purchased: 3,
          evaluations_created: 2,
        }),
      }),
    );
    await page.goto('/analytics/spending');
    await page.getByRole('heading', { name: 'Spending Trends' }).waitFor();
    await page.getByRole('heading', { name: 'Project Breakdown' }).waitFor();
    await page.getByRole('heading', { name: 'Performance Metrics' }).waitFor();
    const trends = page.getByRole('table', { name: 'Spending Trends data' });
    await expect(trends.getByRole('cell', { name: 'Nov 21' }).count()).resolves.toBe(1);
    await expect(trends.getByRole('cell', { name: '$10.00' }).count()).resolves.toBe(1);
    const metrics = page.getByRole('table', { name: 'Performance Metrics data' });
    await expect(metrics.getByRole('cell', { name: '66.70%' }).count()).resolves.toBe(1);
    await expect(metrics.getByRole('cell', { name: '−3.3%' }).count()).resolves.toBe(1);
    await expect(page.locator('.metric-tile').getByText('+25.0%').isVisible()).resolves.toBe(true);
    await expect(
      page.getByLabel('Filter by Project').locator('option', { hasText: 'Chatbot tone' }).count(),
    ).resolves.toBe(1);
    await page.locator('.recharts-surface').first().waitFor();
    await keepScreenshot(page, ARTIFACTS, 'analytics-spending-charts');
  });

  it('explains a network failure in plain words and retries', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'offline@example.com');
    let failures = 1;
    await page.route('**/api/v1/analytics/spending/?period=*', (route) =>
      failures-- > 0 ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/analytics/spending');
    await page.getByText('Network error. Check your internet connection and try again.').waitFor();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('article', { name: 'Total Spent' }).waitFor();
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
      await expect(page.getByRole('article', { name: card }).isVisible()).resolves.toBe(true);
    const row = page.getByRole('row', { name: /INV-/ });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.getByText('$60.00').isVisible()).resolves.toBe(true);
    await expect(row.getByText('paid').isVisible()).resolves.toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download INV-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d+\.pdf$/);
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
