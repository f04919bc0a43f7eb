import { CREDITS_PER_USD } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { INVOICES_FROM, toInvoice } from '../billing/invoices.js';
import type { InvoiceSettings } from '../config/config.js';
import { keysetPages } from '../http/streamed-export.js';
import type { ExportTicket } from './export-links.js';
import type { ExportRow } from './render-exports.js';
import { earningsStatementPages, type StatementTotals } from './statement-data.js';

/** Where a report's rows come from: the ticket's person, kind and report over [start, end). */
export interface ReportSource {
  sql: SqlExecutor;
  invoicing: InvoiceSettings;
  ticket: ExportTicket;
  start: Date;
  end: Date;
  /** Rows per query (EXPORT_PAGE_ROWS unless a test wants many pages of a small world). */
  pageRows?: number;
}

/**
 * A report's rows page by page in log order: the earnings statement (and tax summary, whose
 * figures add up in `totals`), the person's invoices, or the spending report.
 */
export function reportRowPages(source: ReportSource, totals?: StatementTotals): AsyncGenerator<ExportRow[]> {
  if (source.ticket.k === 'earnings') return earningsStatementPages(source, totals);
  if (source.ticket.r === 'invoices') return invoicePages(source);
  return spendingReportPages(source);
}

interface SpendingRow extends Record<string, unknown> {
  created_at: Date | string;
  description: string;
  status: string;
  amount: string | number;
  global_position: string | number;
  id: string;
}

/** Votes paid or still reserved; released or cancelled reservations moved nothing: not in a report. */
async function* spendingReportPages({ sql, ticket, start, end, pageRows }: ReportSource) {
  const pages = keysetPages(
    async (after: SpendingRow | undefined, limit) =>
      (
        await sql.query<SpendingRow>(
          `SELECT created_at, description, status, abs(amount) AS amount, global_position, id
           FROM wallet_transactions
           WHERE user_id = $1 AND context = 'spending' AND type = 'debit' AND code = 'reward'
             AND status IN ('completed', 'pending') AND created_at >= $2 AND created_at < $3
             AND (global_position, id) > ($4, $5)
           ORDER BY global_position, id LIMIT $6`,
          [ticket.u, start, end, after?.global_position ?? -1, after?.id ?? '', limit],
        )
      ).rows,
    (row) => row,
    pageRows,
  );
  for await (const rows of pages) {
    yield rows.map((row): ExportRow => ({
      date: new Date(row.created_at).toISOString().slice(0, 10),
      description: row.description,
      status: row.status,
      amount_credits: Number(row.amount),
    }));
  }
}

/** The person's invoices issued in [start, end): one row each, amount in credits. */
async function* invoicePages({ sql, invoicing, ticket, start, end, pageRows }: ReportSource) {
  const pages = keysetPages(
    async (after: Record<string, unknown> | undefined, limit) =>
      (
        await sql.query(
          `SELECT * FROM ${INVOICES_FROM} WHERE (data->>'user_id') = $1 AND recorded_at >= $2 AND recorded_at < $3
             AND global_position > $4
           ORDER BY global_position LIMIT $5`,
          [ticket.u, start, end, after?.global_position ?? -1, limit],
        )
      ).rows,
    (row) => row,
    pageRows,
  );
  for await (const rows of pages) {
    yield rows.map((row): ExportRow => {
      const invoice = toInvoice(row, invoicing);
      return {
        date: invoice.issue_date.slice(0, 10),
        description: `${invoice.invoice_number} ${invoice.description}`,
        status: invoice.status,
        amount_credits: Math.round(invoice.amount * CREDITS_PER_USD),
      };
    });
  }
}
