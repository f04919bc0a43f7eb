-- The event log. Appends are serialised by a transaction-scoped advisory lock, so global
-- positions are gapless and become visible in order; transaction_id is kept for diagnosis.
CREATE TABLE events (
  global_position bigint PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_version integer NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at timestamptz NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version),
  CONSTRAINT events_stream_version_positive CHECK (stream_version > 0)
);
CREATE INDEX events_type_position_idx ON events (type, global_position);

-- One row per command that carried an idempotency key: a true retry returns the first result,
-- the same key with another payload is refused.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  payload_hash text NOT NULL,
  first_position bigint NOT NULL,
  event_count integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Where each subscriber (projection, relay) has got to, when it keeps its place in the store.
CREATE TABLE subscription_checkpoints (
  subscription_id text PRIMARY KEY,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
