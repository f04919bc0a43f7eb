import type { REFUND_REASONS } from '@evalmarket/contracts';
import { CREDITS_PER_CENT, type TEventMetadata, type TStaffRefundReply } from '@evalmarket/contracts';
import type Stripe from 'stripe';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { takeBackRefund } from './apply-stripe-event.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { stripeFailure } from './stripe-errors.js';
import { findPurchaseWithRefunds, findRefund } from '../ledger/ledger-lookups.js';

export interface StaffRefundRequest {
  purchaseId: string;
  /** Whole cents; absent = all that is left of the purchase. */
  amountUsd: number | undefined;
  reason: (typeof REFUND_REASONS)[number];
  /** The request's Idempotency-Key: a retried request makes no second refund at Stripe. */
  idempotencyKey: string | undefined;
  metadata: TEventMetadata;
}

/** Cents still refundable of a purchase: what it bought less what refunds and disputes took. */
export function refundableCents(purchase: { credits: number; refunded_credits: number }): number {
  return Math.floor((purchase.credits - purchase.refunded_credits) / CREDITS_PER_CENT);
}

/** The refund's cents from the staff's dollars, refusing fractions of a cent and too much. */
export function refundCents(amountUsd: number | undefined, refundable: number): number {
  if (refundable <= 0) {
    throw new ConflictError('This purchase is already fully refunded', 'purchase_fully_refunded');
  }
  if (amountUsd === undefined) return refundable;
  const cents = Math.round(amountUsd * 100);
  if (Math.abs(cents - amountUsd * 100) > 1e-6) {
    throw ValidationError.at(['body', 'amount_usd'], 'amount_usd must be whole cents', 'multiple_of');
  }
  if (cents > refundable) {
    throw new AppError(
      422,
      'refund_exceeds_purchase',
      `The refund is more than what is left of the purchase ($${(refundable / 100).toFixed(2)})`,
    );
  }
  return cents;
}

/**
 * A staff refund of a purchase, whole or in part, through Stripe's refunds API. The credits come
 * back by the same path as the refund webhook (takeBackRefund, keyed by the Stripe refund id), so
 * the webhook that follows, or a retried request, has no second effect: the ledger takes what the
 * buyer's spending balance still has and records the rest as already spent. A refund Stripe keeps
 * pending is taken back when its webhook says it succeeded.
 */
export async function refundPurchase(
  context: DomainContext,
  gateway: PaymentsGateway,
  request: StaffRefundRequest,
): Promise<TStaffRefundReply> {
  const purchase = await findPurchaseWithRefunds(context.store, context.sql, request.purchaseId);
  if (!purchase) throw new NotFoundError('Purchase not found', 'purchase_not_found');
  const cents = refundCents(request.amountUsd, refundableCents(purchase));
  let refund: Stripe.Refund;
  try {
    refund = await gateway.stripe.refunds.create(
      {
        payment_intent: purchase.purchase_id,
        amount: cents,
        reason: request.reason,
        metadata: { purchase_id: purchase.purchase_id, user_id: purchase.user_id },
      },
      request.idempotencyKey
        ? { idempotencyKey: `staff-refund:${purchase.purchase_id}:${request.idempotencyKey}` }
        : undefined,
    );
  } catch (error) {
    throw stripeFailure(error, 'Stripe refused the refund');
  }
  await takeBackRefund(context, gateway, refund, request.metadata);
  const recorded = await findRefund(context.store, refund.id);
  return {
    refund_id: refund.id,
    purchase_id: purchase.purchase_id,
    status: refund.status ?? 'pending',
    amount_usd: refund.amount / 100,
    refunded_credits: refund.amount * CREDITS_PER_CENT,
    recovered_credits: recorded ? recorded.recovered_credits : null,
    shortfall_credits: recorded ? recorded.shortfall_credits : null,
  };
}
