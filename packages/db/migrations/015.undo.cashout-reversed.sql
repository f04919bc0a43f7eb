ALTER TABLE cashouts DROP COLUMN next_attempt_at;
ALTER TABLE cashouts DROP COLUMN funds_attempts;
ALTER TABLE cashouts DROP CONSTRAINT cashouts_status_check;
UPDATE cashouts SET status = 'paid' WHERE status = 'reversed';
ALTER TABLE cashouts ADD CONSTRAINT cashouts_status_check CHECK (status IN ('pending', 'paid', 'failed'));
