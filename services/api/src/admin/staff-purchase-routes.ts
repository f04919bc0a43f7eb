import {
  ZStaffPurchase,
  ZStaffRefundReply,
  ZStaffRefundRequest,
  type TStaffPurchase,
} from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { IDEMPOTENCY_KEY_HEADER } from '../http/idempotency.js';
import { refundedCreditsSql } from '../ledger/ledger-lookups.js';
import { refundPurchase } from '../payments/staff-refund.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { atOrAfter, before, equals, personMatches, raList, ZRaListQuery } from './ra-list.js';
import { iso, jsonColumn } from './staff-rows.js';
import { registerShowRoute } from './staff-show-route.js';

// Refunded = refunds and disputes less what won disputes gave back (the ledger's refunded_credits).
const PURCHASES_FROM = `(SELECT p.global_position, p.data, p.recorded_at,
    ${refundedCreditsSql(`p.data->>'purchase_id'`)} AS refunded_credits
  FROM events p WHERE p.type = 'CreditsPurchased') purchases`;

function toPurchase(row: Record<string, unknown>): TStaffPurchase {
  const data = jsonColumn(row.data);
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

/** Credit purchases, read straight from the log, and the staff refund through Stripe. */
export async function staffPurchaseRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
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
          // Never NULL: a page follows the position's index instead of sorting every row.
          notNull: ['global_position'],
          defaultSort: ['recorded_at', 'DESC'],
          filters: {
            user_id: equals(`(data->>'user_id')`),
            q: personMatches(`(data->>'user_id')`),
            recorded_from: atOrAfter('recorded_at'),
            recorded_to: before('recorded_at'),
          },
          toRecord: toPurchase,
        },
        request.query,
      )) as TStaffPurchase[],
  );
  registerShowRoute(app, sql, {
    resource: 'purchases',
    from: PURCHASES_FROM,
    id: `(data->>'purchase_id')`,
    record: ZStaffPurchase,
    toRecord: toPurchase,
  });
  await staffRefundRoute(app, context);
}

async function staffRefundRoute(app: App, context: DomainContext): Promise<void> {
  const gateway = await context.payments();
  app.post(
    '/admin/purchases/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refund a purchase, whole (no amount_usd) or in part, through Stripe. The buyer's credits are taken back as for a refund webhook: what is still unspent is recovered, the rest is recorded as shortfall",
        params: z.object({ id: z.string().max(128) }),
        body: ZStaffRefundRequest,
        response: { 200: ZStaffRefundReply },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      return refundPurchase(context, gateway, {
        purchaseId: request.params.id,
        amountUsd: request.body.amount_usd,
        reason: request.body.reason,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        metadata: eventMetadata(request, `user:${adminId}`),
      });
    },
  );
}
