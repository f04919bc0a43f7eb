import { readFile } from 'node:fs/promises';
import { apiTopologies, keepScreenshot, launchBrowser, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSession,
  applyByIndeed,
  applyWithCv,
  brokenWords,
  buyCredits,
  horizontalOverflow,
  pdfToText,
  paidEvaluation,
  signInToStaffConsole,
  type Call,
} from './support/scene';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url).pathname;
const ADMIN = 'boss@example.com';

type Person = { user: { id: string }; access_token: string; call: Call };
const credits = (value: number) => `${value.toLocaleString('en-US')} credits`;
const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));

for (const topology of apiTopologies()) {
  describe(`staff console tie-out (browser, real API): ${topology.name}`, () => {
    let api: ApiProcess;
    let browser: Browser;
    let page: Page;
    let rita: Person;
    let eva: Person;
    let cvBytes: Uint8Array;

    beforeAll(async () => {
      [api, browser] = await Promise.all([topology.start({ env: { ADMIN_EMAILS: ADMIN } }), launchBrowser()]);
      rita = await apiSession(api, 'rita@example.com', { first_name: 'Rita', last_name: 'Quester' });
      eva = await apiSession(api, 'eva@example.com', { first_name: 'Eva', last_name: 'Luator' });
      await buyCredits(rita, 50);
      await applyByIndeed(eva, 'eva');
      await paidEvaluation(api, rita, eva, 'Weather bot');
      const cvPerson = await apiSession(api, 'cv@example.com', { first_name: 'Cora', last_name: 'Vitae' });
      cvBytes = await applyWithCv(api, cvPerson);
      const staff = await apiSession(api, ADMIN);
      await staff.call('/api/v1/admin/adjustments', {
        body: { user_id: rita.user.id, amount_credits: -1_500, reason: 'Correction of a duplicate grant' },
      });
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        baseURL: api.baseUrl,
        acceptDownloads: true,
      });
      page = await context.newPage();
      await signInToStaffConsole(page, api, ADMIN);
    });
    afterAll(async () => {
      await browser?.close();
      await api?.stop();
    });

    /** Reads the ledger table on screen: each row's event link, amount and running available. */
    async function ledgerRows() {
      const table = page.getByRole('table', { name: 'spending ledger' });
      await table.waitFor();
      return table.locator('tbody tr').evaluateAll((rows) =>
        rows.map((row) => {
          const cells = Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? '');
          const link = row.querySelector('a');
          return {
            href: link?.getAttribute('href') ?? '',
            event: link?.textContent ?? '',
            amount: cells[3] ?? '',
            available: cells[4] ?? '',
          };
        }),
      );
    }

    it('walks from a person’s balance to every event behind it and back, tied to the wallet', async () => {
      // Found by name through the Users search, opened from the list.
      await page.goto('/admin/#/users');
      await page.getByPlaceholder('Name, email or id').fill('Quester');
      // The search applies after a debounce: opening a row before it would be undone by it.
      await expect.poll(() => page.url()).toContain('Quester');
      const row = page.getByRole('row').filter({ hasText: 'rita@example.com' });
      await row.getByText('Rita', { exact: true }).click();
      await page.getByRole('region', { name: 'Spending balance' }).waitFor();

      const wallet = await rita.call<{ credits_balance: number; pending_balance: number }>(
        '/api/v1/wallet/context/spending',
      );
      expect(wallet.pending_balance).toBe(300); // the claim Eva still holds
      const card = page.getByRole('region', { name: 'Spending balance' });
      await expect(card.getByLabel('Spending balance Available').textContent()).resolves.toBe(
        credits(wallet.credits_balance),
      );
      await expect(card.getByLabel('Spending balance Pending (reserved)').textContent()).resolves.toBe(
        credits(wallet.pending_balance),
      );
      await expect(page.getByRole('status', { name: 'Tie-out' }).textContent()).resolves.toBe(
        `Ledger ends at ${credits(wallet.credits_balance)} available = wallet balance ${credits(wallet.credits_balance)}`,
      );
      await keepScreenshot(page, ARTIFACTS, 'tieout-person');

      const rows = await ledgerRows();
      // Purchase, three reservations, two votes and the adjustment.
      expect(rows.map((row) => row.event.replace(/^#\d+ /, ''))).toEqual(
        expect.arrayContaining(['CreditsPurchased', 'RewardReserved', 'VoteRecorded', 'CreditsAdjusted']),
      );
      expect(rows.filter((row) => row.event.endsWith('RewardReserved'))).toHaveLength(3);
      // The running balance on screen: each row's available follows from the one before it, and
      // the last is the wallet's balance.
      let running = 0;
      for (const row of rows) {
        // As the ledger moves "available": a reservation against the account takes it off, its
        // release gives it back, its settlement changes nothing; money reserved for the account
        // counts once settled.
        const amount = number(row.amount.replace('−', '-'));
        if (/reserved$/.test(row.amount)) running += Math.min(amount, 0);
        else if (/released$/.test(row.amount)) running += amount < 0 ? -amount : 0;
        else if (/settled$/.test(row.amount)) running += Math.max(amount, 0);
        else running += amount;
        expect(number(row.available), `${row.event} ${row.amount}`).toBe(running);
      }
      expect(running).toBe(wallet.credits_balance);

      // Every event behind the balance, and back by the account link on the event page.
      const personUrl = page.url();
      for (const [index, row] of rows.entries()) {
        const position = row.event.match(/^#(\d+)/)![1]!;
        await page
          .getByRole('link', { name: `Event ${position}` })
          .first()
          .click();
        const heading = page.getByRole('heading', { name: row.event });
        await heading.waitFor();
        const postings = page.getByRole('table', { name: 'Postings' });
        const account = postings.getByRole('link', { name: `spending:${rita.user.id}` }).first();
        await account.waitFor();
        // The postings are shown once: the table with linked accounts, not a JSON copy under it.
        await expect(page.getByLabel('Postings', { exact: true }).count()).resolves.toBe(1);
        await expect(page.getByText('Postings', { exact: true }).count()).resolves.toBe(1);
        await page
          .getByText(/^person|^requester/)
          .first()
          .waitFor();
        await page.getByRole('link', { name: 'Rita Quester (rita@example.com)' }).first().waitFor();
        await expect(page.getByLabel('Event hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
        if (row.event.endsWith('CreditsPurchased')) await page.getByText(/^payment intent: /).waitFor();
        if (row.event.endsWith('VoteRecorded') || row.event.endsWith('RewardReserved')) {
          await page.getByRole('link', { name: 'Weather bot' }).waitFor();
          await page.getByRole('link', { name: 'Eva Luator (eva@example.com)' }).first().waitFor();
        }
        if (index === 0) await keepScreenshot(page, ARTIFACTS, 'tieout-event');
        if (row.event.endsWith('VoteRecorded')) await keepScreenshot(page, ARTIFACTS, 'tieout-event-vote');
        await account.click();
        await page.getByRole('status', { name: 'Tie-out' }).waitFor();
        expect(page.url()).toContain(`/users/${rita.user.id}/show`);
      }
      expect(page.url()).toBe(personUrl.includes('?') ? personUrl : `${personUrl}?account=spending`);

      // The earning side of the evaluator ties out too.
      await page.goto(`/admin/#/users/${eva.user.id}/show?account=earning`);
      const earned = await eva.call<{ credits_balance: number }>('/api/v1/wallet/context/earning');
      expect(earned.credits_balance).toBe(600);
      await expect(page.getByRole('status', { name: 'Tie-out' }).textContent()).resolves.toBe(
        `Ledger ends at ${credits(600)} available = wallet balance ${credits(600)}`,
      );
      await keepScreenshot(page, ARTIFACTS, 'tieout-evaluator');
    });

    it('filters the event log by a person in any role, found by name, and shows actors by name', async () => {
      await page.goto('/admin/#/events');
      await page.getByLabel('Person (any role)').fill('Rita');
      await page.getByRole('option', { name: 'Rita Quester (rita@example.com)' }).click();
      await page.getByRole('cell', { name: 'VoteRecorded' }).first().waitFor();
      await page.getByRole('cell', { name: 'RewardReserved' }).first().waitFor();
      await page.getByRole('cell', { name: 'CreditsAdjusted' }).first().waitFor();
      await page.getByRole('cell', { name: 'CreditsPurchased' }).first().waitFor();
      // The adjustment's actor is the admin, shown by email (no name set), not a raw id.
      const adjustment = page.getByRole('row').filter({ hasText: 'CreditsAdjusted' }).first();
      await adjustment.getByText(ADMIN).waitFor();
      await expect(page.getByText(`user:`).count()).resolves.toBe(0);
      await keepScreenshot(page, ARTIFACTS, 'events-by-party');

      // Narrowed to Eva's earnings: Rita's purchase leaves the list, the votes and reservations stay.
      // The account is found by its owner's name, like the person.
      await page.getByLabel('Account').fill('Luator');
      await page.getByRole('option', { name: 'Earning of Eva Luator (eva@example.com)' }).click();
      await expect.poll(() => decodeURIComponent(page.url())).toContain(`"account":"earning:${eva.user.id}"`);
      await page.getByRole('cell', { name: 'CreditsPurchased' }).first().waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: 'VoteRecorded' }).first().waitFor();
      await expect(page.getByRole('cell', { name: 'RewardReserved' }).count()).resolves.toBeGreaterThan(0);
    });

    it('finds purchases and adjustments by the person’s name or email', async () => {
      const rows = page.locator('.RaList-main tbody tr');
      for (const [list, found] of [
        ['purchases', 'Quester'],
        ['adjustments', 'rita@example'],
      ] as const) {
        await page.goto(`/admin/#/${list}`);
        const search = page.getByPlaceholder('Name, email or id');
        await search.fill(found);
        await expect.poll(() => page.url()).toContain(encodeURIComponent(`"q":"${found}"`));
        await rows.first().waitFor();
        await expect(rows.count(), list).resolves.toBe(1);
        await search.fill('Luator');
        await expect.poll(() => rows.count(), { message: list }).toBe(0);
      }
    });

    it('shows a person’s statement per period with its total and PDF', async () => {
      await page.goto(`/admin/#/users/${eva.user.id}/show`);
      await page.getByRole('heading', { name: 'Statements' }).waitFor();
      const earned = await eva.call<{ credits_balance: number }>('/api/v1/wallet/context/earning');
      const statement = page.getByRole('region', { name: 'Earnings Statement' });
      await expect(statement.getByLabel('Statement total').textContent()).resolves.toBe(
        `Net change in earning balance: $${(earned.credits_balance / 1000).toFixed(2)} (${credits(earned.credits_balance)})`,
      );
      const pdf = await page.request.get(
        (await statement.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!,
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      // Read back as a reader would: the same person, figures and total as on screen.
      const text = await pdfToText(await pdf.body());
      expect(text).toContain('Earnings Statement');
      expect(text).toContain('Prepared for: Eva Luator <eva@example.com>');
      expect(text).toContain(`Net change in earning balance: $${(earned.credits_balance / 1000).toFixed(2)}`);

      await page.getByRole('combobox', { name: 'Report' }).click();
      await page.getByRole('option', { name: 'Tax summary' }).click();
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'All time' }).click();
      const tax = page.getByRole('region', { name: 'Tax Summary' });
      await tax.getByText('Period: All time').waitFor();
      await tax
        .getByRole('row')
        .filter({ hasText: 'Total gross earnings' })
        .getByText(`(${credits(earned.credits_balance)})`)
        .waitFor();
      await keepScreenshot(page, ARTIFACTS, 'person-statement');
    });

    it('opens the spec’s staff URL on its page, and an applicant’s CV with the bearer token', async () => {
      await page.goto('/admin/evaluator-applications');
      await page.getByRole('tab', { name: 'Pending' }).waitFor();
      expect(page.url()).toBe(`${api.baseUrl}/admin/#/evaluator-applications`);
      await expect(page.getByText('Ledger invariants').count()).resolves.toBe(0);

      const row = page.getByRole('row').filter({ hasText: 'cv@example.com' });
      await row.getByRole('button', { name: 'View Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Application details' });
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download CV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('cv-Cora_Vitae.pdf');
      expect(new Uint8Array(await readFile((await file.path())!))).toEqual(cvBytes);
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    it('spells the brand Evalmarket', async () => {
      await page.goto('/admin/#/users');
      await expect(page.title()).resolves.toMatch(/Evalmarket/);
      await expect(page.getByText('EvalMarket').count()).resolves.toBe(0);
    });

    it('steps the platform-accounts axis evenly, through zero', async () => {
      await page.goto('/admin/#/');
      const card = page.locator('.MuiCard-root').filter({ hasText: 'Platform accounts' });
      const labels = card.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await labels.first().waitFor();
      const ticks = (await labels.allTextContents()).map((text) => Number(text.replace(/,/g, '')));
      expect(ticks.length).toBeGreaterThan(2);
      expect(ticks).toContain(0);
      const steps = new Set(ticks.slice(1).map((tick, index) => tick - ticks[index]!));
      expect([...steps], ticks.join(' ')).toHaveLength(1);
    });

    it('has no horizontal overflow at 1280x800 on any list or page, and no word broken to fit', async () => {
      const pages = [
        'users',
        'events',
        'transactions',
        'evaluator-applications',
        'adjustments',
        'evaluations',
        'purchases',
        'refunds',
        'cashouts',
        'invoices',
        `users/${rita.user.id}/show`,
        'events/1/show',
        '',
      ];
      const found: Record<string, string[]> = {};
      const broken: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(`/admin/#/${path}`);
        await page
          .locator('.RaList-main, .RaList-noResults, [class*="RaEmpty"], .RaShow-main, .recharts-wrapper')
          .first()
          .waitFor();
        await page.waitForTimeout(300);
        const overflow = await horizontalOverflow(page);
        if (overflow.length) found[path || 'dashboard'] = overflow;
        // Fitting by breaking words ("Communit / y", "$100.0 / 0") is not fitting.
        const words = await brokenWords(page);
        if (words.length) broken[path || 'dashboard'] = words;
        await keepScreenshot(page, ARTIFACTS, `w1280-${(path || 'dashboard').replace(/\//g, '-')}`);
      }
      expect(found).toEqual({});
      expect(broken).toEqual({});
    });
  });
}
