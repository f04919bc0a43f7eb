DROP TABLE IF EXISTS wallet_transactions_rebuild;
DROP TABLE IF EXISTS account_balances_rebuild;
DROP TABLE IF EXISTS projection_checkpoints;
DROP TABLE IF EXISTS wallet_transactions;
DROP TABLE IF EXISTS account_balances;
