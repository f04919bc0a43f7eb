import type { DoubleState } from './double-state.js';
import { obj } from './params.js';
import type { StripeFake } from './types.js';
import { disputeControls } from './dispute-controls.js';

type ControlName =
  | 'completeOnboarding'
  | 'createDispute'
  | 'escalateInquiry'
  | 'closeDispute'
  | 'settleRefund'
  | 'reverseTransfer'
  | 'failPayout'
  | 'deauthorize'
  | 'updateCardAutomatically';

/**
 * What a test can make happen on Stripe's side beyond the API: onboarding completed, disputes
 * opened and closed, refunds settled, transfers reversed, payouts failed, accounts deauthorized,
 * cards updated by the network. Each emits the events Stripe would.
 */
export function testControls(state: DoubleState): Pick<StripeFake, ControlName> {
  const { persist, newId, nowSeconds, find, emit } = state;
  const completeOnboarding = (accountId: string, capabilities: 'active' | 'pending' = 'active') => {
    const account = find('account', accountId);
    account.details_submitted = true;
    account.charges_enabled = true;
    account.payouts_enabled = true;
    account.capabilities = Object.fromEntries(
      Object.keys(obj(account.capabilities)).map((name) => [name, capabilities]),
    );
    emit('account.updated', account, undefined, account.id);
    persist();
  };

  return {
    completeOnboarding,
    ...disputeControls(state),
    settleRefund(refundId, outcome) {
      const refund = find('refund', refundId);
      if (refund.status !== 'pending')
        throw new Error(`${refundId} is ${String(refund.status)}, not pending`);
      refund.status = outcome;
      if (outcome !== 'succeeded') {
        const charge = find('charge', String(refund.charge));
        charge.amount_refunded = Number(charge.amount_refunded) - Number(refund.amount);
        charge.refunded = false;
        if (outcome === 'failed') {
          refund.failure_reason = 'expired_or_canceled_card';
          emit('refund.failed', refund);
        }
      }
      emit('refund.updated', refund);
      emit('charge.refund.updated', refund);
      persist();
    },
    reverseTransfer(transferId) {
      const transfer = find('transfer', transferId);
      transfer.amount_reversed = transfer.amount;
      transfer.reversed = true;
      emit('transfer.reversed', transfer);
      persist();
    },
    failPayout(accountId, amountCents) {
      find('account', accountId);
      const payout = {
        id: newId('po'),
        object: 'payout',
        amount: amountCents,
        currency: 'usd',
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed.',
        created: nowSeconds(),
      };
      emit('payout.failed', payout, undefined, accountId);
      return payout;
    },
    deauthorize(accountId) {
      find('account', accountId);
      emit(
        'account.application.deauthorized',
        { id: newId('ca'), object: 'application', name: 'Evalmarket' },
        undefined,
        accountId,
      );
    },
    updateCardAutomatically(paymentMethodId) {
      const method = find('payment_method', paymentMethodId);
      const card = obj(method.card);
      method.card = { ...card, exp_year: Number(card.exp_year) + 2 };
      emit('payment_method.automatically_updated', method);
      persist();
    },
  };
}
