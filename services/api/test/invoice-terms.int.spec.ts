import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { localStripe } from './support/payments.js';
import { pdfText } from './support/pdf-text.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

const FIRST_TERMS = {
  sellerName: 'Evalmarket Inc.',
  sellerAddress: '1 Main St, Springfield, IL 62701, US',
  sellerTaxId: 'US-12-3456789',
  taxRatePercent: 20,
};
const LATER_TERMS = {
  sellerName: 'Evalmarket GmbH',
  sellerAddress: '2 Hauptstrasse, 10115 Berlin, DE',
  sellerTaxId: 'DE123456789',
  taxRatePercent: 19,
};

for (const mode of runtimeModes()) {
  describe(`invoices keep the terms they were issued under: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let buyer: SignedIn;
    let admin: SignedIn;
    const { call } = injector(() => runtime.app);
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { invoicing: { ...FIRST_TERMS } });
      admin = await signIn(runtime, 'books@example.com', { admin: true });
      buyer = await signIn(runtime, 'payer@example.com', { firstName: 'Pat', lastName: 'Payer' });
    });
    afterAll(async () => {
      await runtime?.stop();
    });

    /** A card purchase at Stripe (the double), credited by its webhook. */
    async function buy(amountUsd: number): Promise<string> {
      const { fake, browser } = await localStripe(runtime);
      const reply = await call('POST', '/wallet/purchase-credits', buyer.headers, { amount_usd: amountUsd });
      const intent = reply.json<{ payment_intent_id: string }>().payment_intent_id;
      await browser.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
      await fake.idle();
      return intent;
    }

    const pdf = async (path: string, who: SignedIn) =>
      pdfText((await call('GET', path, who.headers)).rawPayload);

    it('renders an old invoice unchanged after the seller and tax settings change', async () => {
      const first = await buy(60);
      const before = await pdf(`/billing/invoices/${first}/download`, buyer);
      for (const line of [
        'Seller: Evalmarket Inc.',
        'Address: 1 Main St, Springfield, IL 62701, US',
        'Tax ID: US-12-3456789',
        'Subtotal: $50.00',
        'Tax (20%, included): $10.00',
      ]) {
        expect(before).toContain(line);
      }

      // The company moves and the tax rate changes: the settings now say otherwise.
      runtime.context.config.invoicing = { ...LATER_TERMS };
      const second = await buy(119);

      const after = await pdf(`/billing/invoices/${first}/download`, buyer);
      expect(after).toBe(before);
      expect(await pdf(`/admin/invoices/${first}/download`, admin)).toBe(before);
      const listed = (await call('GET', '/billing/invoices', buyer.headers)).json<
        { id: string; seller: { name: string }; tax_rate_percent: number; tax_amount: number }[]
      >();
      expect(listed.find((invoice) => invoice.id === first)).toMatchObject({
        seller: { name: 'Evalmarket Inc.' },
        tax_rate_percent: 20,
        tax_amount: 10,
      });
      // The new purchase is issued under the new terms.
      expect(listed.find((invoice) => invoice.id === second)).toMatchObject({
        seller: { name: 'Evalmarket GmbH' },
        tax_rate_percent: 19,
        tax_amount: 19,
      });
      const newer = await pdf(`/billing/invoices/${second}/download`, buyer);
      expect(newer).toContain('Seller: Evalmarket GmbH');
      expect(newer).toContain('Tax ID: DE123456789');
      expect(newer).toContain('Tax (19%, included): $19.00');
      expect(newer).not.toContain('Evalmarket Inc.');

      // The terms are part of the log: a replay gives the same invoices.
      const { rows } = await runtime.sql.query<{ data: unknown }>(
        `SELECT data FROM event_log WHERE type = 'CreditsPurchased' ORDER BY global_position`,
      );
      const recorded = rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
      expect(recorded.map((data) => data.invoice?.seller.name)).toEqual([
        'Evalmarket Inc.',
        'Evalmarket GmbH',
      ]);
    });
  });
}
