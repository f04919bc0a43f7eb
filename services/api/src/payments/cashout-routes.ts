import {
  CREDITS_PER_CENT,
  formatUsdFromCredits,
  ZCashoutReply,
  ZCashoutRequest,
  ZPayoutHistoryItem,
  type TEvaluatorStatus,
} from '@evalmarket/contracts';
import { availableBalance, cashoutStreamId } from '@evalmarket/ledger';
import { getAccountBalance } from '@evalmarket/projector';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { eventMetadata } from '../events/record-events.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  PaymentRequiredError,
  ValidationError,
} from '../http/errors.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import { requestEntityId, requestIdempotencyKey } from '../http/request-ids.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { ensureLedgerAccounts, readPayoutAccount } from './payments-service.js';
import { readPayoutHistory } from './payout-history.js';
import { z } from 'zod';
import { cashableCredits, cashoutReply, payCashout } from './cashout.js';
import { findCashout, landedEvent } from '../ledger/ledger-lookups.js';

interface EvaluatorRow {
  evaluator_status: TEvaluatorStatus;
  qualification_tier: string | null;
  expert_tier_interest_expressed: boolean;
}

async function readEvaluator(context: DomainContext, userId: string): Promise<EvaluatorRow> {
  const { rows } = await context.sql.query<EvaluatorRow & Record<string, unknown>>(
    `SELECT evaluator_status, qualification_tier, expert_tier_interest_expressed
     FROM evaluator_applications WHERE user_id = $1`,
    [userId],
  );
  return (
    rows[0] ?? {
      evaluator_status: 'not_applied',
      qualification_tier: null,
      expert_tier_interest_expressed: false,
    }
  );
}

/**
 * POST /evaluator/cashout (spec 001 sections 2.14, 3, 5) and the payout history; the status read
 * is evaluator/evaluator-routes.ts.
 */
export async function cashoutRoutes(app: App, context: DomainContext): Promise<void> {
  const gateway = await context.payments();

  app.get(
    '/evaluator/cashouts',
    {
      schema: {
        tags: ['evaluator'],
        summary:
          'My payout history, newest first: each cash-out with its status, Stripe transfer, failure reason and the cash-out it retries',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(ZPayoutHistoryItem) },
      },
    },
    async (request) => readPayoutHistory(context.sql, requireUser(request), request.query.limit),
  );

  app.post(
    '/evaluator/cashout',
    {
      config: { openapi: { errors: [402] } },
      schema: {
        tags: ['evaluator'],
        summary:
          'Cash out earnings (amount_credits optional: default everything cashable, in whole cents). Pending, then a Stripe transfer of the net (gross less the 10% fee) to the connected account; paid or failed (credits restored)',
        body: ZCashoutRequest,
        response: { 200: ZCashoutReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      // Derived from the Idempotency-Key (a random id without one), so a resend names the same.
      const cashoutId = `co_${requestEntityId(request, 'cashout')}`;
      const metadata = eventMetadata(request);
      if (requestIdempotencyKey(request) !== undefined && (await findCashout(context.store, cashoutId))) {
        // A resend of a request whose cash-out landed but whose reply was lost (a crashed replica,
        // a dropped connection): it answers that cash-out, and pays it if the first attempt
        // stopped before Stripe answered. Checking the balance again would refuse it, since the
        // cash-out has already taken what was there.
        await payCashout(context, gateway, cashoutId, metadata);
        return cashoutReply(context, cashoutId);
      }
      const evaluator = await readEvaluator(context, userId);
      if (evaluator.evaluator_status !== 'verified') {
        throw new ForbiddenError(
          'Cash-out is available to verified evaluators only',
          'evaluator_not_verified',
        );
      }
      const account = await readPayoutAccount(context.sql, userId);
      if (!account.stripe_account_id || !account.payouts_enabled) {
        throw new ConflictError('Set up your bank account before cashing out', 'payouts_not_enabled');
      }
      await ensureLedgerAccounts(context, userId);
      // From the wallet read model, which the read barrier has brought up to this person's
      // own writes; the writer checks the amount again against its books.
      const available = availableBalance(await getAccountBalance(context.sql, userId, 'earning'));
      const requested = request.body?.amount_credits;
      const minimum = context.config.minimumCashoutCredits;
      if (requested !== undefined && requested % CREDITS_PER_CENT !== 0) {
        throw ValidationError.at(
          ['body', 'amount_credits'],
          `amount_credits must be a multiple of ${CREDITS_PER_CENT} credits (whole cents)`,
          'multiple_of',
        );
      }
      const gross = requested ?? cashableCredits(available);
      if (gross < minimum) {
        throw new AppError(
          422,
          'cashout_below_minimum',
          `Minimum Balance Not Met: the minimum cash-out is ${minimum.toLocaleString('en-US')} credits (${formatUsdFromCredits(minimum)})`,
        );
      }
      if (gross > available) {
        throw new PaymentRequiredError(
          { credits_required: gross, credits_current: available, credits_shortfall: gross - available },
          { message: 'Not enough earnings to cash out this amount' },
        );
      }
      const result = await context.ledger.submit(
        {
          type: 'RequestCashout',
          data: {
            cashout_id: cashoutId,
            user_id: userId,
            gross_credits: gross,
            minimum_cashout_credits: minimum,
          },
        },
        metadata,
      );
      if (!result.ok) throw ledgerRejectionError(result);
      await context.wallet.waitFor(
        (await landedEvent(context.store, result, cashoutStreamId(cashoutId))).global_position,
      );
      await payCashout(context, gateway, cashoutId, metadata);
      return cashoutReply(context, cashoutId);
    },
  );
}
