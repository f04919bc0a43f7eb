-- A paid cash-out whose Stripe transfer was reversed (ledger event CashoutReversed).
ALTER TABLE cashouts DROP CONSTRAINT cashouts_status_check;
ALTER TABLE cashouts ADD CONSTRAINT cashouts_status_check CHECK (status IN ('pending', 'paid', 'failed', 'reversed'));
-- A cash-out Stripe refused for balance_insufficient waits for funds: the payout worker retries
-- it at next_attempt_at (payments event CashoutAwaitingFunds), attempt funds_attempts + 1.
ALTER TABLE cashouts ADD COLUMN funds_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE cashouts ADD COLUMN next_attempt_at timestamptz;
