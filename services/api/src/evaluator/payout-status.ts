import type { SqlExecutor } from '@evalmarket/db';

export interface PayoutStatus {
  has_account: boolean;
  payouts_enabled: boolean;
}

/**
 * The connected payout account of a person. Payouts (Stripe Connect) are another issue: until
 * its read model exists every person has none, so can_cashout stays false. The payouts domain
 * replaces this one function.
 */
export async function getPayoutStatus(_sql: SqlExecutor, _userId: string): Promise<PayoutStatus> {
  return { has_account: false, payouts_enabled: false };
}
