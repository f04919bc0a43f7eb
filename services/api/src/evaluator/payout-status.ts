import type { TConnectStatus } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { connectStatus, readPayoutAccount } from '../payments/payments-service.js';

export type PayoutStatus = TConnectStatus;

/** The person's connected payout account (Stripe Connect), as the payments domain keeps it. */
export async function getPayoutStatus(sql: SqlExecutor, userId: string): Promise<PayoutStatus> {
  return connectStatus(await readPayoutAccount(sql, userId));
}
