import type { DoubleState } from './double-state.js';
import { disputeTransaction } from './payment-rules.js';
import type { StripeFake } from './types.js';

/** Disputes a test opens on a payment, escalates from an inquiry, and closes won or lost. */
export function disputeControls(
  state: DoubleState,
): Pick<StripeFake, 'createDispute' | 'escalateInquiry' | 'closeDispute'> {
  const { persist, newId, nowSeconds, store, find, emit } = state;
  return {
    createDispute(paymentIntentId, options = {}) {
      const intent = find('payment_intent', paymentIntentId);
      const charge = find('charge', String(intent.latest_charge));
      const amount = options.amountCents ?? Number(charge.amount);
      charge.disputed = true;
      // An inquiry (warning_*) withdraws no money; a dispute withdraws its amount at once.
      const dispute = store({
        id: newId('dp'),
        object: 'dispute',
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        currency: charge.currency,
        reason: 'fraudulent',
        status: options.inquiry ? 'warning_needs_response' : 'needs_response',
        balance_transactions: options.inquiry ? [] : [disputeTransaction(-amount, 'dispute')],
        is_charge_refundable: false,
        created: nowSeconds(),
      });
      emit('charge.dispute.created', dispute);
      if (!options.inquiry) emit('charge.dispute.funds_withdrawn', dispute);
      persist();
      return dispute;
    },
    escalateInquiry(disputeId) {
      const dispute = find('dispute', disputeId);
      if (!String(dispute.status).startsWith('warning_')) throw new Error(`${disputeId} is not an inquiry`);
      dispute.status = 'needs_response';
      dispute.balance_transactions = [disputeTransaction(-Number(dispute.amount), 'dispute')];
      emit('charge.dispute.updated', dispute);
      emit('charge.dispute.funds_withdrawn', dispute);
      persist();
    },
    closeDispute(disputeId, outcome) {
      const dispute = find('dispute', disputeId);
      const inquiry = String(dispute.status).startsWith('warning_');
      dispute.status = inquiry ? 'warning_closed' : outcome;
      if (outcome === 'won' && !inquiry) {
        (dispute.balance_transactions as unknown[]).push(
          disputeTransaction(Number(dispute.amount), 'dispute_reversal'),
        );
        emit('charge.dispute.funds_reinstated', dispute);
      }
      emit('charge.dispute.closed', dispute);
      persist();
    },
  };
}
