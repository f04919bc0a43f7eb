-- A paid cash-out whose Stripe transfer was reversed (ledger event CashoutReversed).
ALTER TABLE cashouts DROP CONSTRAINT cashouts_status_check;
ALTER TABLE cashouts ADD CONSTRAINT cashouts_status_check CHECK (status IN ('pending', 'paid', 'failed', 'reversed'));
