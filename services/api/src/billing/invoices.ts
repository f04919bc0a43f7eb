import PDFDocument from 'pdfkit';
import { CREDITS_PER_USD, formatUsd, type TInvoiceTerms } from '@evalmarket/contracts';
import { z } from 'zod';
import type { InvoiceSettings } from '../config/config.js';
import { invoiceTerms } from './invoice-terms.js';

/**
 * Invoices are derived from the log, one per CreditsPurchased event: the number is the purchase's
 * rank among all purchases in log order (append-only, so a number never changes), the purchase is
 * paid when it is recorded (credits are only issued on a succeeded payment). Seller and tax rate
 * are the terms recorded with the purchase (`invoiceTerms` at the time), so a later change of the
 * settings leaves issued invoices as they were.
 */
export const INVOICE_SELECT = `'INV-' || lpad(row_number() OVER (ORDER BY global_position)::text, 6, '0') AS invoice_number,
  global_position, data, recorded_at`;
export const INVOICES_FROM = `(SELECT ${INVOICE_SELECT} FROM events WHERE type = 'CreditsPurchased') invoices`;

export const ZInvoice = z.object({
  id: z.string(),
  invoice_number: z.string(),
  user_id: z.string(),
  amount: z.number(),
  currency: z.literal('USD'),
  status: z.enum(['paid', 'pending', 'other']),
  issue_date: z.string(),
  due_date: z.string(),
  paid_date: z.string().nullable(),
  description: z.string(),
  line_items: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      total_amount: z.number(),
    }),
  ),
  payment_method_id: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
  credits: z.number().int(),
  /** The seller as configured (INVOICE_SELLER_*) when the purchase was recorded. */
  seller: z.object({ name: z.string(), address: z.string().nullable(), tax_id: z.string().nullable() }),
  /** Tax included in `amount` (INVOICE_TAX_RATE_PERCENT at the purchase); 0 and 0 when none. */
  tax_rate_percent: z.number(),
  tax_amount: z.number(),
  subtotal: z.number(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** Tax included in a total, rounded to the cent; the subtotal is the rest. */
export function includedTax(totalUsd: number, ratePercent: number): { tax: number; subtotal: number } {
  const totalCents = Math.round(totalUsd * 100);
  const taxCents = ratePercent > 0 ? Math.round((totalCents * ratePercent) / (100 + ratePercent)) : 0;
  return { tax: taxCents / 100, subtotal: (totalCents - taxCents) / 100 };
}

/**
 * The invoice of one CreditsPurchased row. `settings` only stand in for the terms of purchases
 * recorded before the terms were recorded with them.
 */
export function toInvoice(row: Record<string, unknown>, settings: InvoiceSettings): TInvoice {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
    purchase_id: string;
    user_id: string;
    amount_usd: number;
    credits: number;
    invoice?: TInvoiceTerms;
  };
  const terms = data.invoice ?? invoiceTerms(settings);
  const recorded = new Date(row.recorded_at as string).toISOString();
  const invoiceNumber = String(row.invoice_number);
  const credits = Number(data.credits);
  const { tax, subtotal } = includedTax(Number(data.amount_usd), terms.tax_rate_percent);
  return {
    id: data.purchase_id,
    invoice_number: invoiceNumber,
    user_id: data.user_id,
    amount: Number(data.amount_usd),
    currency: 'USD',
    status: 'paid',
    issue_date: recorded,
    due_date: recorded,
    paid_date: recorded,
    description: `${credits.toLocaleString('en-US')} evaluation credits`,
    line_items: [
      {
        id: `${data.purchase_id}-1`,
        description: 'Evaluation credits (1 USD = 1,000 credits)',
        quantity: credits,
        unit_price: 1 / CREDITS_PER_USD,
        total_amount: Number(data.amount_usd),
      },
    ],
    payment_method_id: null,
    download_url: `/api/v1/billing/invoices/${encodeURIComponent(data.purchase_id)}/download`,
    created_at: recorded,
    credits,
    seller: terms.seller,
    tax_rate_percent: terms.tax_rate_percent,
    tax_amount: tax,
    subtotal,
  };
}

/** Who was billed and how they paid, as the PDF prints them. */
export interface InvoiceParties {
  billedTo: string;
  /** e.g. "Visa ending 4242 (Stripe payment pi_...)". */
  paymentMethod: string;
}

/**
 * The invoice as a PDF: seller (configured), number, dates, buyer, paid state and payment method,
 * line items, and subtotal, tax and total when a tax rate is configured.
 */
export function renderInvoicePdf(invoice: TInvoice, parties: InvoiceParties): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Invoice ${invoice.invoice_number}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(`Invoice ${invoice.invoice_number}`);
    doc.moveDown(0.5).fontSize(10);
    doc.text(`Seller: ${invoice.seller.name}`);
    if (invoice.seller.address) doc.text(`Address: ${invoice.seller.address}`);
    if (invoice.seller.tax_id) doc.text(`Tax ID: ${invoice.seller.tax_id}`);
    doc.moveDown(0.5);
    doc.text(`Billed to: ${parties.billedTo}`);
    doc.text(`Issue date: ${invoice.issue_date.slice(0, 10)}`);
    doc.text(
      `Status: ${invoice.status.toUpperCase()}${invoice.paid_date ? ` (paid ${invoice.paid_date.slice(0, 10)})` : ''}`,
    );
    doc.text(`Payment method: ${parties.paymentMethod}`);
    doc.moveDown();
    for (const item of invoice.line_items) {
      doc.text(
        `${item.description}: ${item.quantity.toLocaleString('en-US')} x ${formatUsd(item.unit_price, 3)} = ${formatUsd(item.total_amount)}`,
      );
    }
    doc.moveDown();
    if (invoice.tax_rate_percent > 0) {
      doc.text(`Subtotal: ${formatUsd(invoice.subtotal)}`);
      doc.text(`Tax (${invoice.tax_rate_percent}%, included): ${formatUsd(invoice.tax_amount)}`);
    }
    doc.fontSize(12).text(`Total: ${formatUsd(invoice.amount)} ${invoice.currency}`);
    doc.end();
  });
}
