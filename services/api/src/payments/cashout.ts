import {
  CREDITS_PER_CENT,
  CREDITS_PER_USD,
  PAYMENT_MESSAGES,
  PAYOUT_ARRIVAL,
  type TCashoutReply,
  type TEventMetadata,
} from '@evalmarket/contracts';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { nextFundsAttemptAt, transferIdempotencyKey, WAITING_FOR_FUNDS } from './cashout-funds-wait.js';
import { readPayoutAccount, recordPaymentsEvent } from './payments-service.js';
import { isStripeRefusal } from './stripe-errors.js';
import { findCashout } from '../ledger/ledger-lookups.js';

/* Paying a requested cash-out (Stripe transfer) and its reply; the routes are cashout-routes.ts. */

/**
 * Card payments reach the platform's available balance days after the charge; until then
 * Stripe refuses transfers with balance_insufficient. After MAXIMUM_FUNDS_ATTEMPTS refusals the
 * cash-out fails with this message and the credits are restored.
 */
export const FUNDS_SETTLING =
  'Payouts are waiting for recent payments to settle. Your credits were restored; please try again in a few days.';

/** Whole cents of a balance, in credits (a cash-out moves whole cents only). */
export function cashableCredits(balanceCredits: number): number {
  return Math.max(0, balanceCredits - (balanceCredits % CREDITS_PER_CENT));
}

/**
 * Sends the net of a pending cash-out to the evaluator's connected account and settles it:
 * paid, failed with the gross restored, or still pending while the platform's card money
 * settles (cashout-funds-wait.ts). The idempotency key is the cash-out id (and the attempt
 * after a balance_insufficient refusal), so a retry (the payout worker after a crash or a
 * network error) can never transfer twice. A network failure leaves the cash-out pending for
 * the worker.
 */
export async function payCashout(
  context: DomainContext,
  gateway: PaymentsGateway,
  cashoutId: string,
  metadata: TEventMetadata,
): Promise<void> {
  const cashout = await findCashout(context.store, cashoutId);
  if (!cashout || cashout.status !== 'pending') return;
  const account = await readPayoutAccount(context.sql, cashout.user_id);
  if (!account.stripe_account_id) {
    await settleCashout(
      context,
      { type: 'MarkCashoutFailed', data: { cashout_id: cashoutId, reason: 'No bank account connected' } },
      metadata,
    );
    return;
  }
  const refused = await refusedFundsAttempts(context, cashoutId);
  let outcome: CashoutOutcome;
  try {
    const transfer = await gateway.stripe.transfers.create(
      {
        amount: cashout.net_credits / CREDITS_PER_CENT,
        currency: 'usd',
        destination: account.stripe_account_id,
        transfer_group: cashoutId,
        metadata: {
          cashout_id: cashoutId,
          user_id: cashout.user_id,
          gross_credits: String(cashout.gross_credits),
        },
      },
      { idempotencyKey: transferIdempotencyKey(cashoutId, refused) },
    );
    outcome = { type: 'MarkCashoutPaid', data: { cashout_id: cashoutId, stripe_transfer_id: transfer.id } };
  } catch (error) {
    if (!isStripeRefusal(error)) {
      context.logger.warn(
        { err: error, cashout_id: cashoutId },
        'cash-out transfer not confirmed; the payout worker retries',
      );
      return;
    }
    context.logger.warn({ err: error, cashout_id: cashoutId }, 'Stripe refused a cash-out transfer');
    const retryAt =
      error.code === 'balance_insufficient' ? nextFundsAttemptAt(refused + 1, context.now()) : undefined;
    if (retryAt) {
      await awaitFunds(context, cashout.user_id, cashoutId, refused + 1, retryAt, metadata);
      return;
    }
    // Never Stripe's own wording: the evaluator gets a message about their cash-out.
    const reason = error.code === 'balance_insufficient' ? FUNDS_SETTLING : PAYMENT_MESSAGES.cashoutFailed;
    outcome = { type: 'MarkCashoutFailed', data: { cashout_id: cashoutId, reason } };
  }
  await settleCashout(context, outcome, metadata);
}

type CashoutOutcome =
  | { type: 'MarkCashoutPaid'; data: { cashout_id: string; stripe_transfer_id: string } }
  | { type: 'MarkCashoutFailed'; data: { cashout_id: string; reason: string } };

async function settleCashout(
  context: DomainContext,
  outcome: CashoutOutcome,
  metadata: TEventMetadata,
): Promise<void> {
  const result = await context.ledger.submit(outcome, metadata);
  if (!result.ok) {
    if (result.rejection === 'cashout_already_settled') return;
    throw ledgerRejectionError(result);
  }
  const last = result.events[result.events.length - 1];
  if (last) {
    await context.wallet.waitFor(last.global_position);
    await context.domain.waitFor(last.global_position);
  }
}

async function refusedFundsAttempts(context: DomainContext, cashoutId: string): Promise<number> {
  const { rows } = await context.sql.query<{ funds_attempts: number }>(
    'SELECT funds_attempts FROM cashouts WHERE cashout_id = $1',
    [cashoutId],
  );
  return Number(rows[0]?.funds_attempts ?? 0);
}

/** Records the refusal (keyed by cash-out and attempt) and waits until the worker's view has it. */
async function awaitFunds(
  context: DomainContext,
  userId: string,
  cashoutId: string,
  attempt: number,
  retryAt: Date,
  metadata: TEventMetadata,
): Promise<void> {
  const events = await recordPaymentsEvent(
    context,
    userId,
    'CashoutAwaitingFunds',
    { cashout_id: cashoutId, user_id: userId, attempt, next_attempt_at: retryAt.toISOString() },
    { key: `cashout-funds:${cashoutId}:${attempt}`, metadata },
  );
  const last = events[events.length - 1];
  if (last) await context.domain.waitFor(last.global_position);
}

export async function cashoutReply(context: DomainContext, cashoutId: string): Promise<TCashoutReply> {
  const cashout = await findCashout(context.store, cashoutId);
  if (!cashout) throw new Error(`cash-out ${cashoutId} is not in the log`);
  const waiting = cashout.status === 'pending' && (await refusedFundsAttempts(context, cashoutId)) > 0;
  return {
    cashout_id: cashoutId,
    status: cashout.status,
    gross_credits: cashout.gross_credits,
    fee_credits: cashout.fee_credits,
    net_credits: cashout.net_credits,
    gross_usd: cashout.gross_credits / CREDITS_PER_USD,
    fee_usd: cashout.fee_credits / CREDITS_PER_USD,
    net_usd: cashout.net_credits / CREDITS_PER_USD,
    stripe_transfer_id: cashout.stripe_transfer_id ?? null,
    failure_reason: cashout.failure_reason ?? null,
    status_message: waiting ? WAITING_FOR_FUNDS : null,
    estimated_arrival: PAYOUT_ARRIVAL,
  };
}
