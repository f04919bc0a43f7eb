import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot, mailboxLink } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('private evaluations: the owner invites evaluators by email (browser)', () => {
  const suite = useBrowserSuite();
  const { newPage } = suite;

  it('invites, lists and revokes on the evaluation page; the invited person sees it in their workspace', async () => {
    const owner = await apiSession(suite.api, 'private-owner@example.com', {
      first_name: 'Olga',
      last_name: 'Owner',
    });
    const evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: {
        title: 'Secret answers',
        model_type: 'gpt-4',
        visibility_settings: { is_public: false },
      },
    });
    const key = await owner.call<{ api_key: string; project_id: string }>(
      `/api/v1/evaluations/${evaluation.id}/api-keys`,
      { body: { name: 'ci' } },
    );
    const sent = await fetch(`${suite.api.baseUrl}/api/v1/sdk/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        project_id: key.project_id,
        items: [{ id: 't1', output: 'A private answer.' }],
      }),
    });
    expect(sent.status).toBe(202);
    await owner.call(`/api/v1/projects/${evaluation.id}/evaluation-config`, {
      body: {
        permission_level: 'volunteer_only',
        credit_rates: { community_rate: 1, expert_rate: 1, custom_rates: [] },
        app_detection: { primary_url: 'https://example.com', access_level: 'public' },
      },
    });

    // Before any invitation the evaluator does not see it.
    const evaluatorPage = await newPage();
    await signInInBrowser(evaluatorPage, suite.api, 'invitee@example.com');
    await evaluatorPage.goto('/evaluations');
    await evaluatorPage
      .getByText('No projects are open for you to evaluate right now.', { exact: false })
      .waitFor();

    const page = await newPage();
    await signInInBrowser(page, suite.api, 'private-owner@example.com');
    await page.goto(`/evaluations/${evaluation.id}`);
    const panel = page.getByRole('region', { name: 'Invited evaluators' });
    await panel.getByText('No one is invited yet.').waitFor();
    await panel.getByLabel('Evaluator email').fill('Invitee@Example.com');
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('Invitation sent to invitee@example.com.').waitFor();
    const list = panel.getByRole('list', { name: 'Invitations' });
    await list.getByText('invitee@example.com').waitFor();
    await list.getByText(/has an account/).waitFor();
    await panel.getByLabel('Evaluator email').fill('later@example.com');
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await list.getByText('later@example.com').waitFor();
    await list.getByText(/not signed up yet/).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'evaluation-invitations');

    // The invitation email reached the development mailbox with a link to the workspace.
    expect(await mailboxLink(suite.api.baseUrl, 'invitee@example.com', '/evaluations')).toMatch(
      /\/evaluations$/,
    );
    await evaluatorPage.reload();
    const card = evaluatorPage.getByRole('listitem').filter({ hasText: 'Secret answers' });
    await card.getByText('1 item open').waitFor();

    await panel.getByRole('button', { name: 'Revoke later@example.com' }).click();
    await page.getByText('Invitation of later@example.com revoked.').waitFor();
    await list.getByText('later@example.com').waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Revoke invitee@example.com' }).click();
    await page.getByText('No one is invited yet.').waitFor();
    await evaluatorPage.reload();
    await evaluatorPage
      .getByText('No projects are open for you to evaluate right now.', { exact: false })
      .waitFor();
  });
});
