import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { invoicePdf } from '../billing/invoice-document.js';
import { INVOICES_FROM, toInvoice, ZInvoice, type TInvoice } from '../billing/invoices.js';
import { NotFoundError } from '../http/errors.js';
import { FILE_BODY } from '../http/openapi/operation-rules.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { equals, personMatches, raList, ZRaListQuery } from './ra-list.js';
import { registerShowRoute } from './staff-show-route.js';

/** Invoices, one per credit purchase (ZInvoice is the billing API's, the buyer sees the same). */
export async function staffInvoiceRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  const toRecord = (row: Record<string, unknown>): TInvoice => toInvoice(row, context.config.invoicing);
  app.get(
    '/admin/invoices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invoices, one per credit purchase (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZInvoice) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'invoices',
          select: '*',
          from: INVOICES_FROM,
          id: `(data->>'purchase_id')`,
          sortFields: {
            id: 'global_position',
            issue_date: 'global_position',
            invoice_number: 'invoice_number',
          },
          defaultSort: ['issue_date', 'DESC'],
          filters: {
            user_id: equals(`(data->>'user_id')`),
            q: personMatches(`(data->>'user_id')`),
            invoice_number: equals('invoice_number'),
          },
          toRecord,
        },
        request.query,
      )) as TInvoice[],
  );

  app.get(
    '/admin/invoices/:id/download',
    {
      config: {
        openapi: {
          reply: { status: 200, description: 'The invoice', content: { 'application/pdf': FILE_BODY } },
        },
      },
      schema: {
        tags: ['admin'],
        summary: "Any person's invoice as a PDF (the same document the buyer downloads)",
        params: z.object({ id: z.string().max(128) }),
      },
    },
    async (request, reply) => {
      const { rows } = await sql.query(`SELECT * FROM ${INVOICES_FROM} WHERE (data->>'purchase_id') = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw new NotFoundError('Invoice not found');
      const invoice = toRecord(rows[0]);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoice_number}.pdf"`)
        .send(await invoicePdf(context, invoice));
    },
  );
  registerShowRoute(app, sql, {
    resource: 'invoices',
    from: INVOICES_FROM,
    id: `(data->>'purchase_id')`,
    record: ZInvoice,
    toRecord,
  });
}
