import { ZCashoutReply, ZStaffCashout, type TStaffCashout } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { retryCashout, retriedCashoutId, retryCashoutIdSql } from '../payments/cashout-retry.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { equals, personMatches, raList, ZRaListQuery } from './ra-list.js';
import { iso } from './staff-rows.js';
import { registerShowRoute } from './staff-show-route.js';

// Cash-outs folded from their four events; each cash-out id is requested once (the ledger's rule).
// Each join finds its events by cash-out id (events_cashouts_idx, migration 034).
export const CASHOUTS_FROM = `(SELECT r.data->>'cashout_id' AS cashout_id, r.data->>'user_id' AS user_id,
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

/** How many cash-outs there are: each is requested once. */
const CASHOUTS_COUNT = `SELECT count(*) AS total FROM events WHERE type = 'CashoutRequested'`;

function toCashout(row: Record<string, unknown>): TStaffCashout {
  return {
    id: String(row.cashout_id),
    cashout_id: String(row.cashout_id),
    user_id: String(row.user_id),
    status: row.status as TStaffCashout['status'],
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

/** Cash-outs with their status and Stripe transfer, and the staff retry of a failed one. */
export async function staffCashoutRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
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
          // The request's position: with its events found by cash-out id, the newest page walks
          // the requests' position index instead of folding and sorting every cash-out.
          notNull: ['global_position'],
          defaultSort: ['requested_at', 'DESC'],
          filters: { user_id: equals('user_id'), q: personMatches('user_id'), status: equals('status') },
          toRecord: toCashout,
          // One request per cash-out: counted from the type's index, where counting the folded
          // rows would join four events to each (4.9 ms for 1,026 rows on the 10M world).
          countAll: CASHOUTS_COUNT,
        },
        request.query,
      )) as TStaffCashout[],
  );
  registerShowRoute(app, sql, {
    resource: 'cashouts',
    from: CASHOUTS_FROM,
    id: 'cashout_id',
    record: ZStaffCashout,
    toRecord: toCashout,
  });
  await staffCashoutRetryRoute(app, context);
}

async function staffCashoutRetryRoute(app: App, context: DomainContext): Promise<void> {
  const gateway = await context.payments();
  app.post(
    '/admin/cashouts/:id/retry',
    {
      config: { openapi: { errors: [402] } },
      schema: {
        tags: ['admin'],
        summary:
          'Retry a failed cash-out: the same gross, again from the earning balance, to the payout account the evaluator has now. Once per cash-out: asking again answers with the same retry',
        params: z.object({ id: z.string().max(128) }),
        response: { 200: ZCashoutReply },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request);
      return retryCashout(context, gateway, request.params.id, eventMetadata(request, `user:${adminId}`));
    },
  );
}
