import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { INVOICES_FROM, toInvoice, ZInvoice } from './invoices.js';

/** The signed-in person's invoices for the Billing screen (spec 001 section 2.9), newest first. */
export async function billingRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.get(
    '/billing/invoices',
    {
      schema: {
        tags: ['billing'],
        summary: 'My invoices, one per credit purchase, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(ZInvoice) },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const { rows } = await sql.query(
        `SELECT * FROM ${INVOICES_FROM} WHERE (data->>'user_id') = $1 ORDER BY global_position DESC LIMIT ${request.query.limit}`,
        [userId],
      );
      return rows.map(toInvoice);
    },
  );
}
