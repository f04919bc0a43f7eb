import type { TEvaluation } from '@evalmarket/contracts';
import { keepScreenshot } from '@evalmarket/testkit/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { waitForTitle } from './support/page-title';
import { apiSession, fundPlatform, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const RATE = 5_000;

/**
 * Issue 23's evaluator journey, as a new person walks it: sign up, find work from the menu,
 * evaluate with the keyboard, see the earnings and the votes, get verified, set up payouts and
 * cash out, on a desktop and on a phone.
 */
describe('a new evaluator finds work, earns and cashes out (browser)', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: 'admin@example.com' } });

  /** A requester's public project with two items, open to volunteers and paid evaluators. */
  async function openProject(name: string): Promise<TEvaluation> {
    const owner = await apiSession(suite.api, `${name}-owner@example.com`);
    await owner.call('/api/v1/dev/grant-credits', { body: { amount_credits: 100_000 } });
    const evaluation = await owner.call<TEvaluation>('/api/v1/jobs', {
      body: {
        title: `Recipe answers ${name}`,
        description: 'Are the cooking answers right?',
        model_type: 'gpt-4',
        visibility_settings: { is_public: true },
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
        items: [
          { id: 'egg', input: 'How long to boil an egg?', output: 'About 9 minutes for a hard egg.' },
          { id: 'rice', input: 'Rice to water ratio?', output: 'Ten cups of water per cup of rice.' },
        ],
      }),
    });
    expect(sent.status).toBe(202);
    await owner.call(`/api/v1/projects/${evaluation.id}/evaluation-config`, {
      body: {
        permission_level: 'both',
        credit_rates: { community_rate: RATE, expert_rate: RATE + 1_000, custom_rates: [] },
        app_detection: { primary_url: 'https://example.com', access_level: 'public' },
        evaluation_instructions: {
          general_guidelines: 'Good when the cooking advice is right.',
          evaluation_criteria: '',
          app_context: '',
          good_example: '',
          poor_example: '',
        },
      },
    });
    return evaluation;
  }

  /** Follows a menu entry: the header's own link or account menu, or the phone's ☰ menu. */
  async function viaMenu(page: Page, label: string): Promise<void> {
    const toggle = page.getByRole('button', { name: 'Menu' });
    if (await toggle.isVisible()) {
      await toggle.click();
      await page
        .getByRole('navigation', { name: 'Mobile' })
        .getByRole('link', { name: label, exact: true })
        .click();
      return;
    }
    const header = page.getByRole('navigation', { name: 'Account' });
    const direct = header.getByRole('link', { name: label, exact: true });
    if (await direct.isVisible()) return direct.click();
    await header.getByRole('button', { name: /▾/ }).click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
  }

  async function noSideScroll(page: Page, width: number): Promise<void> {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`walks the whole way on a ${device} (${viewport.width}x${viewport.height})`, async () => {
      const project = await openProject(device);
      const email = `new-${device}@example.com`;
      const page = await suite.newPage(viewport);
      const shot = (name: string) => keepScreenshot(page, ARTIFACTS, `journey-${device}-${name}`);

      // Sign up, then find work from the menu; paid work asks for an application first.
      await signInInBrowser(page, suite.api, email);
      await waitForTitle(page, 'Home - Evalmarket');
      await viaMenu(page, 'Evaluate');
      await page.getByRole('heading', { name: 'Evaluate' }).waitFor();
      await waitForTitle(page, 'Evaluate - Evalmarket');
      const card = page.getByRole('listitem').filter({ hasText: project.title });
      await card.getByText('Volunteer').waitFor();
      await viaMenu(page, 'Become an Evaluator');
      await page.getByRole('button', { name: 'Get Started' }).click();
      await page.getByRole('button', { name: /Indeed Resume/ }).click();
      await page.getByLabel('Indeed resume URL').fill(`https://www.indeed.com/r/${device}/1`);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
      await page.getByRole('button', { name: 'Start Evaluating' }).click();
      await page.getByRole('heading', { name: 'Evaluate' }).waitFor();
      // Back at the application from the menu: its state, not a wizard that would end in a 409.
      await viaMenu(page, 'Evaluator Application');
      await page.getByRole('heading', { name: 'Your application is under review' }).waitFor();
      await expect(page.getByRole('button', { name: 'Get Started' }).count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Start Evaluating' }).click();

      // Pending evaluators are paid: evaluate with the keyboard, the shortcuts on screen. On the
      // desktop from the project list, on the phone from the evaluation's own page.
      await card.getByText(`${RATE.toLocaleString('en-US')} credits per vote`).waitFor();
      if (device === 'desktop') {
        await card.getByRole('button', { name: `Start evaluating ${project.title}` }).click();
      } else {
        await page.goto(`/evaluations/${project.id}`);
        await page.getByRole('link', { name: `Evaluate this: ${project.title}` }).click();
      }
      const item = page.getByRole('region', { name: 'Item to evaluate' });
      await item.getByText('How long to boil an egg?').waitFor();
      const shortcuts = page.getByLabel('Keyboard shortcuts');
      await shortcuts.getByText('Good').waitFor();
      await expect(shortcuts.getByText('Bad').isVisible()).resolves.toBe(true);
      await page.getByLabel('Queue').getByText('0 votes this session').waitFor();
      await shot('item');
      await page.keyboard.press('g');
      await page.getByText('Vote recorded. You earned 5,000 credits ($5.00).').waitFor();
      await page.getByLabel('Queue').getByText('1 vote this session').waitFor();
      await page.keyboard.press('n');
      await item.getByText('Rice to water ratio?').waitFor();
      // Typing a comment casts nothing; Escape leaves the field and B votes bad.
      await item.getByLabel('Comment (optional)').fill('Far too much water.');
      await item.getByLabel('Comment (optional)').press('b');
      await expect(item.getByLabel('Comment (optional)').inputValue()).resolves.toBe('Far too much water.b');
      await item.getByLabel('Comment (optional)').fill('Far too much water.');
      await item.getByLabel('Comment (optional)').press('Escape');
      await page.keyboard.press('b');
      await page.getByText('Vote recorded. You earned 5,000 credits ($5.00).').waitFor();
      await page.getByLabel('Queue').getByText('0 items left in the queue').waitFor();
      await page.getByLabel('Earning balance').getByText('10,000 credits').waitFor();
      await noSideScroll(page, viewport.width);
      await shot('voted');

      // The votes and the earnings, each naming its evaluation.
      await viaMenu(page, 'My Votes');
      await page.getByRole('heading', { name: 'My Votes' }).waitFor();
      const votes = page.getByRole('listitem').filter({ hasText: project.title });
      await votes.first().waitFor();
      await expect(votes.count()).resolves.toBe(2);
      await votes.filter({ hasText: 'Far too much water.' }).getByText('✗ Bad').waitFor();
      await expect(votes.getByText('Awaiting majority').count()).resolves.toBe(2);
      await noSideScroll(page, viewport.width);
      await shot('votes');
      await viaMenu(page, 'Wallet & Credits');
      await page.getByLabel('Filter transactions').selectOption('earning');
      const rewards = page.getByRole('row').filter({ hasText: 'Reward for a vote' });
      await rewards.nth(1).waitFor();
      await expect(rewards.first().getByRole('link', { name: project.title }).isVisible()).resolves.toBe(
        true,
      );
      await expect(rewards.count()).resolves.toBe(2);
      await rewards.first().getByText('+5,000 credits').waitFor();
      await noSideScroll(page, viewport.width);

      // Verified by an admin: the menu now offers the cash-out.
      const admin = await apiSession(suite.api, 'admin@example.com');
      const me = await apiSession(suite.api, email);
      await admin.call(`/api/v1/admin/evaluator/approve/${me.user.id}`, {
        body: { qualification_tier: 'community' },
      });
      await fundPlatform(suite.api, `funder-${device}@example.com`, 50);
      await page.reload();
      await viaMenu(page, 'Cash Out');
      await page.getByRole('heading', { name: 'Cash Out Earnings' }).waitFor();
      await page.getByRole('button', { name: 'Set Up Bank Account' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/payments/setup' && url.search === '?connect=success',
        {
          timeout: 15_000,
        },
      );
      await page.getByText('Bank Account Connected').waitFor();
      await viaMenu(page, 'Cash Out');
      await page.getByRole('heading', { name: 'Cash-out Breakdown' }).waitFor();
      await expect(page.getByText('−$1.00').isVisible()).resolves.toBe(true);
      await expect(page.getByText('$9.00').first().isVisible()).resolves.toBe(true);
      await shot('cashout');
      await page.getByRole('button', { name: 'Cash Out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Cash Out' });
      await dialog.getByRole('button', { name: 'Confirm Cash Out' }).click();
      await page.getByText('Cash-out of $9.00 initiated. It arrives in 2-3 business days.').waitFor();

      // The payout in the wallet: gross, fee and net.
      await viaMenu(page, 'Wallet & Credits');
      await page.getByLabel('Filter transactions').selectOption('earning');
      const payout = page.getByRole('row').filter({ hasText: 'Cash-out to bank account' });
      await payout.getByText('−10,000 credits').waitFor();
      await payout.getByText('Gross 10,000 − fee 1,000 = net 9,000 credits ($9.00 to your bank)').waitFor();
      await noSideScroll(page, viewport.width);
      await shot('payout');
    });
  }
});
