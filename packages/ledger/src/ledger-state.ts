import { PLATFORM_ACCOUNTS, type TAccountBalance } from '@evalmarket/contracts';
import { emptyAccountBalance } from './account-balance.js';
import type { LedgerCommandOf } from './ledger-command.js';

/** The two accounts of one person, held by reference so the hot path needs no string building. */
export interface UserAccounts {
  user_id: string;
  spending: TAccountBalance;
  earning: TAccountBalance;
}

export interface Purchase {
  purchase_id: string;
  user_id: string;
  amount_usd: number;
  credits: number;
  /** Credits refunded or disputed so far (recovered or not). */
  refunded_credits: number;
}

export interface Refund {
  refund_id: string;
  purchase_id: string;
  user_id: string;
  reason: 'refund' | 'dispute';
  refunded_credits: number;
  recovered_credits: number;
  shortfall_credits: number;
  /** Stripe gave the money back (PurchaseRefundReinstated); the take-back is undone. */
  reinstated: boolean;
}

export type RewardStatus = 'pending' | 'posted' | 'voided';
export type RewardReleaseReason = 'expired' | 'skipped' | 'cancelled';

export interface RewardTransfer {
  transfer_id: string;
  requester_id: string;
  evaluator_id: string;
  item_id: string | undefined;
  credits: number;
  expires_at_ms: number;
  status: RewardStatus;
  /** The vote that posted it, so a retried vote is recognised. */
  vote_id: string | undefined;
  release_reason: RewardReleaseReason | undefined;
  /** Reservation order: breaks ties between equal expiries so expiry is the same on replay. */
  sequence: number;
  /** Slot in `LedgerState.pendingRewards` while pending, -1 after; owned by pending-reward-queue.ts. */
  queue_index: number;
}

export type CashoutStatus = 'pending' | 'paid' | 'failed' | 'reversed';

export interface Cashout {
  cashout_id: string;
  user_id: string;
  gross_credits: number;
  fee_credits: number;
  net_credits: number;
  status: CashoutStatus;
  stripe_transfer_id: string | undefined;
  failure_reason: string | undefined;
  /** The Stripe object whose reversal gave the credits back (status `reversed`). */
  reversal_id?: string | undefined;
}

/** An admin correction as recorded: exactly the data of the AdjustCredits command. */
export type Adjustment = LedgerCommandOf<'AdjustCredits'>['data'];

/**
 * Everything the ledger needs to decide a command, in memory. `evolve` is the only writer.
 *
 * Stream versions are not stored: each entity implies its stream's version (the number of events
 * in it, as the event store counts them), e.g. a reward is at 1 while pending and 2 once settled.
 */
export interface LedgerState {
  /** Every account by id: `spending:{userId}`, `earning:{userId}` and the platform accounts. */
  accounts: Map<string, TAccountBalance>;
  /** People whose accounts are open (stream `ledger_accounts-{userId}`). */
  users: Map<string, UserAccounts>;
  /** People who got the first-project bonus (stream `bonus-{userId}`). */
  bonusGrantedUsers: Set<string>;
  purchases: Map<string, Purchase>;
  refunds: Map<string, Refund>;
  rewards: Map<string, RewardTransfer>;
  /** Pending rewards as a binary min-heap by (expires_at_ms, sequence). */
  pendingRewards: RewardTransfer[];
  /** Rewards reserved so far; the next reservation's `sequence`. */
  rewardSequence: number;
  cashouts: Map<string, Cashout>;
  adjustments: Map<string, Adjustment>;
}

export function createLedgerState(): LedgerState {
  const accounts = new Map<string, TAccountBalance>();
  for (const accountId of PLATFORM_ACCOUNTS) accounts.set(accountId, emptyAccountBalance(accountId));
  return {
    accounts,
    users: new Map(),
    bonusGrantedUsers: new Set(),
    purchases: new Map(),
    refunds: new Map(),
    rewards: new Map(),
    pendingRewards: [],
    rewardSequence: 0,
    cashouts: new Map(),
    adjustments: new Map(),
  };
}
