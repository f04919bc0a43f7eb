import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('evaluator workspace (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let evaluation: TEvaluation;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess(), launchBrowser()]);
    // The requester: an evaluation, an SDK key, two items and a paid configuration.
    const owner = await apiSession(api, 'requester@example.com', {
      first_name: 'Rita',
      last_name: 'Requester',
    });
    evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      // Public: evaluators who were not invited may evaluate it (a private one is invitation-only).
      body: {
        title: 'Travel answers',
        description: 'Is the travel advice correct?',
        model_type: 'gpt-4',
        visibility_settings: { is_public: true },
      },
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
          {
            id: 'trace-1',
            input: 'What is the capital of Portugal?',
            output: 'Lisbon is the capital of Portugal.',
          },
          {
            id: 'trace-2',
            input: 'Do I need a visa for Japan?',
            output: { answer: 'It depends on your passport.' },
          },
        ],
      }),
    });
    expect(sent.status).toBe(202);
    await owner.call(`/api/v1/projects/${evaluation.id}/evaluation-config`, {
      body: {
        permission_level: 'paid_only',
        credit_rates: { community_rate: 100, expert_rate: 150, custom_rates: [] },
        app_detection: { primary_url: 'https://example.com', access_level: 'public' },
        evaluation_instructions: {
          general_guidelines: 'Mark an answer good when it is correct and helpful.',
          evaluation_criteria: '',
          app_context: 'A travel assistant.',
          good_example: '',
          poor_example: '',
        },
      },
    });
    // The evaluator applies (pending evaluators may evaluate and earn already).
    const evaluator = await apiSession(api, 'eve@example.com', { first_name: 'Eve', last_name: 'Evaluator' });
    await evaluator.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/eve' },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl });
    return context.newPage();
  }

  it('claims an item, votes with a comment, earns the reward and goes on to the next', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'eve@example.com');
    await page.goto('/evaluations');
    await page.getByRole('heading', { name: 'Evaluate' }).waitFor();
    await page.getByLabel('Earning balance').getByText('0 credits').waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Travel answers' });
    await card.getByText('100 credits per vote').waitFor();
    await card.getByText('2 items open').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'evaluator-projects');

    await card.getByRole('button', { name: 'Start evaluating Travel answers' }).click();
    const item = page.getByRole('region', { name: 'Item to evaluate' });
    await item.waitFor();
    await item.getByText('Reward: 100 credits').waitFor();
    await expect(item.getByLabel(/Time left on this item: (9|10):\d\d/).isVisible()).resolves.toBe(true);
    await page
      .getByRole('complementary', { name: 'Instructions' })
      .getByText('Mark an answer good when it is correct and helpful.')
      .waitFor();
    await item.getByText('What is the capital of Portugal?').waitFor();
    await item.getByText('Lisbon is the capital of Portugal.').waitFor();
    await item.getByLabel('Comment (optional)').fill('Correct and short.');
    await item.getByText('18/2000').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'evaluator-item');
    await item.getByRole('button', { name: '✓ Good' }).click();
    await page.getByText('Vote recorded. You earned 100 credits ($0.10).').waitFor();
    await page.getByLabel('Earning balance').getByText('100 credits').waitFor();

    await page.getByRole('button', { name: 'Next item' }).click();
    await item.getByText('Do I need a visa for Japan?').waitFor();
    await item.getByRole('button', { name: '✗ Bad' }).click();
    await page.getByLabel('Earning balance').getByText('200 credits').waitFor();
    await page.getByRole('button', { name: 'Next item' }).click();
    await page.getByText('No more items to evaluate in this project right now. Thank you!').waitFor();
    await page.getByRole('button', { name: '← All projects' }).click();
    await page.getByText('0 items open').waitFor();
  });

  it('shows an empty list, with the way to apply, to someone who may not evaluate', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, api, 'newcomer@example.com');
    await page.goto('/evaluations');
    await page
      .getByText('No projects are open for you to evaluate right now. Please check back later.')
      .waitFor();
    await page.getByRole('link', { name: 'apply to become an evaluator' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, ARTIFACTS, 'evaluator-empty-phone');
  });
});
