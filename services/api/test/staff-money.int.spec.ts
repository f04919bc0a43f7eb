import type { LedgerCommand } from '@evalmarket/ledger';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

for (const mode of runtimeModes()) {
  describe(`staff money resources and billing invoices: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let buyer: SignedIn;
    let evaluator: SignedIn;
    const submit = async (commands: LedgerCommand[]) => {
      const results = await runtime.ledger.submitMany(commands, {});
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      if (last.ok) await runtime.projector.waitFor(last.events.at(-1)!.global_position);
    };
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'cfo@example.com', { admin: true });
      buyer = await signIn(runtime, 'buyer@example.com', { firstName: 'Bea', lastName: 'Buyer' });
      evaluator = await signIn(runtime, 'earner@example.com');
      await submit([
        { type: 'OpenUserAccounts', data: { user_id: buyer.userId } },
        { type: 'PurchaseCredits', data: { purchase_id: 'pi_1', user_id: buyer.userId, amount_usd: 50 } },
        { type: 'PurchaseCredits', data: { purchase_id: 'pi_2', user_id: buyer.userId, amount_usd: 120 } },
        { type: 'OpenUserAccounts', data: { user_id: evaluator.userId } },
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: 'adj-earn',
            user_id: evaluator.userId,
            context: 'earning',
            amount_credits: 40_000,
            reason: 'seed',
            actor_id: admin.userId,
          },
        },
        {
          type: 'RequestCashout',
          data: {
            cashout_id: 'co_1',
            user_id: evaluator.userId,
            gross_credits: 20_000,
            minimum_cashout_credits: 10_000,
          },
        },
        { type: 'MarkCashoutPaid', data: { cashout_id: 'co_1', stripe_transfer_id: 'tr_123' } },
        {
          type: 'RequestCashout',
          data: {
            cashout_id: 'co_2',
            user_id: evaluator.userId,
            gross_credits: 10_000,
            minimum_cashout_credits: 10_000,
          },
        },
      ]);
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const get = (who: SignedIn, url: string) =>
      api.send({ method: 'GET', url: `/api/v1/${url}`, headers: who.headers });

    it('refuses non-admins', async () => {
      for (const url of [
        'admin/purchases',
        'admin/cashouts',
        'admin/invoices',
        'admin/purchases/pi_1',
        'admin/cashouts/co_1',
        'admin/invoices/pi_1',
      ]) {
        expect((await get(buyer, url)).statusCode, url).toBe(403);
        expect((await api.send({ method: 'GET', url: `/api/v1/${url}` })).statusCode, url).toBe(401);
      }
    });

    it('lists purchases with Content-Range', async () => {
      const reply = await get(admin, `admin/purchases${q({ sort: ['recorded_at', 'ASC'] })}`);
      expect(reply.headers['content-range']).toBe('purchases 0-1/2');
      expect(reply.json().map((p: { id: string; credits: number }) => [p.id, p.credits])).toEqual([
        ['pi_1', 50_000],
        ['pi_2', 120_000],
      ]);
      expect((await get(admin, 'admin/purchases/pi_2')).json()).toMatchObject({
        amount_usd: 120,
        user_id: buyer.userId,
      });
      expect((await get(admin, 'admin/purchases/nope')).statusCode).toBe(404);
    });

    it('lists cash-outs with status, Stripe transfer id, gross, fee and net', async () => {
      const reply = await get(admin, `admin/cashouts${q({ sort: ['requested_at', 'ASC'] })}`);
      expect(reply.json()).toMatchObject([
        {
          id: 'co_1',
          status: 'paid',
          stripe_transfer_id: 'tr_123',
          gross_credits: 20_000,
          fee_credits: 2_000,
          net_credits: 18_000,
        },
        { id: 'co_2', status: 'pending', stripe_transfer_id: null, gross_credits: 10_000 },
      ]);
      const paid = await get(admin, `admin/cashouts${q({ filter: { status: 'paid' } })}`);
      expect(paid.json().map((c: { id: string }) => c.id)).toEqual(['co_1']);
    });

    it('totals the cash-outs past a page: every one without a filter, the matching ones with', async () => {
      const first = await get(admin, `admin/cashouts${q({ sort: ['requested_at', 'DESC'], range: [0, 0] })}`);
      expect(first.json().map((c: { id: string }) => c.id)).toEqual(['co_2']);
      expect(first.headers['content-range']).toBe('cashouts 0-0/2');
      const pending = await get(
        admin,
        `admin/cashouts${q({ filter: { status: 'pending' }, sort: ['requested_at', 'DESC'], range: [0, 0] })}`,
      );
      expect(pending.headers['content-range']).toBe('cashouts 0-0/1');
    });

    it('numbers an invoice for every purchase and shows a person only their own', async () => {
      const staff = await get(admin, `admin/invoices${q({ sort: ['invoice_number', 'ASC'] })}`);
      expect(staff.json().map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
        'INV-000001',
        'INV-000002',
      ]);
      const mine = await get(buyer, 'billing/invoices');
      expect(mine.statusCode).toBe(200);
      expect(mine.json()[0]).toMatchObject({
        id: 'pi_2',
        invoice_number: 'INV-000002',
        amount: 120,
        currency: 'USD',
        status: 'paid',
        line_items: [{ quantity: 120_000, unit_price: 0.001, total_amount: 120 }],
      });
      expect((await get(evaluator, 'billing/invoices')).json()).toEqual([]);
      expect((await api.send({ method: 'GET', url: '/api/v1/billing/invoices' })).statusCode).toBe(401);
    });

    it('downloads an invoice PDF with its number, paid state and total', async () => {
      const reply = await get(buyer, 'billing/invoices/pi_2/download');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      const pdf = await getDocument({ data: new Uint8Array(reply.rawPayload), verbosity: 0 }).promise;
      const content = await (await pdf.getPage(1)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
      expect(text).toContain('Invoice INV-000002');
      expect(text).toContain('Status: PAID');
      expect(text).toContain('Total: $120.00 USD');
      expect((await get(evaluator, 'billing/invoices/pi_2/download')).statusCode).toBe(404);
    });

    it("searches purchases, cash-outs, invoices, adjustments and events by a person's name or email", async () => {
      const ids = async (resource: string, filter: Record<string, unknown>) => {
        const reply = await get(admin, `admin/${resource}${q({ filter, sort: ['id', 'ASC'] })}`);
        expect(reply.statusCode, reply.body).toBe(200);
        return reply.json().map((row: { id: string | number }) => row.id);
      };
      expect(await ids('purchases', { q: 'bea buy' })).toEqual(['pi_1', 'pi_2']);
      expect(await ids('purchases', { q: 'BUYER@example' })).toEqual(['pi_1', 'pi_2']);
      expect(await ids('purchases', { q: 'earner' })).toEqual([]);
      expect(await ids('cashouts', { q: 'earner@' })).toEqual(['co_1', 'co_2']);
      expect(await ids('cashouts', { q: 'earner@', status: 'pending' })).toEqual(['co_2']);
      // The buyer's name, in letters no person's id (a UUID, hex) can hold: `Bea` matched the
      // earner's cash-outs whenever their random id contained "bea".
      expect(await ids('cashouts', { q: 'Bea Buyer' })).toEqual([]);
      expect(await ids('cashouts', { q: 'Buyer' })).toEqual([]);
      expect(await ids('invoices', { q: 'buyer' })).toEqual(['pi_1', 'pi_2']);
      expect(await ids('invoices', { q: evaluator.userId })).toEqual([]);
      expect(await ids('adjustments', { q: 'earner' })).toEqual(['adj-earn']);
      expect(await ids('adjustments', { q: 'buyer' })).toEqual([]);
      const requested = await get(
        admin,
        `admin/events${q({ filter: { q: 'earner@example.com', type: 'CashoutRequested' } })}`,
      );
      expect(
        requested.json().map((event: { payload: { cashout_id: string } }) => event.payload.cashout_id),
      ).toEqual(['co_2', 'co_1']);
      // LIKE's wildcards are text, and odd values are searched as text: never a 5xx.
      for (const hostile of ['%', '_', '\\', "' OR 1=1 --", { a: 1 }, true]) {
        expect(await ids('purchases', { q: hostile }), JSON.stringify(hostile)).toEqual([]);
      }
    });

    it('sums credits outstanding, fee revenue and purchases for the finance dashboard', async () => {
      const summary = (await get(admin, 'admin/finance/summary')).json();
      // 170,000 bought; the evaluator got 40,000 and cashed out 20,000 (paid: 2,000 fee) + 10,000 (pending).
      expect(summary.credits_outstanding.spending).toEqual({ posted_credits: 170_000, pending_credits: 0 });
      expect(summary.credits_outstanding.earning).toEqual({
        posted_credits: 20_000,
        pending_credits: -10_000,
      });
      expect(summary.fee_revenue_credits).toBe(2_000);
      expect(summary.purchases).toEqual({ count: 2, amount_usd: 170, credits: 170_000 });
      expect((await get(buyer, 'admin/finance/summary')).statusCode).toBe(403);
    });

    it('keeps the books balanced according to the finance audit', async () => {
      const report = (await get(admin, 'admin/finance/audit')).json();
      expect(report.ok).toBe(true);
    });
  });
}
