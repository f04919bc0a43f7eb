import { CREDITS_PER_CENT, type TEventMetadata } from '@evalmarket/contracts';
import type Stripe from 'stripe';
import { invoiceTerms } from '../billing/invoice-terms.js';
import { AppError } from '../http/errors.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { applyPayoutFact, applySavedMethodChange, savedCardData } from './apply-account-events.js';
import { reverseCashoutTransfer } from './cashout-reversal.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { submitAndWait } from './submit-and-wait.js';
import {
  ensureLedgerAccounts,
  findUserByAccount,
  readPayoutAccount,
  recordPaymentsEvent,
} from './payments-service.js';
import { findPurchase, findRefund } from '../ledger/ledger-lookups.js';

/**
 * Applies one verified Stripe event. Every effect is keyed by a Stripe object id, so the same
 * event delivered many times, concurrently or out of order, has its effect once:
 * credits by the PaymentIntent id (the ledger's purchase_id), take-backs by the refund or dispute
 * id (the ledger's adjustment_id), non-money facts by the Stripe event id (the store's
 * idempotency key). State is re-read from Stripe rather than trusted from the (possibly stale,
 * reordered) payload.
 */
export async function applyStripeEvent(
  context: DomainContext,
  gateway: PaymentsGateway,
  event: Stripe.Event,
): Promise<{ applied: string }> {
  const metadata: TEventMetadata = { actor: 'stripe', causation_id: event.id, correlation_id: event.id };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { applied: await creditPaymentIntent(context, gateway, intent.id, metadata) };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId) return { applied: 'ignored: charge without PaymentIntent' };
      // Since API 2022-11-15 a charge carries its refunds only when expanded, and never in an
      // event: list them from Stripe.
      let taken = 0;
      for await (const refund of gateway.stripe.refunds.list({ charge: charge.id, limit: 100 })) {
        if (await takeBackRefund(context, gateway, refund, metadata)) taken += 1;
      }
      return { applied: `refund: ${taken} succeeded` };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      // A refund that starts pending is taken back when it succeeds; failed or canceled ones never.
      const refund = await gateway.stripe.refunds.retrieve(event.data.object.id);
      return {
        applied: (await takeBackRefund(context, gateway, refund, metadata))
          ? 'refund'
          : `ignored: refund ${refund.status}`,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
    case 'charge.dispute.closed':
      return { applied: await applyDispute(context, gateway, event.data.object.id, metadata) };
    case 'setup_intent.succeeded': {
      const setup = await gateway.stripe.setupIntents.retrieve(event.data.object.id);
      const userId = setup.metadata?.user_id;
      const methodId = idOf(setup.payment_method);
      if (!userId || !methodId || setup.status !== 'succeeded') return { applied: 'ignored: not ours' };
      const method = await gateway.stripe.paymentMethods.retrieve(methodId);
      // SetupIntents are card-only (createSetupIntent), so this is a card; anything else is refused.
      if (!method.card) return { applied: `ignored: ${method.type} is not a card` };
      await recordPaymentsEvent(
        context,
        userId,
        'PaymentMethodSaved',
        savedCardData(userId, method, setup.id),
        // Keyed by the SetupIntent: its event and a confirm-time refresh record it once.
        { key: `stripe-setup:${setup.id}`, metadata },
      );
      return { applied: 'card saved' };
    }
    case 'payment_method.detached':
    case 'payment_method.automatically_updated':
      return { applied: await applySavedMethodChange(context, gateway, event, metadata) };
    case 'transfer.reversed':
      return { applied: await reverseCashoutTransfer(context, gateway, event.data.object.id, metadata) };
    case 'account.application.deauthorized':
    case 'payout.failed':
      return { applied: await applyPayoutFact(context, event, metadata) };
    case 'account.updated': {
      const accountId = event.data.object.id;
      const userId = event.data.object.metadata?.user_id ?? (await findUserByAccount(context.sql, accountId));
      if (!userId) return { applied: 'ignored: unknown account' };
      await refreshPayoutAccount(context, gateway, userId, accountId, metadata);
      return { applied: 'account' };
    }
    default:
      return { applied: 'ignored' };
  }
}

/**
 * Credits a succeeded PaymentIntent once (purchase_id = PaymentIntent id). Returns what happened.
 * Used by the webhook, by the auto-recharge worker and by the refund path when a refund arrives
 * before the payment's own event.
 */
export async function creditPaymentIntent(
  context: DomainContext,
  gateway: PaymentsGateway,
  intentId: string,
  metadata: TEventMetadata,
): Promise<string> {
  if (await findPurchase(context.store, intentId)) return 'duplicate';
  const intent = await gateway.stripe.paymentIntents.retrieve(intentId);
  const userId = intent.metadata?.user_id;
  if (intent.status !== 'succeeded') return `ignored: status ${intent.status}`;
  if (!userId) return 'ignored: no user_id';
  const received = intent.amount_received || intent.amount;
  if (intent.currency !== 'usd' || received % 100 !== 0) return 'ignored: not whole US dollars';
  await ensureLedgerAccounts(context, userId);
  const result = await context.ledger.submit(
    {
      type: 'PurchaseCredits',
      data: {
        purchase_id: intent.id,
        user_id: userId,
        amount_usd: received / 100,
        invoice: invoiceTerms(context.config.invoicing),
      },
    },
    metadata,
  );
  if (!result.ok) throw ledgerRejectionError(result);
  const last = result.events[result.events.length - 1];
  if (last) await context.wallet.waitFor(last.global_position);
  return result.duplicate ? 'duplicate' : 'credited';
}

/**
 * A refund or dispute takes its credits back through the ledger's RefundPurchase, keyed by the
 * Stripe refund or dispute id. The ledger takes only what the spending balance has available
 * (a user account never goes negative) and records the rest as shortfall_credits on the
 * PurchaseRefunded event, which the payments projection lists in refund_shortfalls for finance
 * and turns into a notice to the person.
 */
export async function takeBack(
  context: DomainContext,
  gateway: PaymentsGateway,
  options: { sourceId: string; intentId: string; amountCents: number; metadata: TEventMetadata },
): Promise<void> {
  const { sourceId, intentId, metadata } = options;
  // A refund may overtake the payment's own webhook: credit the payment first.
  let purchase = await findPurchase(context.store, intentId);
  if (!purchase) {
    await creditPaymentIntent(context, gateway, intentId, metadata);
    purchase = await findPurchase(context.store, intentId);
  }
  if (!purchase) return;
  await submitAndWait(
    context,
    {
      type: 'RefundPurchase',
      data: {
        refund_id: sourceId,
        purchase_id: intentId,
        amount_credits: Math.min(options.amountCents * CREDITS_PER_CENT, purchase.credits),
        reason: sourceId.startsWith('dp_') ? 'dispute' : 'refund',
      },
    },
    metadata,
  );
}

/** Re-reads a Connect account from Stripe and records its status when it changed. */
export async function refreshPayoutAccount(
  context: DomainContext,
  gateway: PaymentsGateway,
  userId: string,
  accountId: string,
  metadata: TEventMetadata,
): Promise<void> {
  const current = await readPayoutAccount(context.sql, userId);
  if (current.stripe_account_id !== accountId) return;
  let account: Stripe.Account;
  try {
    account = await gateway.stripe.accounts.retrieve(accountId);
  } catch (error) {
    throw new AppError(502, 'stripe_unavailable', 'Failed to refresh status', { cause: error });
  }
  const details = account.details_submitted === true;
  // Cash-outs are transfers: they need the transfers capability active, not only payouts on.
  const payouts = account.payouts_enabled === true && account.capabilities?.transfers === 'active';
  if (current.details_submitted === details && current.payouts_enabled === payouts) return;
  await recordPaymentsEvent(
    context,
    userId,
    'PayoutAccountUpdated',
    { user_id: userId, stripe_account_id: accountId, details_submitted: details, payouts_enabled: payouts },
    { metadata },
  );
}

/** Takes a succeeded refund's credits back (once, keyed by the refund id); false otherwise. */
export async function takeBackRefund(
  context: DomainContext,
  gateway: PaymentsGateway,
  refund: Stripe.Refund,
  metadata: TEventMetadata,
): Promise<boolean> {
  const intentId = idOf(refund.payment_intent);
  if (!intentId || refund.status !== 'succeeded') return false;
  await takeBack(context, gateway, { sourceId: refund.id, intentId, amountCents: refund.amount, metadata });
  return true;
}

/**
 * A dispute's money is what its balance transactions say (Disputes.d.ts: negative = withdrawn
 * from the platform). An inquiry (`warning_*`) withdraws nothing and takes nothing; withdrawn
 * funds take the credits back (keyed by the dispute id); reinstated funds (a won dispute) give
 * back what was recovered and forgive the shortfall, once (the ledger's ReinstateRefund).
 */
async function applyDispute(
  context: DomainContext,
  gateway: PaymentsGateway,
  disputeId: string,
  metadata: TEventMetadata,
): Promise<string> {
  const dispute = await gateway.stripe.disputes.retrieve(disputeId);
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return 'ignored: dispute without PaymentIntent';
  const transactions = dispute.balance_transactions ?? [];
  const withdrawn = transactions.filter((t) => t.amount < 0).reduce((sum, t) => sum - t.amount, 0);
  const reinstated = transactions.filter((t) => t.amount > 0).reduce((sum, t) => sum + t.amount, 0);
  if (withdrawn === 0) return `ignored: dispute ${dispute.status} withdrew nothing`;
  await takeBack(context, gateway, { sourceId: dispute.id, intentId, amountCents: withdrawn, metadata });
  if (reinstated < withdrawn) return 'dispute: credits taken back';
  // Not a purchase of credits (no user_id): nothing was taken, so nothing to give back.
  if (!(await findRefund(context.store, dispute.id))) return 'ignored: dispute of no purchase';
  await submitAndWait(context, { type: 'ReinstateRefund', data: { refund_id: dispute.id } }, metadata);
  return 'dispute won: credits restored';
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}
