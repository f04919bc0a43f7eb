import { FILE_BODY } from '../http/openapi/operation-rules.js';
import { ZExportReply, ZExportRequest } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireExpert, requireUser } from '../auth/guards.js';
import { formatUsdFromCredits } from '@evalmarket/contracts';
import { AppError, ForbiddenError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import type { InvoiceSettings } from '../config/config.js';
import { analyticsWindow, periodLabel } from './analytics-window.js';
import {
  EXPORT_LINK_TTL_MS,
  signExportTicket,
  verifyExportTicket,
  type ExportTicket,
} from './export-links.js';
import { reportRowPages, type ReportSource } from './export-rows.js';
import { csvExportChunks, renderPdf, type ExportData } from './render-exports.js';
import { emptyStatementTotals, type StatementTotals } from './statement-data.js';
import { allRows, replyStream } from '../http/streamed-export.js';

const ZExportBody = ZExportRequest.extend({
  /**
   * Earnings: the statement (default) or the tax summary. Spending: the spending report (default)
   * or the invoices of the period (Generate Invoice, Billing's Export).
   */
  report: z.enum(['statement', 'tax_summary', 'report', 'invoices']).optional(),
});

const TITLES = {
  report: 'Spending Report',
  invoices: 'Invoices',
  statement: 'Earnings Statement',
  tax_summary: 'Tax Summary',
} as const;

/** The report asked for, within the ones of its kind (422 for another kind's report). */
function reportOf(kind: 'spending' | 'earnings', asked: string | undefined): ExportTicket['r'] {
  const allowed =
    kind === 'spending' ? (['report', 'invoices'] as const) : (['statement', 'tax_summary'] as const);
  if (asked === undefined) return allowed[0];
  const found = allowed.find((report) => report === asked);
  if (!found) {
    throw ValidationError.at(
      ['body', 'report'],
      `report must be one of ${allowed.join(', ')} for ${kind} exports`,
      'enum',
    );
  }
  return found;
}

/**
 * Exports of the analytics (spec 001 sections 2.7, 2.8): POST answers {file_name, download_url};
 * the URL carries an HMAC-signed ticket that expires after 15 minutes and is built on download.
 */
export async function exportRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;

  for (const kind of ['spending', 'earnings'] as const) {
    app.post(
      `/analytics/${kind}/export`,
      {
        schema: {
          tags: ['analytics'],
          summary: `Export ${kind} as csv or pdf; returns a signed download link that expires`,
          body: ZExportBody,
          response: { 200: ZExportReply },
        },
      },
      async (request) => {
        const userId = kind === 'earnings' ? requireExpert(request) : requireUser(request);
        const { format, time_filter } = request.body;
        const report = reportOf(kind, request.body.report);
        const expires = context.now().getTime() + EXPORT_LINK_TTL_MS;
        const ticket: ExportTicket = {
          u: userId,
          k: kind,
          f: format,
          p: time_filter.period,
          r: report,
          e: expires,
        };
        const token = await signExportTicket(sql, ticket);
        const day = context.now().toISOString().slice(0, 10);
        const fileName = `${TITLES[report].toLowerCase().replace(/ /g, '-')}-${time_filter.period}-${day}.${format}`;
        return {
          file_name: fileName,
          download_url: `/api/v1/analytics/exports/download?token=${encodeURIComponent(token)}`,
          expires_at: new Date(expires).toISOString(),
        };
      },
    );
  }

  app.get(
    '/analytics/exports/download',
    {
      config: {
        public: true,
        openapi: {
          reply: {
            status: 200,
            description: 'The export',
            content: { 'text/csv': FILE_BODY, 'application/pdf': FILE_BODY },
          },
        },
      },
      schema: {
        tags: ['analytics'],
        summary: 'Download an export by its signed link (no bearer token: opened in a new tab)',
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const check = await verifyExportTicket(sql, request.query.token, context.now());
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError(410, 'export_link_expired', 'This download link has expired; export again')
          : new ForbiddenError('This download link is not valid');
      }
      const ticket = check.ticket;
      const now = context.now();
      const source = {
        sql,
        invoicing: context.config.invoicing,
        ticket,
        ...(await reportPeriod(sql, ticket, now)),
      };
      const day = now.toISOString().slice(0, 10);
      const name = `${TITLES[ticket.r].toLowerCase().replace(/ /g, '-')}-${ticket.p}-${day}.${ticket.f}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (ticket.f === 'csv') {
        // Sent as it is read: one page of rows in memory, however long the period.
        return reply
          .type('text/csv; charset=utf-8')
          .send(replyStream(csvExportChunks(reportRowPages(source))));
      }
      return reply.type('application/pdf').send(await renderPdf(await pdfData(source)));
    },
  );
}

/** Where an "all" report starts: the person's first money movement (today when there is none). */
async function firstMovement(sql: SqlExecutor, userId: string, now: Date): Promise<Date> {
  const { rows } = await sql.query<{ first: Date | string | null }>(
    'SELECT min(created_at) AS first FROM wallet_transactions WHERE user_id = $1',
    [userId],
  );
  const first = rows[0]?.first;
  return first ? new Date(new Date(first).toISOString().slice(0, 10) + 'T00:00:00Z') : now;
}

async function personName(sql: SqlExecutor, userId: string): Promise<string> {
  const people = await sql.query<{ first_name: string; last_name: string; email: string }>(
    'SELECT first_name, last_name, email FROM users WHERE id = $1',
    [userId],
  );
  const person = people.rows[0];
  return person ? `${`${person.first_name} ${person.last_name}`.trim()} <${person.email}>` : userId;
}

/** A report's whole data, as its PDF shows it (the staff statement view reads the same figures). */
export async function exportData(
  sql: SqlExecutor,
  invoicing: InvoiceSettings,
  ticket: ExportTicket,
  now: Date,
): Promise<ExportData> {
  return pdfData({ sql, invoicing, ticket, ...(await reportPeriod(sql, ticket, now)) });
}

/** The ticket's period: an "all" report starts at the person's first money movement. */
async function reportPeriod(sql: SqlExecutor, ticket: ExportTicket, now: Date) {
  const window = analyticsWindow({ period: ticket.p as '30d' }, now);
  const start = window.period === 'all' ? await firstMovement(sql, ticket.u, now) : window.start;
  return { start, end: window.end, period: periodLabel(window.period) };
}

/**
 * A PDF is laid out whole: its rows are gathered (a PDF of a long period is as large as its
 * rows; the CSV is the streamed form) and its summary added up from them.
 */
async function pdfData(source: ReportSource & { period: string }): Promise<ExportData> {
  const { ticket } = source;
  const totals = emptyStatementTotals();
  const rows = await allRows(reportRowPages(source, totals));
  const base = {
    title: TITLES[ticket.r],
    personName: await personName(source.sql, ticket.u),
    period: source.period,
    start: source.start,
    end: source.end,
    rows,
  };
  if (ticket.k === 'earnings') return { ...base, ...earningsSummary(ticket.r, totals) };
  if (ticket.r === 'invoices') {
    return { ...base, totalLabel: 'Total invoiced', summary: [['Invoices', String(rows.length)]] };
  }
  const completed = rows.filter((row) => row.status === 'completed');
  const sum = completed.reduce((total, row) => total + row.amount_credits, 0);
  return {
    ...base,
    totalLabel: 'Total spent',
    summary: [
      ['Votes paid', String(completed.length)],
      ['Credits', sum.toLocaleString('en-US')],
    ],
  };
}

/** The statement's or the tax summary's figures, in USD with credits, from the period's totals. */
function earningsSummary(
  report: ExportTicket['r'],
  totals: StatementTotals,
): Pick<ExportData, 'summary' | 'totalLabel'> {
  const money = (credits: number) =>
    `${formatUsdFromCredits(credits)} (${credits.toLocaleString('en-US')} credits)`;
  if (report === 'tax_summary') {
    return {
      totalLabel: 'Net change in earning balance',
      summary: [
        ['Total gross earnings', money(totals.rewards)],
        ['Adjustments', money(totals.adjustments)],
        ['Platform fees on cash-outs', money(totals.fees)],
        ['Paid out to your bank', money(totals.netPaidOut)],
        ['Cash-outs returned', money(totals.returned)],
        ['Note', 'Gross earnings before the 10% cash-out fee; keep for your tax records'],
      ],
    };
  }
  return {
    totalLabel: 'Net change in earning balance',
    summary: [
      ['Votes paid to you', String(totals.rewardCount)],
      ['Total earned', money(totals.rewards)],
      ['Adjustments', money(totals.adjustments)],
      ['Cash-outs (gross)', money(totals.cashoutsGross)],
      ['Cash-out fees', money(totals.fees)],
      ['Cash-outs returned', money(totals.returned)],
    ],
  };
}
