import { keepScreenshot } from '@evalmarket/testkit/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { apiSession, signInInBrowser } from './support/session';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function buyFiftyDollars(page: Page): Promise<void> {
  await page.goto('/wallet');
  const credit = page.getByRole('article', { name: 'Credit Balance' });
  await credit.getByRole('button', { name: 'Purchase Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await dialog.getByLabel('Card number').waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await dialog.getByRole('button', { name: 'Complete Purchase' }).click();
  await dialog.getByText('Payment successful! Your credits will appear shortly.').waitFor();
  await credit.getByText('50,000 credits', { exact: true }).waitFor({ timeout: 15_000 });
}

/** Two evaluators apply (pending evaluators are paid) and each votes on the first item. */
async function crowdVotes(api: Parameters<typeof apiSession>[0], prefix: string, evaluationId: string) {
  for (const [index, vote] of (['good', 'bad'] as const).entries()) {
    const evaluator = await apiSession(api, `${prefix}-voter-${index}@example.com`);
    await evaluator.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: `https://www.indeed.com/r/${prefix}-${index}` },
    });
    const claim = await evaluator.call<{ assignment_id: string; input: unknown }>(
      '/api/v1/evaluator/assignments',
      { body: { evaluation_id: evaluationId } },
    );
    expect(claim.input).toBe('How do I reset my password?');
    await evaluator.call(`/api/v1/evaluator/assignments/${claim.assignment_id}/vote`, {
      body: { vote, comment: `${vote} answer, says voter ${index}` },
    });
  }
}

describe('a new requester from sign-up to results (browser)', () => {
  const suite = useBrowserSuite();

  for (const viewport of VIEWPORTS) {
    it(`signs up, buys, creates with manual items, configures, launches and watches: ${viewport.name}`, async () => {
      const shot = (name: string) => keepScreenshot(page, ARTIFACTS, `journey-${viewport.name}-${name}`);
      const email = `journey-${viewport.name}@example.com`;
      // Each run's own title, so one run's public evaluation is not found by the other's search.
      const title = `Support bot answers ${viewport.name}`;
      const search = `/?q=${encodeURIComponent(title)}`;
      const page = await suite.newPage({ width: viewport.width, height: viewport.height });
      const fitsWidth = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

      // Sign up (the magic link registers), then buy credits.
      await signInInBrowser(page, suite.api, email);
      await buyFiftyDollars(page);
      await shot('wallet');

      // Create with manual items; the page says where items come from.
      await page.goto('/evaluations/create');
      await page
        .getByLabel('Where items come from')
        .getByText(/CSV or JSONL upload/)
        .waitFor();
      await page.getByLabel('Title').fill('x'.repeat(201));
      await page.getByRole('button', { name: 'Save Draft' }).click();
      await page.getByRole('alert').getByText('Title must be at most 200 characters').waitFor();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Input item 1', { exact: true }).fill('How do I reset my password?');
      await page.getByRole('button', { name: '+ Add Item' }).click();
      await page.getByLabel('Input item 2', { exact: true }).fill('Can I change my plan?');
      await page.getByLabel('Model', { exact: true }).selectOption('gpt-4');
      await shot('create');
      await page.getByRole('button', { name: 'Save Draft' }).click();
      await page.waitForURL(/\/evaluations\/[0-9a-f-]{36}$/);
      const evaluationId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText('draft', { exact: true }).waitFor();
      await page.getByTestId('model-configuration').getByText('gpt-4').waitFor();

      // The items are really there, and the owner meets no Langfuse wall.
      const items = page.getByRole('region', { name: 'Items' });
      await items.getByTestId('items-total').getByText('2 items').waitFor();
      await items.getByRole('cell', { name: 'How do I reset my password?' }).waitFor();
      const config = page.getByRole('region', { name: 'Human Evaluation Configuration' });
      await config.getByRole('radio', { name: /Disabled/ }).waitFor();
      await expect(page.getByText('Langfuse Connection Required').count()).resolves.toBe(0);

      // Edit the details of the draft.
      await page.getByRole('button', { name: 'Edit details' }).click();
      const edit = page.getByRole('form', { name: 'Edit details' });
      await edit.getByLabel('Description').fill('Are the answers of our support bot helpful?');
      await edit.getByLabel(/^Public/).check();
      await edit.getByRole('button', { name: 'Save details' }).click();
      await page.getByText('Are the answers of our support bot helpful?').waitFor();
      await page.getByText('Public', { exact: true }).waitFor();
      // A public draft is not on the public home page.
      await page.goto(search);
      await page.getByText(`No public evaluations match "${title}".`).waitFor();
      await page.goto(`/evaluations/${evaluationId}`);

      // Upload more items: the bad line is named, the good ones are added.
      await page.getByLabel('Upload items file').setInputFiles({
        name: 'more.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(
          '{"input":"Where is my invoice?","output":"Under Billing."}\nnot json\n{"input":"Do you ship abroad?"}\n',
        ),
      });
      await items.getByText('Upload finished: 2 added, 0 already there, 1 refused').waitFor();
      await items.getByText('Row 2: is not valid JSON').waitFor();
      await items.getByTestId('items-total').getByText('4 items').waitFor();
      await shot('items');

      // A configuration that fails to load shows the error and Retry, never a form of defaults.
      await page.route('**/api/v1/projects/*/evaluation-config', (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })
          : route.continue(),
      );
      await page.reload();
      await config.getByText('Failed to load configuration').waitFor();
      await expect(config.getByRole('button', { name: 'Save Configuration' }).count()).resolves.toBe(0);
      await page.unroute('**/api/v1/projects/*/evaluation-config');
      await config.getByRole('button', { name: 'Retry' }).click();

      // Configure: paid evaluators, two votes per item, an app URL the server cannot reach.
      await config.getByRole('radio', { name: /Paid only/ }).check();
      await config.getByLabel('Expert rate (credits per vote)').fill('150');
      await config.getByLabel('Votes per item').fill('2');
      await config.getByLabel('App URL (required)').fill('https://unreachable.invalid');
      await config.getByRole('button', { name: 'Save Configuration' }).click();
      await page.getByText('Configuration saved successfully! Your settings are now active.').waitFor();
      await config
        .getByRole('alert')
        .getByText(/could not reach this app URL/)
        .waitFor();

      // The cost preview before launch: 4 items × 2 votes at 100 to 150 credits, against the balance.
      const preview = page.getByLabel('Cost preview');
      await preview.getByText('4 items × 2 votes per item = 8 votes').waitFor();
      await preview.getByText('800 credits to 1,200 credits ($0.80 to $1.20)').waitFor();
      await preview.getByText('Your balance covers every item.').waitFor();
      await fitsWidth();
      await shot('configured');

      // Launch.
      await page.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('active', { exact: true }).waitFor();

      // Evaluators vote; the requester watches the results.
      await crowdVotes(suite.api, `journey-${viewport.name}`, evaluationId);
      await page.goto('/my-evaluations');
      await page.getByText('1 of 4 items complete · 2 votes').waitFor();
      await shot('my-evaluations');

      await page.goto(`/evaluations/${evaluationId}/analytics`);
      await page.getByRole('heading', { name: 'Evaluation Analytics' }).waitFor();
      await expect(page.getByText('Majority Threshold').count()).resolves.toBe(0);
      await page.getByText("Agreement (Krippendorff's α)").waitFor();
      const verdicts = page.getByRole('region', { name: 'Verdicts by item' });
      await verdicts.getByText('good answer, says voter 0').waitFor();
      await verdicts.getByText('bad answer, says voter 1').waitFor();
      await verdicts.getByRole('cell', { name: 'tie' }).waitFor();
      await fitsWidth();
      await shot('analytics');

      // Someone else opening these analytics is told they have no access.
      const other = await suite.newPage({ width: viewport.width, height: viewport.height });
      await signInInBrowser(other, suite.api, `journey-${viewport.name}-other@example.com`);
      await other.goto(`/evaluations/${evaluationId}/analytics`);
      await other.getByRole('heading', { name: 'No access to these analytics' }).waitFor();
      await expect(other.getByText(/check your connection/).count()).resolves.toBe(0);
      // Launched and public, it is now found on the home page.
      await other.goto(search);
      await other.getByRole('link', { name: new RegExp(title) }).waitFor();
    });
  }
});
