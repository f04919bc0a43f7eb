import { ZDevGrantCreditsReply, ZDevGrantCreditsRequest, type TEventMetadata } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { EventStore } from '@evalmarket/eventstore';
import { adjustmentStreamId, userAccount } from '@evalmarket/ledger';
import type { LedgerClient } from '@evalmarket/ledger-writer';
import { getWalletBalance, type Projector } from '@evalmarket/projector';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import type { Mailer } from '../identity/mailer.js';
import { requireUser } from '../auth/guards.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import { requestEntityId, requestIdempotencyKey } from '../http/request-ids.js';
import { landedEvent } from '../ledger/ledger-lookups.js';

/**
 * Development only (absent in production): grants credits to the signed-in person as an
 * adjustment, so the money path can be exercised end to end before purchases exist.
 */
export async function devRoutes(
  app: App,
  options: { sql: SqlClient; store: EventStore; ledger: LedgerClient; projector: Projector; mailer: Mailer },
): Promise<void> {
  const { sql, store, ledger, projector, mailer } = options;

  app.get(
    '/dev/mailbox',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Emails sent to an address, newest first (development only; empty when SMTP_URL is set)',
        querystring: z.object({ to: z.string().trim().min(1).max(254) }),
        response: {
          200: z.array(
            z.object({
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string().nullable(),
              links: z.array(z.string()),
              sent_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => mailer.mailbox(request.query.to),
  );

  app.post(
    '/dev/grant-credits',
    {
      schema: {
        tags: ['development'],
        summary: 'Grant credits to the signed-in person (development only)',
        body: ZDevGrantCreditsRequest,
        response: { 201: ZDevGrantCreditsReply },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const { amount_credits, context, reason } = request.body;
      const adjustment_id = requestEntityId(request, 'dev-grant');
      const idempotencyKey = requestIdempotencyKey(request);
      const metadata: TEventMetadata = {
        actor: `user:${userId}`,
        request_id: request.id,
        correlation_id: request.id,
        ...(idempotencyKey === undefined ? {} : { idempotency_key: idempotencyKey }),
      };
      const [opened, adjusted] = await ledger.submitMany(
        [
          { type: 'OpenUserAccounts', data: { user_id: userId } },
          {
            type: 'AdjustCredits',
            data: { adjustment_id, user_id: userId, context, amount_credits, reason, actor_id: userId },
          },
        ],
        metadata,
      );
      if (!opened!.ok) throw ledgerRejectionError(opened!);
      if (!adjusted!.ok) throw ledgerRejectionError(adjusted!);
      const { global_position } = await landedEvent(store, adjusted!, adjustmentStreamId(adjustment_id));
      // Read your writes: reply once the read models include the grant.
      await projector.waitFor(global_position);
      const balance = await getWalletBalance(sql, userId, context);
      reply.status(201);
      return {
        adjustment_id,
        account_id: userAccount(context, userId),
        amount_credits,
        global_position,
        credits_balance: balance.credits_balance,
      };
    },
  );
}
