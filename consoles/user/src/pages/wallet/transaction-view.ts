import type { TWalletTransaction } from '@evalmarket/contracts';
import { creditsToUsd, formatCredits } from '../../format';

export interface TransactionView {
  title: string;
  /** A second line: what happened to a reward that was not paid, a cash-out's split. */
  detail: string | undefined;
  /** The amount as it touched the balance: signed when it moved, plain when it did not. */
  amount: string;
  amountClass: 'amount-in' | 'amount-out' | 'amount-void' | 'amount-pending';
}

/** The row's title: an auto-recharge is not an ordinary purchase. */
function titleOf(row: TWalletTransaction): string {
  if (row.kind === 'auto_recharge') return row.description.replace(/^Credit purchase/, 'Auto-recharge');
  if (row.kind === 'reward' && row.context === 'spending')
    return row.status === 'completed' ? 'Reward paid for a vote' : 'Reward reserved for a vote';
  return row.description;
}

function detailOf(row: TWalletTransaction): string | undefined {
  if (row.kind === 'reward' && row.status === 'cancelled')
    return row.context === 'earning'
      ? 'Not paid: the item was skipped or its time ran out'
      : 'Released: the reservation went back to your balance';
  if (row.kind === 'reward' && row.status === 'pending')
    return row.context === 'earning' ? 'Paid when you vote' : 'Held until the evaluator votes';
  if (row.kind === 'cashout' && row.cashout) {
    const { gross_credits, fee_credits, net_credits } = row.cashout;
    return `Gross ${formatCredits(gross_credits)} − fee ${formatCredits(fee_credits)} = net ${formatCredits(net_credits)} credits (${creditsToUsd(net_credits)} to your bank)`;
  }
  if (row.kind === 'cashout' && row.status === 'failed')
    return 'The transfer failed: the credits stayed in your balance';
  return undefined;
}

/**
 * How one wallet row reads. A cancelled or failed movement never reached the balance, so it is
 * shown unsigned and struck through (never a green "+300"); a pending one is unsigned and muted.
 */
export function transactionView(row: TWalletTransaction): TransactionView {
  const credits = `${formatCredits(Math.abs(row.amount))} credits`;
  const moved = row.status === 'completed';
  const voided = row.status === 'cancelled' || row.status === 'failed';
  return {
    title: titleOf(row),
    detail: detailOf(row),
    amount: moved ? `${row.type === 'credit' ? '+' : '−'}${credits}` : credits,
    amountClass: voided
      ? 'amount-void'
      : !moved
        ? 'amount-pending'
        : row.type === 'credit'
          ? 'amount-in'
          : 'amount-out',
  };
}
