import { keepScreenshot, mailboxLink } from '@evalmarket/testkit/e2e';
import { describe, expect, it } from 'vitest';
import { apiSession, signInInBrowser } from './support/session';
import { useBrowserSuite } from './support/browser-suite';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;

describe('account settings and email change (browser)', () => {
  const suite = useBrowserSuite();
  const { newPage } = suite;

  it('edits the name with the spec rules and the 3 s saved message', async () => {
    await apiSession(suite.api, 'ada@example.com', { first_name: 'Ada', last_name: 'Lovelace' });
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'ada@example.com');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    const first = page.getByLabel('First Name');
    await expect(first.inputValue()).resolves.toBe('Ada');
    await expect(page.getByLabel('Last Name').inputValue()).resolves.toBe('Lovelace');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('ada@example.com');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save.isDisabled()).resolves.toBe(true);

    await first.fill('   ');
    await save.click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('Last Name').fill('');
    await page.getByText('Last name is required').waitFor();
    await first.fill('  Augusta ');
    await page.getByLabel('Last Name').fill('King');
    await save.click();
    await page.getByText('Profile updated successfully').waitFor();
    await expect(first.inputValue()).resolves.toBe('Augusta');
    await page.getByRole('button', { name: /^Augusta/ }).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'account');
    await page.getByText('Profile updated successfully').waitFor({ state: 'detached', timeout: 5000 });
    await expect(save.isDisabled()).resolves.toBe(true);
  });

  it('changes the email through the verification link', async () => {
    await apiSession(suite.api, 'taken@example.com');
    const page = await newPage();
    await signInInBrowser(page, suite.api, 'mover@example.com');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Change Email' }).click();
    const send = page.getByRole('button', { name: 'Send Verification' });
    await send.click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('New Email').fill('not an email');
    await send.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('New Email').fill('taken@example.com');
    await send.click();
    await page.getByText('Email already in use').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('mover@example.com');

    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByLabel('New Email').fill('moved@example.com');
    await send.click();
    await page.getByText('Verification email sent to moved@example.com. Please check your inbox.').waitFor();
    await page.getByText('Email Change Pending').waitFor();
    await expect(page.locator('.banner').getByText('moved@example.com').isVisible()).resolves.toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'account-email-pending');

    const link = await mailboxLink(suite.api.baseUrl, 'moved@example.com', '/verify-email-change');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Changed' }).waitFor();
    await expect(page.getByText('mover@example.com').isVisible()).resolves.toBe(true);
    await expect(page.getByText('moved@example.com').isVisible()).resolves.toBe(true);
    await keepScreenshot(page, ARTIFACTS, 'verify-email-change');
    await page.waitForURL((url) => url.pathname === '/account', { timeout: 6000 });
    await page.getByLabel('Email').waitFor();
    await page.waitForFunction(
      () =>
        (document.getElementById('current-email') as HTMLInputElement | null)?.value === 'moved@example.com',
    );
    await expect(page.getByText('Email Change Pending').count()).resolves.toBe(0);
  });

  it('explains a verification link without a token, and is readable on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/verify-email-change');
    await page.getByText('Invalid verification link. No token provided.').waitFor();
    await page.getByRole('button', { name: 'Go to Account Settings' }).waitFor();
    await page.goto('/verify-email-change?token=nope');
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await keepScreenshot(page, ARTIFACTS, 'verify-email-change-error-phone');
    await signInInBrowser(page, suite.api, 'ada@example.com');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Change Email' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, ARTIFACTS, 'account-phone');
  });
});
