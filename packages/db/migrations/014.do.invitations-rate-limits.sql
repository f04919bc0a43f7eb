-- Invitations to private evaluations (services/api/src/evaluations/invitations-api.ts), kept by
-- the domain projection from the evaluation_invitations-{id} streams. email is lower-case and
-- matched against users.email when a person lists, reads or claims, so an invitation made before
-- its person signed up applies as soon as they do. A revoked invitation's row is deleted.
CREATE TABLE evaluation_invitations (
  invitation_id text PRIMARY KEY,
  evaluation_id text NOT NULL,
  email text NOT NULL,
  invited_by text NOT NULL,
  invited_at timestamptz NOT NULL,
  updated_position bigint NOT NULL,
  UNIQUE (evaluation_id, email)
);
CREATE INDEX evaluation_invitations_email_idx ON evaluation_invitations (email);

-- The rate limiter's counters (services/api/src/http/rate-limit.ts): one row per key and
-- fixed window, shared by every API process on this database.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at);
