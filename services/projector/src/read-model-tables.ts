/** The projection that owns `account_balances`, `wallet_transactions` and `wallet_reward_days`. */
export const WALLET_PROJECTION = 'wallet';

/** Which physical tables the wallet projection writes. */
export interface ReadModelTables {
  accountBalances: string;
  walletTransactions: string;
  /** The reward roll-up per person, side, day and status (reward-days.ts). */
  rewardDays: string;
}

export const LIVE_TABLES: ReadModelTables = {
  accountBalances: 'account_balances',
  walletTransactions: 'wallet_transactions',
  rewardDays: 'wallet_reward_days',
};

export const ACCOUNT_BALANCE_COLUMNS = [
  'account_id',
  'user_id',
  'kind',
  'debits_pending',
  'debits_posted',
  'credits_pending',
  'credits_posted',
  'updated_position',
] as const;

export const WALLET_TRANSACTION_COLUMNS = [
  'id',
  'user_id',
  'context',
  'type',
  'amount',
  'status',
  'description',
  'code',
  'transfer_id',
  'created_at',
  'global_position',
  'updated_position',
] as const;

export const REWARD_DAY_COLUMNS = [
  'id',
  'user_id',
  'context',
  'day',
  'status',
  'credits',
  'rewards',
] as const;
