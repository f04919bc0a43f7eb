import type { TLedgerEventDataMap } from '@evalmarket/contracts';
import type { LedgerState } from './ledger-state.js';

/** CashoutRequested: records the pending cash-out with its fee split. */
export function evolveCashoutRequested(
  state: LedgerState,
  data: TLedgerEventDataMap['CashoutRequested'],
): void {
  const { cashout_id, user_id, gross_credits, fee_credits, net_credits } = data;
  state.cashouts.set(cashout_id, {
    cashout_id,
    user_id,
    gross_credits,
    fee_credits,
    net_credits,
    status: 'pending',
    stripe_transfer_id: undefined,
    failure_reason: undefined,
  });
}

/** CashoutPaid: Stripe's transfer went out. */
export function evolveCashoutPaid(state: LedgerState, data: TLedgerEventDataMap['CashoutPaid']): void {
  const cashout = state.cashouts.get(data.cashout_id);
  if (cashout === undefined) return;
  cashout.status = 'paid';
  cashout.stripe_transfer_id = data.stripe_transfer_id;
}

/** CashoutFailed: the payout did not go out; records why. */
export function evolveCashoutFailed(state: LedgerState, data: TLedgerEventDataMap['CashoutFailed']): void {
  const cashout = state.cashouts.get(data.cashout_id);
  if (cashout === undefined) return;
  cashout.status = 'failed';
  cashout.failure_reason = data.reason;
}

/** CashoutReversed: a paid transfer was taken back; records which Stripe object and why. */
export function evolveCashoutReversed(
  state: LedgerState,
  data: TLedgerEventDataMap['CashoutReversed'],
): void {
  const cashout = state.cashouts.get(data.cashout_id);
  if (cashout === undefined) return;
  cashout.status = 'reversed';
  cashout.reversal_id = data.reversal_id;
  cashout.failure_reason = data.reason;
}
