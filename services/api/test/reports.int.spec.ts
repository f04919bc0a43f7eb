import { CREDITS_PER_USD, formatUsdFromCredits, type TPosting } from '@evalmarket/contracts';
import { userAccount, type LedgerCommand } from '@evalmarket/ledger';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { evaluationClient } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { localStripe } from './support/payments.js';
import { pdfText } from './support/pdf-text.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/** Credits as the reports print them: "$5.00 (5,000 credits)". */
const money = (credits: number) =>
  `${formatUsdFromCredits(credits)} (${credits.toLocaleString('en-US')} credits)`;

/**
 * An independent replay of the log for one evaluator's earning account: the postings of every
 * event, summed by what they are. Nothing here reads a read model.
 */
async function replayEarnings(runtime: Runtime, userId: string) {
  const account = userAccount('earning', userId);
  const { rows } = await runtime.sql.query<{ data: unknown }>(
    'SELECT data FROM event_log ORDER BY global_position',
  );
  const totals = { rewards: 0, adjustments: 0, cashoutsGross: 0, fees: 0, returned: 0 };
  const cashouts = new Set<string>();
  const fees: TPosting[] = [];
  for (const row of rows) {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
      postings?: TPosting[];
    };
    for (const posting of data.postings ?? []) {
      const moves = posting.phase === 'posted' || posting.phase === 'post_pending';
      if (posting.code === 'cashout_fee') fees.push(posting);
      if (!moves || (posting.credit !== account && posting.debit !== account)) continue;
      const signed = posting.credit === account ? posting.amount : -posting.amount;
      if (posting.code === 'reward') totals.rewards += signed;
      else if (posting.code === 'adjustment') totals.adjustments += signed;
      else if (posting.code === 'cashout' && signed < 0) {
        totals.cashoutsGross -= signed;
        cashouts.add(posting.transfer_id);
      } else if (posting.code === 'cashout') totals.returned += signed;
    }
  }
  totals.fees = fees.filter((fee) => cashouts.has(fee.transfer_id)).reduce((sum, fee) => sum + fee.amount, 0);
  return totals;
}

for (const mode of runtimeModes()) {
  describe(`statements, tax summaries and invoices: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let requester: SignedIn;
    let evaluator: SignedIn;
    let admin: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, {
        invoicing: {
          sellerName: 'Evalmarket Inc.',
          sellerAddress: '1 Main St, Springfield, IL 62701, US',
          sellerTaxId: 'US-12-3456789',
          taxRatePercent: 20,
        },
      });
      admin = await signIn(runtime, 'books@example.com', { admin: true });
      requester = await signIn(runtime, 'payer@example.com', { firstName: 'Pat', lastName: 'Payer' });
      evaluator = await signIn(runtime, 'voter@example.com', { firstName: 'Val', lastName: 'Voter' });
      await makeEvaluator(runtime, evaluator.userId);
      const reserve = (id: string, credits: number): LedgerCommand => ({
        type: 'ReserveReward',
        data: {
          transfer_id: id,
          requester_id: requester.userId,
          evaluator_id: evaluator.userId,
          credits,
          timeout_ms: 3_600_000,
        },
      });
      const results = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: requester.userId } },
        { type: 'OpenUserAccounts', data: { user_id: evaluator.userId } },
        {
          type: 'PurchaseCredits',
          data: { purchase_id: 'pi_r1', user_id: requester.userId, amount_usd: 50 },
        },
        {
          type: 'PurchaseCredits',
          data: { purchase_id: 'pi_r2', user_id: requester.userId, amount_usd: 75 },
        },
        reserve('r-paid-1', 3_000),
        { type: 'PostReward', data: { transfer_id: 'r-paid-1', vote_id: 'v1' } },
        reserve('r-paid-2', 2_000),
        { type: 'PostReward', data: { transfer_id: 'r-paid-2', vote_id: 'v2' } },
        // Cancelled: reserved, then released. It moved nothing and must appear nowhere.
        reserve('r-cancelled', 700),
        { type: 'ReleaseReward', data: { transfer_id: 'r-cancelled', reason: 'cancelled' } },
        // Still pending: not earned yet.
        reserve('r-pending', 400),
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: 'adj-bonus',
            user_id: evaluator.userId,
            context: 'earning',
            amount_credits: 20_000,
            reason: 'goodwill',
            actor_id: 'finance',
          },
        },
        {
          type: 'RequestCashout',
          data: {
            cashout_id: 'co_paid',
            user_id: evaluator.userId,
            gross_credits: 10_000,
            minimum_cashout_credits: 10_000,
          },
        },
        { type: 'MarkCashoutPaid', data: { cashout_id: 'co_paid', stripe_transfer_id: 'tr_paid' } },
        {
          type: 'RequestCashout',
          data: {
            cashout_id: 'co_failed',
            user_id: evaluator.userId,
            gross_credits: 10_000,
            minimum_cashout_credits: 10_000,
          },
        },
        { type: 'MarkCashoutFailed', data: { cashout_id: 'co_failed', reason: 'bank said no' } },
      ]);
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      // Statements join the wallet's transactions with the cash-outs read model (the domain projection).
      if (last.ok) {
        await runtime.projector.waitFor(last.events.at(-1)!.global_position);
        await runtime.domainProjector.waitFor(last.events.at(-1)!.global_position);
      }
      // The earnings reports are for people with the expert role.
      await runtime.sql.query(`UPDATE users SET roles = array_append(roles, 'expert') WHERE id = $1`, [
        evaluator.userId,
      ]);
    }, 60_000);
    afterAll(() => runtime?.stop());

    const { send } = injector(() => runtime.app);
    const exportFile = async (who: SignedIn, kind: 'spending' | 'earnings', body: object) => {
      const reply = await send({
        method: 'POST',
        url: `/api/v1/analytics/${kind}/export`,
        headers: who.headers,
        payload: body,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const file = await send({ method: 'GET', url: reply.json().download_url });
      expect(file.statusCode, file.body).toBe(200);
      return file.rawPayload;
    };
    const today = () => new Date().toISOString().slice(0, 10);

    it('states rewards, adjustments, cash-outs and fees as a replay of the log says, nothing cancelled', async () => {
      const replay = await replayEarnings(runtime, evaluator.userId);
      expect(replay).toEqual({
        rewards: 5_000,
        adjustments: 20_000,
        cashoutsGross: 10_000,
        fees: 1_000,
        returned: 0,
      });
      const text = await pdfText(
        await exportFile(evaluator, 'earnings', { format: 'pdf', time_filter: { period: 'all' } }),
      );
      expect(text).toContain('Earnings Statement');
      expect(text).toContain('Prepared for: Val Voter <voter@example.com>');
      // The period starts at the first movement, never at 1970.
      expect(text).toContain(`Period: All time (${today()} to ${today()})`);
      expect(text).not.toContain('1970');
      expect(text).toContain('Votes paid to you: 2');
      expect(text).toContain(`Total earned: ${money(replay.rewards)}`);
      expect(text).toContain(`Adjustments: ${money(replay.adjustments)}`);
      expect(text).toContain(`Cash-outs (gross): ${money(replay.cashoutsGross)}`);
      expect(text).toContain(`Cash-out fees: ${money(replay.fees)}`);
      expect(text).toContain('Cash-out sent to bank account');
      expect(text).toContain('Cash-out fee (platform)');
      const net = replay.rewards + replay.adjustments - replay.cashoutsGross + replay.returned;
      expect(text).toContain(`Net change in earning balance: ${formatUsdFromCredits(net)}`);
      // The period covers the whole history, so the net change is the earning balance.
      const wallet = await send({
        method: 'GET',
        url: '/api/v1/wallet/balance?context=earning',
        headers: evaluator.headers,
      });
      expect(wallet.json().credits_balance).toBe(net);
      expect(text).not.toMatch(/cancelled|\$0\.70|\$0\.40/);

      const csv = parse(
        await exportFile(evaluator, 'earnings', { format: 'csv', time_filter: { period: 'all' } }),
        { columns: true },
      ) as Array<Record<string, string>>;
      expect(csv.every((row) => row.status === 'completed')).toBe(true);
      expect(csv.reduce((sum, row) => sum + Number(row.amount_credits), 0)).toBe(net);
      expect(csv.map((row) => Number(row.amount_credits))).toEqual([3_000, 2_000, 20_000, -9_000, -1_000]);
    });

    it('sums the tax summary from the same replay', async () => {
      const replay = await replayEarnings(runtime, evaluator.userId);
      const text = await pdfText(
        await exportFile(evaluator, 'earnings', {
          format: 'pdf',
          time_filter: { period: '1y' },
          report: 'tax_summary',
        }),
      );
      expect(text).toContain('Tax Summary');
      // The period by its name, from a year back to today.
      const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      expect(text).toContain(`Period: Last year (${yearAgo} to ${today()})`);
      expect(text).toContain(`Total gross earnings: ${money(replay.rewards)}`);
      expect(text).toContain(`Platform fees on cash-outs: ${money(replay.fees)}`);
      expect(text).toContain(`Paid out to your bank: ${money(replay.cashoutsGross - replay.fees)}`);
      expect(text).not.toContain('1970');
    });

    it("shows staff a person's statement and tax summary per period, as a replay of the log says", async () => {
      const replay = await replayEarnings(runtime, evaluator.userId);
      const net = replay.rewards + replay.adjustments - replay.cashoutsGross + replay.returned;
      const read = async (query: string, who: SignedIn = admin) =>
        send({
          method: 'GET',
          url: `/api/v1/admin/users/${evaluator.userId}/statement?${query}`,
          headers: who.headers,
        });
      const reply = await read('report=statement&period=all');
      expect(reply.statusCode, reply.body).toBe(200);
      const statement = reply.json();
      expect(statement).toMatchObject({
        title: 'Earnings Statement',
        prepared_for: 'Val Voter <voter@example.com>',
        period: 'All time',
        total_label: 'Net change in earning balance',
        total_credits: net,
      });
      expect(statement.start.slice(0, 10)).toBe(today());
      const figures = Object.fromEntries(
        statement.summary.map((line: { label: string; value: string }) => [line.label, line.value]),
      );
      expect(figures).toMatchObject({
        'Votes paid to you': '2',
        'Total earned': money(replay.rewards),
        Adjustments: money(replay.adjustments),
        'Cash-outs (gross)': money(replay.cashoutsGross),
        'Cash-out fees': money(replay.fees),
      });
      expect(statement.rows.map((row: { amount_credits: number }) => row.amount_credits)).toEqual([
        3_000, 2_000, 20_000, -9_000, -1_000,
      ]);
      // The PDF link is the person's own document, with the same figures.
      const pdf = await send({ method: 'GET', url: statement.pdf_url });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Prepared for: Val Voter <voter@example.com>');
      expect(text).toContain(`Total earned: ${money(replay.rewards)}`);
      expect(text).toContain(`Net change in earning balance: ${formatUsdFromCredits(net)}`);
      const csv = parse((await send({ method: 'GET', url: statement.csv_url })).rawPayload, {
        columns: true,
      }) as Array<Record<string, string>>;
      expect(csv.reduce((sum, row) => sum + Number(row.amount_credits), 0)).toBe(net);

      const tax = (await read('report=tax_summary&period=1y')).json();
      expect(tax.title).toBe('Tax Summary');
      expect(tax.period).toBe('Last year');
      expect(tax.summary).toContainEqual({ label: 'Total gross earnings', value: money(replay.rewards) });
      expect(tax.summary).toContainEqual({
        label: 'Paid out to your bank',
        value: money(replay.cashoutsGross - replay.fees),
      });
      // Admin only, a known person, known reports and periods: 4xx, never 5xx.
      expect((await read('report=statement', evaluator)).statusCode).toBe(403);
      for (const [query, status] of [
        ['report=nope', 422],
        ['period=1970', 422],
        ['report=%00', 422],
      ] as const) {
        expect((await read(query)).statusCode, query).toBe(status);
      }
      const nobody = await send({
        method: 'GET',
        url: '/api/v1/admin/users/u_nobody/statement',
        headers: admin.headers,
      });
      expect(nobody.statusCode).toBe(404);
    });

    it('gives invoices, not the spending report, for Generate Invoice and Billing Export', async () => {
      const text = await pdfText(
        await exportFile(requester, 'spending', {
          format: 'pdf',
          time_filter: { period: 'all' },
          report: 'invoices',
        }),
      );
      expect(text).toContain('Invoices');
      expect(text).not.toContain('Spending Report');
      expect(text).toContain('INV-000001');
      expect(text).toContain('INV-000002');
      expect(text).toContain('Total invoiced: $125.00');
      const csv = parse(
        await exportFile(requester, 'spending', {
          format: 'csv',
          time_filter: { period: 'all' },
          report: 'invoices',
        }),
        { columns: true },
      ) as Array<Record<string, string>>;
      expect(csv.map((row) => [row.description?.slice(0, 10), row.amount_usd])).toEqual([
        ['INV-000001', '50.00'],
        ['INV-000002', '75.00'],
      ]);
      expect(csv.reduce((sum, row) => sum + Number(row.amount_credits), 0)).toBe(125 * CREDITS_PER_USD);
      // Another kind's report is refused, with nothing exported.
      const wrong = await send({
        method: 'POST',
        url: '/api/v1/analytics/spending/export',
        headers: requester.headers,
        payload: { format: 'pdf', report: 'tax_summary' },
      });
      expect(wrong.statusCode).toBe(422);
    });

    it('issues each invoice as its own document: seller, buyer, payment method, tax, total', async () => {
      // A purchase paid by card at Stripe (the double), as the console makes it.
      const { fake, browser } = await localStripe(runtime);
      const reply = await send({
        method: 'POST',
        url: '/api/v1/wallet/purchase-credits',
        headers: requester.headers,
        payload: { amount_usd: 60 },
      });
      const intent = reply.json<{ payment_intent_id: string }>().payment_intent_id;
      await browser.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
      await fake.idle();
      const mine = await send({
        method: 'GET',
        url: '/api/v1/billing/invoices',
        headers: requester.headers,
      });
      expect(mine.json()[0]).toMatchObject({
        id: intent,
        invoice_number: 'INV-000003',
        amount: 60,
        seller: { name: 'Evalmarket Inc.', tax_id: 'US-12-3456789' },
        tax_rate_percent: 20,
        tax_amount: 10,
        subtotal: 50,
      });
      const download = await send({
        method: 'GET',
        url: `/api/v1/billing/invoices/${intent}/download`,
        headers: requester.headers,
      });
      expect(download.headers['content-disposition']).toContain('INV-000003.pdf');
      const text = await pdfText(download.rawPayload);
      for (const line of [
        'Invoice INV-000003',
        'Seller: Evalmarket Inc.',
        'Address: 1 Main St, Springfield, IL 62701, US',
        'Tax ID: US-12-3456789',
        'Billed to: Pat Payer <payer@example.com>',
        'Status: PAID',
        `Payment method: Visa ending 4242 (Stripe payment ${intent})`,
        'Subtotal: $50.00',
        'Tax (20%, included): $10.00',
        'Total: $60.00 USD',
      ]) {
        expect(text).toContain(line);
      }
      // Staff download the same document; others get nothing.
      const staff = await send({
        method: 'GET',
        url: `/api/v1/admin/invoices/${intent}/download`,
        headers: admin.headers,
      });
      expect(staff.statusCode).toBe(200);
      expect(await pdfText(staff.rawPayload)).toContain('Billed to: Pat Payer <payer@example.com>');
      for (const [url, who, status] of [
        [`/api/v1/admin/invoices/${intent}/download`, requester, 403],
        ['/api/v1/admin/invoices/pi_nothing/download', admin, 404],
        [`/api/v1/billing/invoices/${intent}/download`, evaluator, 404],
      ] as const) {
        expect((await send({ method: 'GET', url, headers: who.headers })).statusCode).toBe(status);
      }
      // A purchase Stripe no longer knows still names its payment.
      const seeded = await pdfText(
        (
          await send({
            method: 'GET',
            url: '/api/v1/billing/invoices/pi_r2/download',
            headers: requester.headers,
          })
        ).rawPayload,
      );
      expect(seeded).toContain('Payment method: Card payment (Stripe payment pi_r2)');
      expect(seeded).toContain('Tax (20%, included): $12.50');
      expect(seeded).toContain('Subtotal: $62.50');
    });

    it("counts the requester's evaluations on the Billing screen", async () => {
      const client = evaluationClient(runtime);
      const summary = async () =>
        (
          await send({ method: 'GET', url: '/api/v1/billing/summary/spending', headers: requester.headers })
        ).json();
      expect((await summary()).evaluations).toBe(0);
      const created = await client.createEvaluation(requester.headers);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      expect((await summary()).evaluations).toBe(1);
    });
  });
}
