import { FILE_BODY } from '../http/openapi/operation-rules.js';
import { EXPERT_ROLE_REQUIRED, ZExportReply, ZExportRequest } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { AppError, ForbiddenError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { analyticsWindow } from './analytics-window.js';
import {
  EXPORT_LINK_TTL_MS,
  signExportTicket,
  verifyExportTicket,
  type ExportTicket,
} from './export-links.js';
import { renderCsv, renderPdf, type ExportData } from './render-exports.js';

const ZExportBody = ZExportRequest.extend({
  /** Earnings only: the statement (default) or the tax summary. */
  report: z.enum(['statement', 'tax_summary']).optional(),
});

const TITLES = {
  report: 'Spending Report',
  statement: 'Earnings Statement',
  tax_summary: 'Tax Summary',
} as const;

async function hasExpertRole(sql: SqlExecutor, userId: string): Promise<boolean> {
  const { rows } = await sql.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [userId]);
  return rows[0]?.roles.includes('expert') === true;
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
        const userId = requireUser(request);
        if (kind === 'earnings' && !(await hasExpertRole(sql, userId)))
          throw new ForbiddenError(EXPERT_ROLE_REQUIRED);
        const { format, time_filter } = request.body;
        const report = kind === 'spending' ? 'report' : (request.body.report ?? 'statement');
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
      const data = await exportData(sql, ticket, context.now());
      const day = context.now().toISOString().slice(0, 10);
      const name = `${TITLES[ticket.r].toLowerCase().replace(/ /g, '-')}-${ticket.p}-${day}.${ticket.f}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (ticket.f === 'csv') return reply.type('text/csv; charset=utf-8').send(await renderCsv(data));
      return reply.type('application/pdf').send(await renderPdf(data));
    },
  );
}

async function exportData(sql: SqlExecutor, ticket: ExportTicket, now: Date): Promise<ExportData> {
  const window = analyticsWindow({ period: ticket.p as '30d' }, now);
  const spending = ticket.k === 'spending';
  const { rows } = await sql.query<{
    created_at: Date | string;
    description: string;
    status: string;
    amount: string | number;
  }>(
    `SELECT created_at, description, status, abs(amount) AS amount FROM wallet_transactions
     WHERE user_id = $1 AND context = $2 AND type = $3 AND code = 'reward' AND created_at >= $4 AND created_at < $5
     ORDER BY global_position`,
    [ticket.u, spending ? 'spending' : 'earning', spending ? 'debit' : 'credit', window.start, window.end],
  );
  const people = await sql.query<{ first_name: string; last_name: string; email: string }>(
    'SELECT first_name, last_name, email FROM users WHERE id = $1',
    [ticket.u],
  );
  const person = people.rows[0];
  const exportRows = rows.map((row) => ({
    date: new Date(row.created_at).toISOString().slice(0, 10),
    description: row.description,
    status: row.status,
    amount_credits: Number(row.amount),
  }));
  const completed = exportRows.filter((row) => row.status === 'completed');
  const sum = completed.reduce((total, row) => total + row.amount_credits, 0);
  const summary: Array<[string, string]> = [
    [spending ? 'Votes paid' : 'Votes paid to you', String(completed.length)],
    ['Credits', sum.toLocaleString('en-US')],
  ];
  if (ticket.r === 'tax_summary') {
    summary.push(['Note', 'Gross earnings before the 10% cash-out fee; keep for your tax records']);
  }
  return {
    title: TITLES[ticket.r],
    personName: person ? `${`${person.first_name} ${person.last_name}`.trim()} <${person.email}>` : ticket.u,
    period: ticket.p,
    start: window.start,
    end: window.end,
    totalLabel: spending
      ? 'Total spent'
      : ticket.r === 'tax_summary'
        ? 'Total gross earnings'
        : 'Total earned',
    rows: exportRows,
    summary,
  };
}
