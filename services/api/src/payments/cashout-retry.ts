import { MAXIMUM_ID_LENGTH } from '@evalmarket/ledger';
import type { TCashoutReply, TEventMetadata } from '@evalmarket/contracts';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import { findCashout } from '../ledger/ledger-lookups.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { cashoutReply, payCashout } from './cashout.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { readPayoutAccount } from './payments-service.js';

const RETRY_SUFFIX = '.retry';

/**
 * The id of the cash-out that retries `cashoutId`. Derived, not random, so a retry asked for twice
 * (two staff, a double click, a retried request) is the same cash-out: the ledger requests a
 * cash-out id once and the transfer's idempotency key is the cash-out id.
 */
export function retryCashoutId(cashoutId: string): string {
  return `${cashoutId}${RETRY_SUFFIX}`;
}

/** retryCashoutId in SQL, for a query that joins a cash-out to its retry. */
export function retryCashoutIdSql(cashoutIdExpression: string): string {
  return `(${cashoutIdExpression}) || '${RETRY_SUFFIX}'`;
}

/** The cash-out a retry repeats, or null for a first attempt. */
export function retriedCashoutId(cashoutId: string): string | null {
  return cashoutId.endsWith(RETRY_SUFFIX) ? cashoutId.slice(0, -RETRY_SUFFIX.length) : null;
}

/**
 * Staff retry a failed cash-out: the same gross, requested again from the evaluator's earning
 * balance (a failure gave it back) and sent to the payout account they have now. A cash-out that
 * was already retried answers with its retry.
 */
export async function retryCashout(
  context: DomainContext,
  gateway: PaymentsGateway,
  cashoutId: string,
  metadata: TEventMetadata,
): Promise<TCashoutReply> {
  const failed = await findCashout(context.store, cashoutId);
  if (!failed) throw new NotFoundError('Cash-out not found', 'cashout_not_found');
  const retryId = retryCashoutId(cashoutId);
  if (await findCashout(context.store, retryId)) {
    // Pays it when an earlier attempt stopped before Stripe answered; a settled one is left as is.
    await payCashout(context, gateway, retryId, metadata);
    return cashoutReply(context, retryId);
  }
  if (failed.status !== 'failed') {
    throw new ConflictError(
      `Only a failed cash-out can be retried; this one is ${failed.status}`,
      'cashout_not_failed',
    );
  }
  if (retryId.length > MAXIMUM_ID_LENGTH) {
    throw new ConflictError('This cash-out was retried too many times', 'cashout_retry_limit');
  }
  const account = await readPayoutAccount(context.sql, failed.user_id);
  if (!account.stripe_account_id || !account.payouts_enabled) {
    throw new ConflictError('The evaluator has no bank account ready for payouts', 'payouts_not_enabled');
  }
  const result = await context.ledger.submit(
    {
      type: 'RequestCashout',
      data: {
        cashout_id: retryId,
        user_id: failed.user_id,
        gross_credits: failed.gross_credits,
        // The amount met the minimum when it was first asked for; a retry repeats that request.
        minimum_cashout_credits: Math.min(context.config.minimumCashoutCredits, failed.gross_credits),
      },
    },
    metadata,
  );
  if (!result.ok) throw ledgerRejectionError(result);
  const last = result.events[result.events.length - 1];
  if (last) await context.wallet.waitFor(last.global_position);
  await payCashout(context, gateway, retryId, metadata);
  return cashoutReply(context, retryId);
}
