import type { TEvaluation } from '@evalmarket/contracts';
import { startLangfuseFake, type LangfuseFake } from '@evalmarket/testkit';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('evaluation detail: Langfuse, configuration and SDK keys (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let langfuse: LangfuseFake;
  let app: Server;
  let appUrl: string;
  let evaluation: TEvaluation;

  beforeAll(async () => {
    langfuse = await startLangfuseFake();
    app = createServer((req, res) => {
      res.writeHead(req.url === '/down' ? 503 : 200, { 'content-type': 'text/html' });
      res.end('<h1>My app</h1>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    [api, browser] = await Promise.all([
      startApiProcess({ env: { OUTBOUND_ALLOWED_ORIGINS: `${langfuse.url},${appUrl}` } }),
      launchBrowser(),
    ]);
    const owner = await apiSession(api, 'owner@example.com', { first_name: 'Olive', last_name: 'Owner' });
    evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: {
        title: 'Recipe assistant',
        description: 'Does the assistant give safe cooking advice?',
        model_type: 'gpt-4',
        visibility_settings: { is_public: true },
        input_data: ['How long do I boil an egg?'],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await langfuse?.close();
    await new Promise((resolve) => app?.close(resolve));
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, baseURL: api.baseUrl });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return context.newPage();
  }

  it('lets the owner connect Langfuse, configure human evaluation and manage API keys', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'owner@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await page.getByRole('heading', { name: 'Recipe assistant' }).waitFor();
    await expect(page.getByRole('link', { name: 'View Analytics' }).getAttribute('href')).resolves.toBe(
      `/evaluations/${evaluation.id}/analytics`,
    );
    const projectId = `proj_${evaluation.id.replace(/-/g, '_')}`;
    await page.getByLabel('Project ID').getByText(projectId).waitFor();

    // Before any item source, the configuration asks for Langfuse.
    await page.getByRole('heading', { name: 'Langfuse Connection Required' }).waitFor();

    // Langfuse: the required fields, a test, the project list, then the connection.
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText('Please fill in all required fields').waitFor();
    await page.getByLabel('Public key').fill(langfuse.publicKey);
    await page.getByLabel('Secret key').fill(langfuse.secretKey);
    await page.getByLabel('Host').fill(langfuse.url);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText('Connection successful! Select a project below.').waitFor();
    await page.getByLabel('Langfuse project').selectOption(langfuse.project.id);
    await page.getByRole('button', { name: 'Save Connection' }).click();
    await page.getByText('Langfuse connection saved successfully!').waitFor();
    const lf = page.getByRole('region', { name: 'Langfuse Integration' });
    await lf.getByText(langfuse.url).waitFor();
    await lf.getByRole('button', { name: 'Hide Details' }).click();
    await expect(lf.getByText(langfuse.url).isVisible()).resolves.toBe(false);
    await lf.getByRole('button', { name: 'Show Details' }).click();
    await expect(lf.getByRole('button', { name: 'Edit' }).isVisible()).resolves.toBe(true);

    // The configuration now starts from its defaults: disabled, which is a setting it can save.
    const config = page.getByRole('region', { name: 'Human Evaluation Configuration' });
    await config.getByRole('radio', { name: /Disabled/ }).waitFor();
    await expect(config.getByRole('radio', { name: /Disabled/ }).isChecked()).resolves.toBe(true);
    await expect(config.getByRole('button', { name: 'Save Configuration' }).isDisabled()).resolves.toBe(
      false,
    );
    await config.getByRole('radio', { name: /Paid only/ }).check();
    await config.getByText('Cost Simulation Calculator').waitFor();
    // Defaults 50 evaluations of 3 votes each and 60 % community: 90 × 100 + 60 × 100.
    await config.getByText('15,000 credits ($15.00)').waitFor();
    await config.getByLabel('Expert rate (credits per vote)').fill('150');
    await config.getByText('18,000 credits ($18.00)').waitFor();
    await config.getByLabel(/Evaluations per month/).fill('101');
    await config.getByLabel(/Community share/).fill('50');
    // 303 votes × 50 % = 151.5, rounded to 152 community and 151 expert: 15,200 + 22,650.
    await config.getByText('37,850 credits ($37.85)').waitFor();
    // One vote per item: 101 votes, 51 community and 50 expert: 5,100 + 7,500.
    await config.getByLabel('Votes per item').fill('1');
    await config.getByText('12,600 credits ($12.60)').waitFor();
    await expect(config.getByRole('button', { name: 'Save Configuration' }).isDisabled()).resolves.toBe(true);

    await config.getByLabel('App URL (required)').fill(`${appUrl}/down`);
    await config.getByRole('button', { name: 'Test URL' }).click();
    await config.getByText('✗ URL is not accessible').waitFor();
    await page.getByText(/URL validation failed: /).waitFor();
    await config
      .getByRole('alert')
      .getByText(/could not reach this app URL \(The app answered HTTP 503\)/)
      .waitFor();
    await config.getByLabel('App URL (required)').fill(appUrl);
    await config.getByRole('button', { name: 'Test URL' }).click();
    await config.getByText('✓ URL is accessible').waitFor();
    await config.getByLabel('General guidelines').fill('Judge whether the advice is safe.');
    await config.getByText('33/2000').waitFor();
    await config.getByLabel('Enable budget limits').check();
    await config.getByLabel('Maximum budget (USD)').fill('20');
    await config.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved successfully! Your settings are now active.').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'evaluation-detail-owner');

    // The saved configuration comes back after a reload.
    await page.reload();
    await config.getByRole('radio', { name: /Paid only/ }).waitFor();
    await expect(config.getByRole('radio', { name: /Paid only/ }).isChecked()).resolves.toBe(true);
    await expect(config.getByLabel('Expert rate (credits per vote)').inputValue()).resolves.toBe('150');
    await expect(config.getByLabel('Maximum budget (USD)').inputValue()).resolves.toBe('20');
    await expect(config.getByLabel('Votes per item').inputValue()).resolves.toBe('1');

    // API keys: shown once, listed by prefix, revocable.
    await page.getByLabel('Key name').fill('production');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByText('Copy this key now. It will not be shown again.').waitFor();
    const key = (await page.getByLabel('New API key').textContent())!;
    expect(key).toMatch(/^emk_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(key).count()).resolves.toBe(0);
    const row = page.getByRole('row', { name: /production/ });
    await row.getByText('active').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revoke production' }).click();
    await row.getByText('revoked').waitFor();

    // Disconnecting Langfuse asks first.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        'Are you sure you want to disconnect from Langfuse? This will remove the integration.',
      );
      void dialog.accept();
    });
    await lf.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Langfuse connection removed successfully').waitFor();
    await lf.getByLabel('Public key').waitFor();
  });

  it('shows the public view to other people and to signed-out visitors', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'someone-else@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await page.getByRole('heading', { name: 'Recipe assistant' }).waitFor();
    await page.getByText('Only the evaluation owner can access integration settings.').waitFor();
    await page.getByText('Only the evaluation owner can access evaluation configuration settings.').waitFor();
    await expect(page.getByRole('link', { name: 'View Analytics' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Create API Key' }).count()).resolves.toBe(0);

    const visitor = await newPage({ width: 390, height: 844 });
    await visitor.goto(`/evaluations/${evaluation.id}`);
    await visitor.getByRole('heading', { name: 'Recipe assistant' }).waitFor();
    await visitor.getByText('Please sign in to access Langfuse integration settings.').waitFor();
    await visitor.getByText('Please sign in to access evaluation configuration settings.').waitFor();
    await visitor.getByText('Please sign in to access integration settings.').waitFor();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(visitor, ARTIFACTS, 'evaluation-detail-visitor-phone');

    await visitor.goto('/evaluations/00000000-0000-4000-8000-000000000000');
    await visitor.getByRole('heading', { name: 'Evaluation not found' }).waitFor();
  });
});
