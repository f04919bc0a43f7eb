import type { TEventMetadata } from '@evalmarket/contracts';
import type Stripe from 'stripe';
import type { DomainContext } from '../runtime/domain-context.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { submitAndWait } from './submit-and-wait.js';
import { findCashout } from '../ledger/ledger-lookups.js';

/** What the evaluator reads in their wallet and cash-out history when Stripe takes a payout back. */
export const CASHOUT_REVERSED_REASON = 'The transfer to your payout account was reversed';

/**
 * `transfer.reversed`: a cash-out's transfer came back to the platform's balance (Stripe's
 * Transfers.d.ts `amount_reversed`), so the evaluator's credits come back through the ledger's
 * ReverseCashout, keyed by the transfer id: redelivered events change nothing. The transfer is
 * re-read from Stripe rather than trusted from the payload.
 *
 * Only a full reversal gives the cash-out back: this platform never reverses part of a
 * transfer, and a partial one (made by hand in the Dashboard) is left to finance, which the
 * warning tells. A reversal that arrives while the cash-out is still pending (the process
 * stopped between Stripe's answer and the ledger) first records it as paid, as the payout
 * worker would have.
 */
export async function reverseCashoutTransfer(
  context: DomainContext,
  gateway: PaymentsGateway,
  transferId: string,
  metadata: TEventMetadata,
): Promise<string> {
  const transfer: Stripe.Transfer = await gateway.stripe.transfers.retrieve(transferId);
  const cashoutId = transfer.metadata?.cashout_id;
  const cashout = cashoutId ? await findCashout(context.store, cashoutId) : undefined;
  if (!cashoutId || !cashout) return 'ignored: not a cash-out transfer';
  if (transfer.amount_reversed < transfer.amount) {
    context.logger.warn(
      { transfer: transfer.id, cashout_id: cashoutId, amount_reversed: transfer.amount_reversed },
      'Stripe reversed part of a cash-out transfer; finance settles it by hand',
    );
    return 'noted: partial reversal';
  }
  if (cashout.status === 'failed') return 'ignored: cash-out already failed';
  if (cashout.status === 'pending') {
    await submitAndWait(
      context,
      { type: 'MarkCashoutPaid', data: { cashout_id: cashoutId, stripe_transfer_id: transfer.id } },
      metadata,
    );
  }
  const duplicate = await submitAndWait(
    context,
    {
      type: 'ReverseCashout',
      data: { cashout_id: cashoutId, reversal_id: transfer.id, reason: CASHOUT_REVERSED_REASON },
    },
    metadata,
  );
  return duplicate ? 'duplicate' : 'cash-out reversed';
}
