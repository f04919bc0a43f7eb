-- Transactional emails (services/api/src/notifications): one row per event that mails someone,
-- written from the log in order; a row is claimed (sending) before the mail leaves, so an email
-- goes out at most once, and rows not yet claimed are sent after a restart.
CREATE TABLE email_outbox (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  template text NOT NULL,
  notice jsonb NOT NULL,
  event_position bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  CONSTRAINT email_outbox_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed'))
);
CREATE INDEX email_outbox_pending_idx ON email_outbox (event_position) WHERE status = 'pending';
CREATE INDEX email_outbox_user_idx ON email_outbox (user_id, event_position DESC);

-- How far in the log the outbox has looked (one row).
CREATE TABLE email_outbox_cursor (
  id text PRIMARY KEY,
  position bigint NOT NULL
);
