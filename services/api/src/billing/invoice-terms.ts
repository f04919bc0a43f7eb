import type { TInvoiceTerms } from '@evalmarket/contracts';
import type { InvoiceSettings } from '../config/config.js';

/** The invoice terms the settings give now: recorded with each purchase as it is made. */
export function invoiceTerms(settings: InvoiceSettings): TInvoiceTerms {
  return {
    seller: {
      name: settings.sellerName,
      address: settings.sellerAddress ?? null,
      tax_id: settings.sellerTaxId ?? null,
    },
    tax_rate_percent: settings.taxRatePercent,
  };
}
