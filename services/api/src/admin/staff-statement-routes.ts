import { ZEntityId, ZStaffStatement, ZStatementQuery } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { NotFoundError } from '../http/errors.js';
import { exportData } from '../analytics/export-routes.js';
import { EXPORT_LINK_TTL_MS, signExportTicket, type ExportTicket } from '../analytics/export-links.js';
import { countedTotal } from '../analytics/render-exports.js';
import type { DomainContext } from '../runtime/domain-context.js';

/** The person's reports staff can read: earnings statement and tax summary, spending, invoices. */
const REPORT_KINDS = {
  statement: 'earnings',
  tax_summary: 'earnings',
  report: 'spending',
  invoices: 'spending',
} as const satisfies Record<ExportTicket['r'], ExportTicket['k']>;

/**
 * A person's statements for staff, admin only: the figures of the earnings statement, tax
 * summary, spending report or invoices of a period, built as the person's own export is, with
 * links to the same PDF and CSV.
 */
export async function staffStatementRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.get(
    '/admin/users/:id/statement',
    {
      schema: {
        tags: ['admin'],
        summary: 'A person’s earnings statement, tax summary, spending report or invoices for a period',
        params: z.object({ id: ZEntityId }),
        querystring: ZStatementQuery,
        response: { 200: ZStaffStatement },
      },
    },
    async (request) => {
      const userId = request.params.id;
      const { rows: found } = await sql.query('SELECT 1 FROM users WHERE id = $1', [userId]);
      if (!found[0]) throw new NotFoundError('User not found');
      const { report, period } = request.query;
      const now = context.now();
      const expires = now.getTime() + EXPORT_LINK_TTL_MS;
      const ticket = (format: ExportTicket['f']): ExportTicket => ({
        u: userId,
        k: REPORT_KINDS[report],
        f: format,
        p: period,
        r: report,
        e: expires,
      });
      const data = await exportData(sql, context.config.invoicing, ticket('pdf'), now);
      const link = async (format: ExportTicket['f']) =>
        `/api/v1/analytics/exports/download?token=${encodeURIComponent(await signExportTicket(sql, ticket(format)))}`;
      return {
        user_id: userId,
        report,
        title: data.title,
        prepared_for: data.personName,
        period: data.period,
        start: data.start.toISOString(),
        end: data.end.toISOString(),
        summary: data.summary.map(([label, value]) => ({ label, value })),
        rows: data.rows,
        total_label: data.totalLabel,
        total_credits: countedTotal(data.rows),
        pdf_url: await link('pdf'),
        csv_url: await link('csv'),
        links_expire_at: new Date(expires).toISOString(),
      };
    },
  );
}
