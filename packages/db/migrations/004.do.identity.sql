-- Identity (services/api/src/identity). Personal data never enters the event log in clear: each
-- person's events carry it encrypted with that person's own key (crypto-shredding: deleting the
-- key erases the person from the log). `users` is the read model the identity projection keeps.

-- One data key per person (AES-256-GCM), wrapped by nothing: deleting the row erases the person.
CREATE TABLE user_keys (
  user_id text PRIMARY KEY,
  data_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Secrets the server generates for itself when the operator gives none (JWT signing key, the key
-- that encrypts stored third-party secrets). Kept so restarts do not sign everyone out.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The people, as the identity projection sees them. email is kept lower-case.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- Marketplace roles: requester on registration, expert once the person applies as an evaluator.
  roles text[] NOT NULL DEFAULT ARRAY['requester']::text[],
  is_admin boolean NOT NULL DEFAULT false,
  active_context text NOT NULL DEFAULT 'spending',
  preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The address an email change waits to confirm.
  pending_email text,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_position bigint NOT NULL,
  CONSTRAINT users_active_context_check CHECK (active_context IN ('spending', 'earning'))
);
CREATE UNIQUE INDEX users_email_idx ON users (email);

-- Magic-link tokens: only the sha256 of the token is kept; single use, short-lived.
CREATE TABLE magic_link_tokens (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL,
  -- For an email change: whose address changes and to what.
  user_id text,
  new_email text,
  -- The client address that asked (per-IP rate limit).
  requested_ip text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT magic_link_tokens_purpose_check CHECK (purpose IN ('sign_in', 'email_change'))
);
CREATE INDEX magic_link_tokens_email_idx ON magic_link_tokens (email, created_at);
CREATE INDEX magic_link_tokens_ip_idx ON magic_link_tokens (requested_ip, created_at);

-- Refresh tokens (hashed), grouped in families: one family per sign-in. Rotation marks the old
-- token used; presenting a used token again revokes the whole family (token theft).
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL,
  user_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Sessions (one per refresh family): an access token names its session, so signing out or a
-- revoked family ends the access token before it expires.
CREATE TABLE auth_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
