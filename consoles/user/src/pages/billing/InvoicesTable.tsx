import { downloadInvoice } from '../../api/analytics';
import { formatDate, formatUsd } from '../../format';

/** An invoice as the billing read model lists it (see BillingPage.tsx on why not from contracts). */
export interface Invoice {
  id: string;
  invoice_number: string;
  amount: number;
  status: 'paid' | 'pending' | 'other';
  issue_date: string;
  description: string;
}

/** The requester's invoices in the API's order, each downloadable as a PDF. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Issued</th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                <strong>{invoice.invoice_number}</strong>
                <span className="tx-context">{invoice.description}</span>
              </td>
              <td>{formatUsd(invoice.amount)}</td>
              <td>
                <span className={`badge invoice-status-${invoice.status}`}>{invoice.status}</span>
              </td>
              <td>{formatDate(invoice.issue_date)}</td>
              <td>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Download ${invoice.invoice_number}`}
                  onClick={() =>
                    void downloadInvoice(invoice.id, `${invoice.invoice_number}.pdf`).catch(
                      (failure: unknown) => console.error('Invoice download failed', failure),
                    )
                  }
                >
                  Download
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
