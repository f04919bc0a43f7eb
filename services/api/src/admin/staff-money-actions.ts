import { ZCashoutReply, ZStaffRefundReply, ZStaffRefundRequest } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import { IDEMPOTENCY_KEY_HEADER } from '../http/idempotency.js';
import { retryCashout } from '../payments/cashout-retry.js';
import { refundPurchase } from '../payments/staff-refund.js';
import type { DomainContext } from '../runtime/domain-context.js';

/** Staff money actions: refund a purchase through Stripe, retry a failed cash-out. */
export async function staffMoneyActions(app: App, context: DomainContext): Promise<void> {
  const gateway = await context.payments();
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

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
