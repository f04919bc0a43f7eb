import type Stripe from 'stripe';
import type { DomainContext } from '../runtime/domain-context.js';
import { renderInvoicePdf, type TInvoice } from './invoices.js';

/** "Ada Lovelace <ada@example.com>", or the id of a person who is gone. */
async function billedTo(context: DomainContext, userId: string): Promise<string> {
  const { rows } = await context.sql.query<{ first_name: string; last_name: string; email: string }>(
    'SELECT first_name, last_name, email FROM users WHERE id = $1',
    [userId],
  );
  const person = rows[0];
  return person ? `${`${person.first_name} ${person.last_name}`.trim()} <${person.email}>` : userId;
}

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/**
 * How the purchase was paid, read from Stripe (the purchase id is the PaymentIntent id): the
 * card's brand and last four digits. Stripe out of reach or no card: the payment is still named.
 */
async function paymentMethod(context: DomainContext, purchaseId: string): Promise<string> {
  const reference = `Stripe payment ${purchaseId}`;
  try {
    const gateway = await context.payments();
    const intent = await gateway.stripe.paymentIntents.retrieve(purchaseId, { expand: ['payment_method'] });
    const method = intent.payment_method as Stripe.PaymentMethod | string | null;
    if (method && typeof method !== 'string' && method.card) {
      const brand = BRANDS[method.card.brand] ?? method.card.brand;
      return `${brand} ending ${method.card.last4} (${reference})`;
    }
  } catch (error) {
    context.logger.warn(
      { err: error, purchase_id: purchaseId },
      'invoice: payment method not read from Stripe',
    );
  }
  return `Card payment (${reference})`;
}

/** The invoice's PDF with its buyer and payment method filled in. */
export async function invoicePdf(context: DomainContext, invoice: TInvoice): Promise<Buffer> {
  const [buyer, method] = await Promise.all([
    billedTo(context, invoice.user_id),
    paymentMethod(context, invoice.id),
  ]);
  return renderInvoicePdf(invoice, { billedTo: buyer, paymentMethod: method });
}
