import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { INVOICES_FROM, toInvoice, ZInvoice, type TInvoice } from '../billing/invoices.js';
import { NotFoundError } from '../http/errors.js';
import { FILE_BODY } from '../http/openapi/operation-rules.js';
import { invoicePdf } from '../billing/invoice-document.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { retriedCashoutId, retryCashoutIdSql } from '../payments/cashout-retry.js';
import { atOrAfter, before, equals, raList, ZRaListQuery } from './ra-list.js';
import { refundedCreditsSql } from '../ledger/ledger-lookups.js';

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

export const ZStaffPurchase = z.object({
  id: z.string(),
  purchase_id: z.string(),
  user_id: z.string(),
  amount_usd: z.number(),
  credits: z.number().int(),
  /** Credits refunded or disputed so far (less any a won dispute gave back). */
  refunded_credits: z.number().int(),
  global_position: z.number().int(),
  recorded_at: z.string().nullable(),
});

export const ZStaffCashout = z.object({
  id: z.string(),
  cashout_id: z.string(),
  user_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'reversed']),
  gross_credits: z.number().int(),
  fee_credits: z.number().int(),
  net_credits: z.number().int(),
  stripe_transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  requested_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  global_position: z.number().int(),
  /** The failed cash-out this one retries, and the one that retried this one (staff retry). */
  retry_of: z.string().nullable(),
  retried_as: z.string().nullable(),
});

// Cash-outs folded from their four events; each cash-out id is requested once (the ledger's rule).
const CASHOUTS_FROM = `(SELECT r.data->>'cashout_id' AS cashout_id, r.data->>'user_id' AS user_id,
    (r.data->>'gross_credits')::bigint AS gross_credits, (r.data->>'fee_credits')::bigint AS fee_credits,
    (r.data->>'net_credits')::bigint AS net_credits, r.recorded_at AS requested_at, r.global_position,
    p.data->>'stripe_transfer_id' AS stripe_transfer_id, COALESCE(v.data->>'reason', f.data->>'reason') AS failure_reason,
    COALESCE(v.recorded_at, p.recorded_at, f.recorded_at) AS settled_at,
    CASE WHEN v.global_position IS NOT NULL THEN 'reversed' WHEN p.global_position IS NOT NULL THEN 'paid'
      WHEN f.global_position IS NOT NULL THEN 'failed' ELSE 'pending' END AS status,
    rr.data->>'cashout_id' AS retried_as
  FROM events r
  LEFT JOIN events p ON p.type = 'CashoutPaid' AND p.data->>'cashout_id' = r.data->>'cashout_id'
  LEFT JOIN events f ON f.type = 'CashoutFailed' AND f.data->>'cashout_id' = r.data->>'cashout_id'
  LEFT JOIN events v ON v.type = 'CashoutReversed' AND v.data->>'cashout_id' = r.data->>'cashout_id'
  LEFT JOIN events rr ON rr.type = 'CashoutRequested' AND rr.data->>'cashout_id' = ${retryCashoutIdSql("r.data->>'cashout_id'")}
  WHERE r.type = 'CashoutRequested') cashouts`;

function toCashout(row: Record<string, unknown>): z.infer<typeof ZStaffCashout> {
  return {
    id: String(row.cashout_id),
    cashout_id: String(row.cashout_id),
    user_id: String(row.user_id),
    status: row.status as z.infer<typeof ZStaffCashout>['status'],
    gross_credits: Number(row.gross_credits),
    fee_credits: Number(row.fee_credits),
    net_credits: Number(row.net_credits),
    stripe_transfer_id: (row.stripe_transfer_id as string | null) ?? null,
    failure_reason: (row.failure_reason as string | null) ?? null,
    requested_at: iso(row.requested_at),
    settled_at: iso(row.settled_at),
    global_position: Number(row.global_position),
    retry_of: retriedCashoutId(String(row.cashout_id)),
    retried_as: (row.retried_as as string | null) ?? null,
  };
}

function toPurchase(row: Record<string, unknown>): z.infer<typeof ZStaffPurchase> {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  return {
    id: String(data.purchase_id),
    purchase_id: String(data.purchase_id),
    user_id: String(data.user_id),
    amount_usd: Number(data.amount_usd),
    credits: Number(data.credits),
    refunded_credits: Number(row.refunded_credits ?? 0),
    global_position: Number(row.global_position),
    recorded_at: iso(row.recorded_at),
  };
}

// Refunded = refunds and disputes less what won disputes gave back (the ledger's refunded_credits).
const PURCHASES_FROM = `(SELECT p.global_position, p.data, p.recorded_at,
    ${refundedCreditsSql(`p.data->>'purchase_id'`)} AS refunded_credits
  FROM events p WHERE p.type = 'CreditsPurchased') purchases`;

/** Money resources for the staff console, read straight from the log: purchases, cash-outs, invoices. */
export async function staffMoneyRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/admin/purchases',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credit purchases (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffPurchase) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'purchases',
          select: 'global_position, data, recorded_at, refunded_credits',
          from: PURCHASES_FROM,
          id: `(data->>'purchase_id')`,
          sortFields: {
            id: 'global_position',
            recorded_at: 'global_position',
            amount_usd: `((data->>'amount_usd')::bigint)`,
          },
          defaultSort: ['recorded_at', 'DESC'],
          filters: {
            user_id: equals(`(data->>'user_id')`),
            recorded_from: atOrAfter('recorded_at'),
            recorded_to: before('recorded_at'),
          },
          toRecord: toPurchase,
        },
        request.query,
      )) as Array<z.infer<typeof ZStaffPurchase>>,
  );

  app.get(
    '/admin/cashouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cash-outs with status, Stripe transfer id, gross, fee and net (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffCashout) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'cashouts',
          select: '*',
          from: CASHOUTS_FROM,
          id: 'cashout_id',
          sortFields: {
            id: 'global_position',
            requested_at: 'global_position',
            gross_credits: 'gross_credits',
          },
          defaultSort: ['requested_at', 'DESC'],
          filters: { user_id: equals('user_id'), status: equals('status') },
          toRecord: toCashout,
        },
        request.query,
      )) as Array<z.infer<typeof ZStaffCashout>>,
  );

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
          filters: { user_id: equals(`(data->>'user_id')`), invoice_number: equals('invoice_number') },
          toRecord: (row) => toInvoice(row, context.config.invoicing),
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
      const invoice = toInvoice(rows[0], context.config.invoicing);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.invoice_number}.pdf"`)
        .send(await invoicePdf(context, invoice));
    },
  );

  for (const [resource, from, id, map, record] of [
    ['purchases', PURCHASES_FROM, `(data->>'purchase_id')`, toPurchase, ZStaffPurchase],
    ['cashouts', CASHOUTS_FROM, 'cashout_id', toCashout, ZStaffCashout],
    [
      'invoices',
      INVOICES_FROM,
      `(data->>'purchase_id')`,
      (row: Record<string, unknown>) => toInvoice(row, context.config.invoicing),
      ZInvoice,
    ],
  ] as const) {
    app.get(
      `/admin/${resource}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `One of ${resource}`,
          params: z.object({ id: z.string().max(128) }),
          response: { 200: record },
        },
      },
      async (request) => {
        const { rows } = await sql.query(`SELECT * FROM ${from} WHERE ${id} = $1`, [request.params.id]);
        if (!rows[0]) throw new NotFoundError('Not Found');
        return (map as (row: Record<string, unknown>) => z.infer<typeof record>)(rows[0]);
      },
    );
  }
}
