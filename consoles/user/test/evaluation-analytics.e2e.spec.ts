import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('evaluation analytics dashboard (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let evaluation: TEvaluation;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess(), launchBrowser()]);
    const owner = await apiSession(api, 'analyst@example.com', { first_name: 'Ana', last_name: 'Lyst' });
    evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      // Public, so the evaluator below may claim in it without an invitation.
      body: { title: 'Weather bot', model_type: 'gpt-4', visibility_settings: { is_public: true } },
    });
    const key = await owner.call<{ api_key: string; project_id: string }>(
      `/api/v1/evaluations/${evaluation.id}/api-keys`,
      { body: { name: 'ci' } },
    );
    const sent = await fetch(`${api.baseUrl}/api/v1/sdk/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project_id: key.project_id,
        items: [
          { id: 'w-1', input: 'Rain tomorrow in Oslo?', output: 'Yes, light rain.' },
          { id: 'w-2', input: 'Sunny in Rome?', output: 'Sunny all week.' },
        ],
      }),
    });
    expect(sent.status).toBe(202);
    // A $1 (1,000-credit) monthly budget at 300 credits per community vote.
    await owner.call(`/api/v1/projects/${evaluation.id}/evaluation-config`, {
      body: {
        permission_level: 'paid_only',
        credit_rates: { community_rate: 300, expert_rate: 400, custom_rates: [] },
        app_detection: { primary_url: 'https://example.com', access_level: 'public' },
        budget_control: {
          budget_enabled: true,
          max_budget_amount: 1,
          max_evaluations: 50,
          budget_period: 'monthly',
        },
      },
    });
    const evaluator = await apiSession(api, 'voter@example.com');
    await evaluator.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/voter' },
    });
    for (const value of ['good', 'bad'] as const) {
      const claim = await evaluator.call<{ assignment_id: string }>('/api/v1/evaluator/assignments', {
        body: { evaluation_id: evaluation.id },
      });
      await evaluator.call(`/api/v1/evaluator/assignments/${claim.assignment_id}/vote`, {
        body: { vote: value },
      });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl, acceptDownloads: true });
    return context.newPage();
  }

  it('shows the cards, the budget warning, debounced sliders and the export', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'analyst@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await page.getByRole('link', { name: 'View Analytics' }).click();
    await page.getByRole('heading', { name: 'Evaluation Analytics' }).waitFor();
    const stat = (label: string) => page.locator('.stat').filter({ hasText: label });
    await stat('Total Evaluations').getByText('2', { exact: true }).waitFor();
    await stat('Credits Consumed').getByText('600', { exact: true }).waitFor();
    await stat('Budget Status').getByText('60.0%').waitFor();
    await stat('Monthly Burn').getByText('600 credits').waitFor();
    await page.getByText('Budget Warning: 50% Threshold Reached').waitFor();
    await page
      .getByText("You're halfway through your budget. Consider adding credits to avoid interruptions.")
      .waitFor();
    await expect(
      page.getByRole('progressbar', { name: 'Budget utilization' }).getAttribute('aria-valuenow'),
    ).resolves.toBe('60');
    await stat('Vote Completeness').getByText('0.0%').waitFor();
    // Each chart has its data as a table for screen readers.
    await expect(
      page
        .getByRole('table', { name: 'Evaluations by evaluator tier' })
        .getByRole('row', { name: /Community 2/ })
        .count(),
    ).resolves.toBe(1);
    await expect(page.getByRole('table', { name: 'Quality at a glance (%)' }).count()).resolves.toBe(1);
    await keepScreenshot(page, ARTIFACTS, 'evaluation-analytics');

    // The decay slider asks again only 500 ms after the last move.
    const lambda = page.getByLabel(/Time Decay/);
    const started = Date.now();
    const asked = page.waitForRequest((request) => request.url().includes('decay_lambda=0.5'));
    await lambda.fill('0.3');
    await lambda.fill('0.5');
    await asked;
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await page.getByText('Time Decay λ: 0.50').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`evaluation-${evaluation.id}-votes.csv`);
  });

  it('names an invalid project id, and reads on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, api, 'analyst@example.com');
    await page.goto('/evaluations/not-an-id/analytics');
    await page.getByText('Invalid project ID').waitFor();
    await page.goto(`/evaluations/${evaluation.id}/analytics`);
    await page.getByText('Budget Warning: 50% Threshold Reached').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, ARTIFACTS, 'evaluation-analytics-phone');
  });

  // Last: it spends more of the budget than the tests above expect.
  it('saves budget alert thresholds and lists the alerts raised as the budget passes them', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'analyst@example.com');
    await page.goto(`/evaluations/${evaluation.id}/analytics`);
    const panel = page.getByRole('region', { name: 'Budget alerts' });
    const box = (value: number) => panel.getByRole('checkbox', { name: `${value}% of budget` });
    // Nothing saved yet: 80 % is checked by default, alerts on.
    await panel.getByText('Not saved yet: the default is 80%.').waitFor();
    await expect(box(80).isChecked()).resolves.toBe(true);
    await expect(box(50).isChecked()).resolves.toBe(false);
    await expect(box(100).isChecked()).resolves.toBe(false);
    await expect(panel.getByRole('checkbox', { name: 'Alerts enabled' }).isChecked()).resolves.toBe(true);
    await panel.getByText('No alerts raised yet.').waitFor();

    await box(50).check();
    await panel.getByRole('button', { name: 'Save alerts' }).click();
    await page.getByRole('status').filter({ hasText: 'Budget alert settings saved.' }).waitFor();
    await panel.getByText('Saved: on at 50%, 80%.').waitFor();

    await page.reload();
    await panel.getByText('Saved: on at 50%, 80%.').waitFor();
    await expect(box(50).isChecked()).resolves.toBe(true);
    await expect(box(80).isChecked()).resolves.toBe(true);
    await expect(box(100).isChecked()).resolves.toBe(false);

    // 60 % is spent: the worker raises the 50 % alert (not yet the 80 % one).
    const raised = panel.getByRole('list', { name: 'Alerts raised' });
    const waitForAlert = async (threshold: number) => {
      const item = raised.getByRole('listitem').filter({ hasText: `${threshold}% threshold reached` });
      const deadline = Date.now() + 20_000;
      while ((await item.count()) === 0) {
        if (Date.now() > deadline) throw new Error(`no ${threshold}% alert:\n${api.output()}`);
        await page.waitForTimeout(500);
        await panel.getByRole('button', { name: 'Refresh' }).click();
        await panel.getByRole('button', { name: 'Refresh' }).waitFor();
      }
      return item;
    };
    await (await waitForAlert(50)).getByText('(60.0% used)').waitFor();
    await expect(
      raised.getByRole('listitem').filter({ hasText: '80% threshold reached' }).count(),
    ).resolves.toBe(0);

    // One more paid vote takes the spend to 90 %: the 80 % alert follows.
    const second = await apiSession(api, 'voter2@example.com');
    await second.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/voter2' },
    });
    const claim = await second.call<{ assignment_id: string }>('/api/v1/evaluator/assignments', {
      body: { evaluation_id: evaluation.id },
    });
    await second.call(`/api/v1/evaluator/assignments/${claim.assignment_id}/vote`, {
      body: { vote: 'good' },
    });
    await (await waitForAlert(80)).getByText('(90.0% used)').waitFor();
    await expect(raised.getByRole('listitem').count()).resolves.toBe(2);
    await keepScreenshot(page, ARTIFACTS, 'evaluation-budget-alerts');

    // Switching alerts off is saved and shown too.
    await panel.getByRole('checkbox', { name: 'Alerts enabled' }).uncheck();
    await panel.getByRole('button', { name: 'Save alerts' }).click();
    await panel.getByText('Saved: off at 50%, 80%.').waitFor();
  });
});
