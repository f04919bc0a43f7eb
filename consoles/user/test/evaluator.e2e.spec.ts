import { keepScreenshot } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { apiSession, fundPlatform, signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('evaluator banners, apply wizard and cash-out (browser)', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  const { newPage } = suite;

  it('applies with an Indeed resume from the home banner, then expresses expert interest', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'applicant@example.com');
    const banner = page.getByRole('region', { name: 'Evaluator status' });
    await banner.getByText('Not applied').waitFor();
    await keepScreenshot(page, ARTIFACTS, 'home-evaluator-not-applied');
    await banner.getByRole('link', { name: 'Apply Now' }).click();

    await page.getByRole('heading', { name: 'Become an Evaluator' }).waitFor();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Choose how to apply' }).waitFor();
    // LinkedIn is not configured in the test API: the server answers 503, said plainly here.
    await page.getByRole('button', { name: /LinkedIn/ }).click();
    await page.getByText(/LinkedIn sign-in is not available right now/).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'apply-method');

    await page.getByRole('button', { name: /Indeed Resume/ }).click();
    const url = page.getByLabel('Indeed resume URL');
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await url.fill('https://example.com/r/ada');
    await page.getByText('Please enter a valid Indeed resume URL').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await url.fill('https://www.indeed.com/r/');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await url.fill('https://www.indeed.com/r/ada-lovelace/1234');
    await expect(submit.isDisabled()).resolves.toBe(false);
    await submit.click();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    await expect(page.getByText('We review your application within 48 hours.').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: 'Start Evaluating' }).isVisible()).resolves.toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'apply-confirmation');
    await page.getByRole('button', { name: 'Go to Home' }).click();

    await page.getByRole('region', { name: 'Evaluator status' }).getByText('Pending').waitFor();
    await expect(page.getByText(/within 48 hours/).isVisible()).resolves.toBe(true);
    await expect(page.getByText('$0.00').isVisible()).resolves.toBe(true);
    const interest = page.getByRole('region', { name: 'Expert tier interest' });
    await interest.waitFor();
    await keepScreenshot(page, ARTIFACTS, 'home-evaluator-pending');
    await interest.getByRole('button', { name: 'Express Interest' }).click();
    await page.getByText('Thanks! We noted your interest in the Expert tier.').waitFor();
    await expect(interest.count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole('region', { name: 'Evaluator status' }).waitFor();
    await expect(page.getByRole('region', { name: 'Expert tier interest' }).count()).resolves.toBe(0);
  });

  it('applies with a CV and refuses other file types', async () => {
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'cv@example.com');
    await page.goto('/evaluator/apply');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('button', { name: /Upload CV/ }).click();
    await page.getByLabel(/CV file/).setInputFiles({
      name: 'cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await page.getByText('Please upload a PDF or Word document').waitFor();
    await page.getByLabel(/CV file/).setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      // A well-formed one-page PDF: the API parses a CV's structure, not just its first bytes.
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
          '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\nxref\n0 4\n0000000000 65535 f \n' +
          '0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n',
        'latin1',
      ),
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
  });

  it('cashes out a verified evaluator after setting up the bank account', async () => {
    const admin = await apiSession(suite.api, 'admin@example.com');
    const person = await apiSession(suite.api, 'earner@example.com', {
      first_name: 'Earl',
      last_name: 'Ner',
    });
    await person.call('/api/v1/evaluator/apply', {
      body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/earl/1' },
    });
    await admin.call(`/api/v1/admin/evaluator/approve/${person.user.id}`, {
      body: { qualification_tier: 'expert' },
    });
    await person.call('/api/v1/dev/grant-credits', {
      body: { amount_credits: 25_000, context: 'earning' },
    });
    // The transfer spends card money the platform has received (Stripe: available balance).
    await fundPlatform(suite.api, 'funder@example.com', 50);

    const page = await newPage();
    await signInInBrowser(page, suite.api, 'earner@example.com');
    const banner = page.getByRole('region', { name: 'Evaluator status' });
    await banner.getByText('Verified', { exact: true }).waitFor();
    await expect(banner.getByText('$25.00').isVisible()).resolves.toBe(true);
    await banner.getByRole('link', { name: 'Cash Out' }).click();

    await page.getByRole('heading', { name: 'Cash Out Earnings' }).waitFor();
    await page.getByText('25,000 credits').waitFor();
    await page.getByRole('button', { name: 'Set Up Bank Account' }).click();
    await page.waitForURL((url) => url.pathname === '/payments/setup' && url.search === '?connect=success', {
      timeout: 15_000,
    });
    await page.getByText('Bank Account Connected').waitFor();

    await page.goto('/evaluator/cashout');
    const breakdown = page.getByRole('heading', { name: 'Cash-out Breakdown' });
    await breakdown.waitFor();
    await expect(page.getByText('−$2.50').isVisible()).resolves.toBe(true);
    await expect(page.getByText('$22.50').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Payouts arrive in 2-3 business days.').isVisible()).resolves.toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'cashout');
    await page.getByRole('button', { name: 'Cash Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Cash Out' });
    await dialog.getByText(/cannot be cancelled/).waitFor();
    await dialog.getByRole('button', { name: 'Confirm Cash Out' }).click();
    await page.getByText('Cash-out of $22.50 initiated. It arrives in 2-3 business days.').waitFor();
    // The status reloads a second later: nothing left to cash out.
    await page.getByText('Minimum Balance Not Met').waitFor({ timeout: 5000 });
    await keepScreenshot(page, ARTIFACTS, 'cashout-done');

    // Verified with less than 10,000 credits: no status banner on home; an expert is not asked
    // whether the Expert tier interests them.
    await page.goto('/');
    await page.getByRole('link', { name: 'Evaluate', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Evaluator status' }).count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'Expert tier interest' }).count()).resolves.toBe(0);
  });

  it('tells a person who has not applied how to cash out, on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInInBrowser(page, suite.api, 'newbie@example.com');
    await page.goto('/evaluator/cashout');
    await page.getByText('Not a Verified Evaluator').waitFor();
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await page.getByRole('heading', { name: 'Become an Evaluator' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, ARTIFACTS, 'apply-phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
