import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot, launchBrowser, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('evaluation detail: status actions and version history (browser)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof apiSession>>;
  let evaluation: TEvaluation;
  let draft: TEvaluation;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApiProcess(), launchBrowser()]);
    owner = await apiSession(api, 'keeper@example.com', { first_name: 'Kay', last_name: 'Keeper' });
    evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: { title: 'Travel planner', model_type: 'gpt-4' },
    });
    draft = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: { title: 'Draft idea', model_type: 'gpt-4', status: 'draft' },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: api.baseUrl,
    });
    return context.newPage();
  }
  const badge = (page: Page, status: string) => page.locator('.page-head').getByText(status, { exact: true });

  it('lists the version history after an edit, with who and when', async () => {
    await owner.call(`/api/v1/evaluations/${evaluation.id}`, {
      method: 'PATCH',
      body: { title: 'Travel planner v2', description: 'Now with trains' },
    });
    const page = await newPage();
    await signInInBrowser(page, api, 'keeper@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await page.getByRole('heading', { name: 'Travel planner v2' }).waitFor();
    const history = page.getByRole('list', { name: 'Version history' });
    const edited = history.getByRole('listitem').filter({ hasText: 'Edited' });
    await edited.getByText('title: Travel planner v2; description: Now with trains').waitFor();
    await edited.getByText(`by you (user:${owner.user.id})`).waitFor();
    const created = history.getByRole('listitem').filter({ hasText: 'Version 1' });
    await created.getByText('Created').waitFor();
    await created.getByText(/title: Travel planner; status: active/).waitFor();
    // Newest first: the edit comes before the creation.
    await expect(history.getByRole('listitem').first().textContent()).resolves.toContain('Edited');
  });

  it('moves the status along the documented transitions, confirms Archive and explains a 409', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'keeper@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    await badge(page, 'active').waitFor();
    const actions = page.getByRole('region', { name: 'Status' });
    const history = page.getByRole('list', { name: 'Version history' });

    await actions.getByRole('button', { name: 'Mark completed' }).click();
    await page.getByRole('status').filter({ hasText: 'Evaluation marked completed.' }).waitFor();
    await badge(page, 'completed').waitFor();
    await history.getByText('status active → completed').waitFor();
    await actions.getByRole('button', { name: 'Reactivate' }).click();
    await badge(page, 'active').waitFor();
    await history.getByText('status completed → active').waitFor();

    // Archive asks first; Cancel changes nothing.
    await actions.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Archive this evaluation?' });
    await confirm.getByText(/Archiving is final/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await badge(page, 'active').waitFor();

    // Someone archives it elsewhere; this page still offers Mark completed: 409, then the truth.
    await owner.call(`/api/v1/evaluations/${evaluation.id}/status`, { body: { status: 'archived' } });
    await actions.getByRole('button', { name: 'Mark completed' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The status could not change: this evaluation was changed elsewhere' })
      .waitFor();
    await badge(page, 'archived').waitFor();
    await actions.getByText('Archived evaluations are final: the status can no longer change.').waitFor();
    await expect(actions.getByRole('button').count()).resolves.toBe(0);
    await keepScreenshot(page, ARTIFACTS, 'evaluation-status-409');
  });

  it('activates a draft and archives it after confirming', async () => {
    const page = await newPage();
    await signInInBrowser(page, api, 'keeper@example.com');
    await page.goto(`/evaluations/${draft.id}`);
    await badge(page, 'draft').waitFor();
    const actions = page.getByRole('region', { name: 'Status' });
    await actions.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('status').filter({ hasText: 'Evaluation is active.' }).waitFor();
    await badge(page, 'active').waitFor();
    await actions.getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('alertdialog', { name: 'Archive this evaluation?' })
      .getByRole('button', { name: 'Yes, archive' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Evaluation archived.' }).waitFor();
    await badge(page, 'archived').waitFor();
    await expect(
      owner.call<TEvaluation>(`/api/v1/evaluations/${draft.id}`).then((reply) => reply.status),
    ).resolves.toBe('archived');
  });
});
