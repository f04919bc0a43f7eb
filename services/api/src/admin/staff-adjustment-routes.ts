import { ZCreateAdjustment, ZEntityId, ZStaffAdjustment, type TStaffAdjustment } from '@evalmarket/contracts';
import { adjustmentStreamId } from '@evalmarket/ledger';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { NotFoundError } from '../http/errors.js';
import { requestEntityId } from '../http/request-ids.js';
import { landedEvent } from '../ledger/ledger-lookups.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { equals, personMatches, raList, ZRaListQuery } from './ra-list.js';
import { iso, jsonColumn } from './staff-rows.js';
import { getStaffUser } from './staff-user-routes.js';

const ADJUSTMENT_FROM = `events WHERE type = 'CreditsAdjusted'`;

function toStaffAdjustment(row: Record<string, unknown>): TStaffAdjustment {
  const data = jsonColumn(row.data);
  return {
    id: String(data.adjustment_id),
    adjustment_id: String(data.adjustment_id),
    user_id: String(data.user_id),
    context: String(data.context),
    amount_credits: Number(data.amount_credits),
    reason: String(data.reason),
    actor_id: String(data.actor_id),
    global_position: Number(row.global_position),
    recorded_at: iso(row.recorded_at),
  };
}

/** Credit adjustments: the CreditsAdjusted events, and the staff action that records one. */
export async function staffAdjustmentRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql, ledger } = context;
  app.get(
    '/admin/adjustments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credit adjustments (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffAdjustment) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'adjustments',
          select: 'global_position, data, recorded_at',
          from: `(SELECT global_position, data, recorded_at FROM ${ADJUSTMENT_FROM}) adjustments`,
          id: `(data->>'adjustment_id')`,
          sortFields: {
            id: 'global_position',
            recorded_at: 'global_position',
            global_position: 'global_position',
          },
          // Never NULL: a page follows the position's index instead of sorting every row.
          notNull: ['global_position'],
          defaultSort: ['global_position', 'DESC'],
          filters: {
            user_id: equals(`(data->>'user_id')`),
            q: personMatches(`(data->>'user_id')`),
            actor_id: equals(`(data->>'actor_id')`),
            context: equals(`(data->>'context')`),
          },
          toRecord: toStaffAdjustment,
        },
        request.query,
      )) as TStaffAdjustment[],
  );

  app.get(
    '/admin/adjustments/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One adjustment',
        params: z.object({ id: ZEntityId }),
        response: { 200: ZStaffAdjustment },
      },
    },
    async (request) => {
      const { rows } = await sql.query(
        `SELECT global_position, data, recorded_at FROM ${ADJUSTMENT_FROM} AND (data->>'adjustment_id') = $1`,
        [request.params.id],
      );
      if (!rows[0]) throw new NotFoundError('Adjustment not found');
      return toStaffAdjustment(rows[0]);
    },
  );

  app.post(
    '/admin/adjustments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adjust a person’s credits with a mandatory reason (a CreditsAdjusted ledger event)',
        body: ZCreateAdjustment,
        response: { 201: ZStaffAdjustment },
      },
    },
    async (request, reply) => {
      const adminId = requireAdmin(request);
      const { user_id, context: kind, amount_credits, reason } = request.body;
      await getStaffUser(sql, user_id);
      const adjustment_id = requestEntityId(request, 'staff-adjustment');
      const [opened, adjusted] = await ledger.submitMany(
        [
          { type: 'OpenUserAccounts', data: { user_id } },
          {
            type: 'AdjustCredits',
            data: { adjustment_id, user_id, context: kind, amount_credits, reason, actor_id: adminId },
          },
        ],
        eventMetadata(request),
      );
      if (!opened!.ok) throw ledgerRejectionError(opened!);
      if (!adjusted!.ok) throw ledgerRejectionError(adjusted!);
      const last = await landedEvent(context.store, adjusted!, adjustmentStreamId(adjustment_id));
      await context.wallet.waitFor(last.global_position);
      reply.status(201);
      const data = { adjustment_id, user_id, context: kind, amount_credits, reason, actor_id: adminId };
      return toStaffAdjustment({
        data,
        global_position: last.global_position,
        recorded_at: last.recorded_at,
      });
    },
  );
}
