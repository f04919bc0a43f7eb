import { CREDITS_PER_USD, formatUsdFromCredits } from '@evalmarket/contracts';
import PDFDocument from 'pdfkit';
import { csvChunks } from '../http/streamed-export.js';

export interface ExportRow {
  date: string;
  description: string;
  status: string;
  amount_credits: number;
}

export interface ExportData {
  title: string;
  personName: string;
  period: string;
  start: Date;
  end: Date;
  totalLabel: string;
  rows: ExportRow[];
  /** Extra summary lines (label, value). */
  summary: Array<[string, string]>;
}

/** Rows that count towards a report's total: settled movements and paid invoices, never pending ones. */
const COUNTED_STATUSES = new Set(['completed', 'paid']);

/** A report's total: the sum of the rows that count (settled movements, paid invoices). */
export function countedTotal(rows: readonly ExportRow[]): number {
  return rows
    .filter((row) => COUNTED_STATUSES.has(row.status))
    .reduce((sum, row) => sum + row.amount_credits, 0);
}

const CSV_COLUMNS = ['date', 'description', 'status', 'amount_credits', 'amount_usd'] as const;

/**
 * One row per movement plus nothing else, so the file re-imports cleanly; written page by page
 * as the rows are read (csvChunks), never whole.
 */
export function csvExportChunks(pages: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  return csvChunks(CSV_COLUMNS, withUsd(pages));
}

async function* withUsd(pages: AsyncIterable<ExportRow[]>) {
  for await (const rows of pages) {
    yield rows.map((row) => ({
      ...row,
      // A plain decimal that re-imports as a number; the PDF shows money formatted.
      amount_usd: (row.amount_credits / CREDITS_PER_USD).toFixed(2),
    }));
  }
}

/** A one-page report (more pages as rows need): heading, period, summary, rows, total. */
export function renderPdf(data: ExportData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: data.title, Producer: 'Evalmarket' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(data.title);
    doc.moveDown(0.5).fontSize(10).text(`Prepared for: ${data.personName}`);
    doc.text(
      `Period: ${data.period} (${data.start.toISOString().slice(0, 10)} to ${data.end.toISOString().slice(0, 10)})`,
    );
    doc.moveDown();
    for (const [label, value] of data.summary) doc.text(`${label}: ${value}`);
    doc.moveDown();
    doc.fontSize(11).text('Date        Description                                   Status      Amount');
    doc.fontSize(9);
    for (const row of data.rows) {
      doc.text(
        `${row.date}  ${row.description.slice(0, 44).padEnd(44)}  ${row.status.padEnd(10)}  ${formatUsdFromCredits(row.amount_credits)}`,
      );
    }
    const total = countedTotal(data.rows);
    doc
      .moveDown()
      .fontSize(12)
      .text(`${data.totalLabel}: ${formatUsdFromCredits(total)}`);
    doc.end();
  });
}
