import { apiTopologies, keepScreenshot, launchBrowser, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSession,
  buyCredits,
  pdfToText,
  signInToken,
  signInToUserConsole,
  type Call,
} from './support/scene';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const ADMIN = 'cfo@example.com';
const EVALUATOR = 'eve@example.com';
const CASHOUT_FAILED = 'Failed to process cashout';
/** The API's secret key for its local Stripe double (payments-gateway.ts): the platform's own Stripe access. */
const LOCAL_SECRET_KEY = 'sk_test_local';

/** Connects a payout account the way the console does (onboarding link, Stripe's hosted page). */
async function connectPayoutAccount(person: { call: Call }): Promise<string> {
  const created = await person.call<{ account_id: string }>('/api/v1/payments/connect/create-account', {
    method: 'POST',
  });
  const link = await person.call<{ onboarding_url: string }>('/api/v1/payments/connect/onboarding-link', {
    method: 'POST',
  });
  await fetch(link.onboarding_url, { redirect: 'manual' });
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const status = await person.call<{ payouts_enabled: boolean }>('/api/v1/payments/connect/status');
    if (status.payouts_enabled) return created.account_id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('payouts never became enabled');
}

for (const topology of apiTopologies()) {
  describe(`staff refunds and payout retries, evaluator payout history (browser, real API): ${topology.name}`, () => {
    let api: ApiProcess;
    let browser: Browser;
    let admin: Page;
    let buyer: { user: { id: string }; call: Call };
    let evaluator: { user: { id: string }; call: Call };
    let failedCashoutId: string;

    beforeAll(async () => {
      [api, browser] = await Promise.all([topology.start({ env: { ADMIN_EMAILS: ADMIN } }), launchBrowser()]);
      const staff = await apiSession(api, ADMIN);
      buyer = await apiSession(api, 'bea@example.com', { first_name: 'Bea', last_name: 'Buyer' });
      evaluator = await apiSession(api, EVALUATOR, { first_name: 'Eve', last_name: 'Earner' });
      await buyCredits(buyer, 50);
      await evaluator.call('/api/v1/evaluator/apply', {
        body: { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/eve' },
      });
      await staff.call(`/api/v1/admin/evaluator/approve/${evaluator.user.id}`, {
        body: { qualification_tier: 'expert' },
      });
      await evaluator.call('/api/v1/dev/grant-credits', {
        body: { amount_credits: 25_000, context: 'earning' },
      });
      const first = await connectPayoutAccount(evaluator);
      // The connected account is deleted at Stripe (as from the Dashboard): Stripe refuses the transfer.
      const { api_base } = await evaluator.call<{ api_base: string }>('/api/v1/payments/config');
      const deleted = await fetch(`${api_base}/v1/accounts/${first}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${LOCAL_SECRET_KEY}` },
      });
      expect(deleted.status).toBe(200);
      const failed = await evaluator.call<{ cashout_id: string; status: string }>(
        '/api/v1/evaluator/cashout',
        {
          body: {},
        },
      );
      expect(failed.status).toBe('failed');
      failedCashoutId = failed.cashout_id;
      // The evaluator connects a working account again.
      await evaluator.call('/api/v1/payments/connect/disconnect', { method: 'POST' });
      await connectPayoutAccount(evaluator);

      admin = await (
        await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: api.baseUrl })
      ).newPage();
      const token = await signInToken(api, ADMIN);
      await admin.goto(`/admin/#/auth-callback?token=${encodeURIComponent(token)}`);
      await admin.getByText('Ledger invariants').waitFor();
    });
    afterAll(async () => {
      await browser?.close();
      await api?.stop();
    });

    it('refunds part of a purchase from the Purchases list, and the refund is listed', async () => {
      await admin.goto('/admin/#/purchases');
      const row = admin.getByRole('row').filter({ hasText: '$50.00' });
      await row.waitFor();
      await row.getByRole('button', { name: 'Refund' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Refund purchase' });
      await dialog.getByText('$50.00 paid, $50.00 left to refund').waitFor();
      await dialog.getByLabel('Amount (USD)').fill('20');
      await keepScreenshot(admin, ARTIFACTS, 'purchase-refund-dialog');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await admin.getByText('Refunded $20.00: 20,000 credits recovered, 0 already spent').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('20,000').waitFor();
      await keepScreenshot(admin, ARTIFACTS, 'purchase-refunded');
      const wallet = await buyer.call<{ credits_balance: number }>('/api/v1/wallet/balance');
      expect(wallet.credits_balance).toBe(30_000);

      // More than is left is refused with the API's words, and nothing changes.
      await row.getByRole('button', { name: 'Refund' }).click();
      await dialog.getByLabel('Amount (USD)').fill('40');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await admin.getByText('The refund is more than what is left of the purchase ($30.00)').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await buyer.call<{ credits_balance: number }>('/api/v1/wallet/balance')).credits_balance).toBe(
        30_000,
      );

      await admin.goto('/admin/#/refunds');
      const refund = admin.getByRole('row').filter({ hasText: 'refund' }).filter({ hasText: '20,000' });
      await refund.first().waitFor();
      await expect(refund.count()).resolves.toBe(1);
      await keepScreenshot(admin, ARTIFACTS, 'refunds-list');
    });

    it('retries a failed cash-out from the Cash-outs list; the retry is paid with its Stripe transfer', async () => {
      await admin.goto('/admin/#/cashouts');
      const failed = admin.getByRole('row').filter({ hasText: CASHOUT_FAILED });
      await failed.waitFor();
      await keepScreenshot(admin, ARTIFACTS, 'cashouts-failed');
      await failed.getByRole('button', { name: `Retry cash-out ${failedCashoutId}` }).click();
      await admin.getByText(/^Cash-out retried: paid \(tr_/).waitFor();
      await failed.getByText(`Retried as ${failedCashoutId}.retry`).waitFor();
      const paid = admin.getByRole('row').filter({ hasText: /tr_/ });
      await paid.getByText('paid').waitFor();
      await keepScreenshot(admin, ARTIFACTS, 'cashouts-retried');
      // The list fits a 1280 px screen: no horizontal scrolling.
      await expect(
        admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).resolves.toBe(true);
      const earning = await evaluator.call<{ credits_balance: number }>(
        '/api/v1/wallet/balance?context=earning',
      );
      expect(earning.credits_balance).toBe(0);
    });

    it('downloads an invoice as its own document from the Invoices list', async () => {
      await admin.goto('/admin/#/invoices');
      const row = admin.getByRole('row').filter({ hasText: 'INV-000001' });
      await row.waitFor();
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        row.getByRole('button', { name: 'Download INV-000001' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('INV-000001.pdf');
      const stdout = await pdfToText((await download.path())!);
      expect(stdout).toContain('Invoice INV-000001');
      expect(stdout).toContain('Seller: Evalmarket');
      expect(stdout).toContain('Billed to: Bea Buyer <bea@example.com>');
      expect(stdout).toMatch(/Payment method: Visa ending 4242 \(Stripe payment pi_/);
      expect(stdout).toContain('Total: $50.00 USD');
      await keepScreenshot(admin, ARTIFACTS, 'invoices-list');
    });

    it("shows the evaluator the same payouts in the cash-out page's Payout history", async () => {
      const page = await (
        await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: api.baseUrl })
      ).newPage();
      await signInToUserConsole(page, api, EVALUATOR);
      await page.goto('/evaluator/cashout');
      const history = page.getByRole('region', { name: 'Payout history' });
      await history.waitFor();
      const rows = history.getByRole('row');
      await rows.nth(2).waitFor();
      await expect(rows.count()).resolves.toBe(3);
      const [newest, oldest] = [rows.nth(1), rows.nth(2)];
      await expect(newest.textContent()).resolves.toMatch(
        /\$22\.50.*paid.*tr_.*Retry of an earlier cash-out/,
      );
      await expect(oldest.textContent()).resolves.toMatch(
        new RegExp(`\\$22\\.50.*failed.*${CASHOUT_FAILED}`),
      );
      await keepScreenshot(page, ARTIFACTS, 'evaluator-payout-history');
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).resolves.toBe(true);
    });
  });
}
