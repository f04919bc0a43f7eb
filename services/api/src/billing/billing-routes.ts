import { FILE_BODY } from '../http/openapi/operation-rules.js';
import { rewardDayTotals, utcDay } from '@evalmarket/projector';
import { z } from 'zod';
import { reputationScore } from '../analytics/compute-analytics.js';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { invoicePdf } from './invoice-document.js';
import { INVOICES_FROM, toInvoice, ZInvoice } from './invoices.js';

export const ZSpendingBillingSummary = z.object({
  total_spent: z.number(),
  this_month: z.number(),
  evaluations: z.number().int(),
  avg_cost: z.number(),
});
export const ZEarningBillingSummary = z.object({
  total_earnings: z.number(),
  pending: z.number(),
  evaluations: z.number().int(),
  rating: z.number().nullable(),
  earnings_history: z.array(z.object({ month: z.string(), amount: z.number() })),
});

/**
 * The Billing screen (spec 001 section 2.9) from real data: invoices (one per credit purchase),
 * their PDFs, and the spending and earning summaries. Amounts in USD.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
export async function billingRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

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
      return rows.map((row) => toInvoice(row, context.config.invoicing));
    },
  );

  app.get(
    '/billing/invoices/:id/download',
    {
      config: {
        openapi: {
          reply: { status: 200, description: 'The invoice', content: { 'application/pdf': FILE_BODY } },
        },
      },
      schema: {
        tags: ['billing'],
        summary: 'One of my invoices as a PDF',
        params: z.object({ id: z.string().max(128) }),
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const { rows } = await sql.query(
        `SELECT * FROM ${INVOICES_FROM} WHERE (data->>'purchase_id') = $1 AND (data->>'user_id') = $2`,
        [request.params.id, userId],
      );
      if (!rows[0]) throw new NotFoundError('Invoice not found');
      const invoice = toInvoice(rows[0], context.config.invoicing);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoice_number}.pdf"`)
        .send(await invoicePdf(context, invoice));
    },
  );

  /** Rewards on one side since a UTC midnight, from the day roll-up (wallet_reward_days). */
  async function rewardSum(userId: string, side: 'spending' | 'earning', status: string, from: Date) {
    const totals = await rewardDayTotals(sql, { userId, context: side, status, fromDay: utcDay(from) });
    return { credits: totals.credits, count: totals.rewards };
  }

  app.get(
    '/billing/summary/spending',
    {
      schema: {
        tags: ['billing'],
        summary: 'Total spent, this month, evaluations created and average cost per vote (USD)',
        response: { 200: ZSpendingBillingSummary },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const now = context.now();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const all = await rewardSum(userId, 'spending', 'completed', new Date(0));
      const month = await rewardSum(userId, 'spending', 'completed', monthStart);
      const created = await sql.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM evaluations WHERE creator_id = $1',
        [userId],
      );
      return {
        total_spent: all.credits / 1000,
        this_month: month.credits / 1000,
        evaluations: Number(created.rows[0]?.n ?? 0),
        avg_cost: all.count === 0 ? 0 : Math.round(all.credits / all.count / 10) / 100,
      };
    },
  );

  app.get(
    '/billing/summary/earning',
    {
      schema: {
        tags: ['billing'],
        summary: 'Total earnings, pending, evaluations, rating and monthly earnings history (USD)',
        response: { 200: ZEarningBillingSummary },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const earned = await rewardSum(userId, 'earning', 'completed', new Date(0));
      const pending = await rewardSum(userId, 'earning', 'pending', new Date(0));
      const { rows } = await sql.query<{ month: string; credits: string | number }>(
        `SELECT to_char(day, 'YYYY-MM') AS month, sum(credits) AS credits FROM wallet_reward_days
         WHERE user_id = $1 AND context = 'earning' AND status = 'completed' GROUP BY 1 ORDER BY 1 DESC LIMIT 24`,
        [userId],
      );
      return {
        total_earnings: earned.credits / 1000,
        pending: pending.credits / 1000,
        evaluations: earned.count,
        // Out of 5: the evaluator's reputation (compute-analytics.ts reputationScore).
        rating: await reputationScore(sql, userId),
        earnings_history: rows.map((row) => ({ month: row.month, amount: Number(row.credits) / 1000 })),
      };
    },
  );
}
