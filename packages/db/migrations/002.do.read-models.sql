-- Read models of the wallet projection (services/projector). Every row here is derived from the
-- event log and can be rebuilt from position 0; nothing in these tables is a source of truth.

-- Balance counters per ledger account, TigerBeetle style. user_id is null for platform accounts.
-- Counters are applied as deltas; updated_position is the last event that touched the account.
CREATE TABLE account_balances (
  account_id text PRIMARY KEY,
  user_id text,
  kind text NOT NULL,
  debits_pending bigint NOT NULL DEFAULT 0,
  debits_posted bigint NOT NULL DEFAULT 0,
  credits_pending bigint NOT NULL DEFAULT 0,
  credits_posted bigint NOT NULL DEFAULT 0,
  updated_position bigint NOT NULL,
  CONSTRAINT account_balances_kind_check CHECK (kind IN ('spending', 'earning', 'platform'))
);

-- One row per user-visible money movement on one user account. The id is
-- `{movement kind}:{movement id}:{account id}`, so a two-phase transfer keeps one row whose status
-- moves from pending to completed, cancelled or failed. global_position (the event that created
-- the row) never changes, which keeps cursor paging stable; updated_position is the last event
-- that changed the row.
CREATE TABLE wallet_transactions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  context text NOT NULL,
  type text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  description text NOT NULL,
  code text NOT NULL,
  transfer_id text NOT NULL,
  created_at timestamptz NOT NULL,
  global_position bigint NOT NULL,
  updated_position bigint NOT NULL,
  CONSTRAINT wallet_transactions_context_check CHECK (context IN ('spending', 'earning')),
  CONSTRAINT wallet_transactions_type_check CHECK (type IN ('credit', 'debit')),
  CONSTRAINT wallet_transactions_status_check CHECK (status IN ('completed', 'pending', 'failed', 'cancelled'))
);
-- Paging one context of one person, newest first.
CREATE INDEX wallet_transactions_user_context_position_idx
  ON wallet_transactions (user_id, context, global_position DESC);
-- Paging both contexts of one person (the "All Transactions" filter), newest first.
CREATE INDEX wallet_transactions_user_position_idx
  ON wallet_transactions (user_id, global_position DESC, context DESC);

-- Where each projection has got to. Written in the same transaction as the projection's rows,
-- so a batch is applied exactly once even when it is delivered again.
CREATE TABLE projection_checkpoints (
  projection text PRIMARY KEY,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
