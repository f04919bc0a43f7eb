-- Payments read models (services/api/src/payments), kept by the domain projection from the
-- payments-{user_id} and autorecharge-{user_id} streams and from the ledger's cash-out events.
-- Everything here can be rebuilt from the event log.

-- The Stripe customer of a person (created on first purchase, saved card or setup).
CREATE TABLE payment_customers (
  user_id text PRIMARY KEY,
  stripe_customer_id text NOT NULL UNIQUE,
  updated_position bigint NOT NULL
);

-- The card saved for off-session charges (auto-recharge); at most one per person.
CREATE TABLE saved_payment_methods (
  user_id text PRIMARY KEY,
  stripe_payment_method_id text NOT NULL,
  card_brand text NOT NULL,
  card_last4 text NOT NULL,
  card_exp_month integer NOT NULL,
  card_exp_year integer NOT NULL,
  saved_at timestamptz NOT NULL,
  updated_position bigint NOT NULL
);

-- Auto-recharge settings. paused_reason is set by a failed recharge and cleared by any change
-- of settings or card, so a declined card is not charged again and again.
CREATE TABLE auto_recharge_settings (
  user_id text PRIMARY KEY,
  enabled boolean NOT NULL,
  threshold_credits bigint NOT NULL,
  purchase_amount_credits bigint NOT NULL,
  paused_reason text,
  updated_position bigint NOT NULL
);

-- One row per auto-recharge attempt: requested, then charged or failed.
CREATE TABLE auto_recharges (
  recharge_id text PRIMARY KEY,
  user_id text NOT NULL,
  status text NOT NULL,
  amount_usd bigint NOT NULL,
  stripe_payment_method_id text NOT NULL,
  payment_intent_id text,
  failure_code text,
  failure_message text,
  requested_at timestamptz NOT NULL,
  settled_at timestamptz,
  updated_position bigint NOT NULL,
  CONSTRAINT auto_recharges_status_check CHECK (status IN ('requested', 'charged', 'failed'))
);
CREATE INDEX auto_recharges_user_idx ON auto_recharges (user_id, requested_at DESC);
CREATE INDEX auto_recharges_open_idx ON auto_recharges (requested_at) WHERE status = 'requested';

-- The Stripe Connect account an evaluator is paid to.
CREATE TABLE payout_accounts (
  user_id text PRIMARY KEY,
  stripe_account_id text NOT NULL UNIQUE,
  details_submitted boolean NOT NULL,
  payouts_enabled boolean NOT NULL,
  updated_position bigint NOT NULL
);

-- Cash-outs from the ledger's CashoutRequested / CashoutPaid / CashoutFailed.
CREATE TABLE cashouts (
  cashout_id text PRIMARY KEY,
  user_id text NOT NULL,
  status text NOT NULL,
  gross_credits bigint NOT NULL,
  fee_credits bigint NOT NULL,
  net_credits bigint NOT NULL,
  stripe_transfer_id text,
  failure_reason text,
  requested_at timestamptz NOT NULL,
  settled_at timestamptz,
  updated_position bigint NOT NULL,
  CONSTRAINT cashouts_status_check CHECK (status IN ('pending', 'paid', 'failed'))
);
CREATE INDEX cashouts_user_idx ON cashouts (user_id, requested_at DESC);
CREATE INDEX cashouts_pending_idx ON cashouts (requested_at) WHERE status = 'pending';

-- Messages for the person (failed auto-recharge, refund taken back); the e-mail worker of the
-- identity domain can send them. id is the event id that caused the message.
CREATE TABLE payment_notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  kind text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_notifications_user_idx ON payment_notifications (user_id, created_at DESC);

-- Refunds and disputes that came after the credits were spent: what could not be taken back.
CREATE TABLE refund_shortfalls (
  source_id text PRIMARY KEY,
  user_id text NOT NULL,
  purchase_id text NOT NULL,
  refunded_credits bigint NOT NULL,
  recovered_credits bigint NOT NULL,
  shortfall_credits bigint NOT NULL,
  recorded_at timestamptz NOT NULL
);
