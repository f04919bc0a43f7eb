/** The projection that owns `account_balances` and `wallet_transactions`. */
export const WALLET_PROJECTION = 'wallet';

/** Which physical tables a projection writes: the live ones, or the shadow ones of a rebuild. */
export interface ReadModelTables {
  accountBalances: string;
  walletTransactions: string;
}

export const LIVE_TABLES: ReadModelTables = {
  accountBalances: 'account_balances',
  walletTransactions: 'wallet_transactions',
};

export const REBUILD_TABLES: ReadModelTables = {
  accountBalances: 'account_balances_rebuild',
  walletTransactions: 'wallet_transactions_rebuild',
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
