-- Evaluations read models (services/api/src/evaluations), kept by the domain projection from the
-- evaluation-{id} streams and the reward events of the ledger. Rebuildable from position 0.

CREATE TABLE evaluations (
  id text PRIMARY KEY,
  creator_id text NOT NULL,
  title text NOT NULL,
  description text,
  status text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  model_type text NOT NULL,
  parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  input_data jsonb,
  budget_amount bigint NOT NULL,
  reward_per_vote bigint NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_position bigint NOT NULL,
  CONSTRAINT evaluations_status_check CHECK (status IN ('draft', 'active', 'completed', 'archived'))
);
CREATE INDEX evaluations_public_idx ON evaluations (is_public, created_at DESC);
CREATE INDEX evaluations_creator_idx ON evaluations (creator_id, created_at DESC);

-- The human-evaluation configuration of one evaluation (spec 000 section 3), as last saved.
CREATE TABLE evaluation_configs (
  evaluation_id text PRIMARY KEY,
  config jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_position bigint NOT NULL
);

-- The observability connection; the secret key only as AES-256-GCM ciphertext.
CREATE TABLE langfuse_connections (
  evaluation_id text PRIMARY KEY,
  public_key text NOT NULL,
  secret_key_sealed text NOT NULL,
  host text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  connection_status text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_position bigint NOT NULL
);

-- Project API keys for the SDK: only the sha256 of the key is kept.
CREATE TABLE project_api_keys (
  key_id text PRIMARY KEY,
  evaluation_id text NOT NULL,
  key_hash text NOT NULL,
  key_prefix text NOT NULL,
  name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_position bigint NOT NULL
);
CREATE UNIQUE INDEX project_api_keys_hash_idx ON project_api_keys (key_hash);
CREATE INDEX project_api_keys_evaluation_idx ON project_api_keys (evaluation_id);

-- Items to evaluate; external_id is the client's own id (idempotency of ingestion).
CREATE TABLE evaluation_items (
  item_id text PRIMARY KEY,
  evaluation_id text NOT NULL,
  external_id text NOT NULL,
  source text NOT NULL,
  input jsonb,
  output jsonb,
  metadata jsonb,
  vote_count integer NOT NULL DEFAULT 0,
  good_count integer NOT NULL DEFAULT 0,
  ingested_at timestamptz NOT NULL,
  ingested_position bigint NOT NULL,
  -- Place within its batch: items are offered in the order they arrived.
  batch_index integer NOT NULL,
  CONSTRAINT evaluation_items_source_check CHECK (source IN ('sdk', 'langfuse'))
);
CREATE UNIQUE INDEX evaluation_items_external_idx ON evaluation_items (evaluation_id, external_id);
CREATE INDEX evaluation_items_open_idx ON evaluation_items (evaluation_id, ingested_position, batch_index);

-- Claims of items by evaluators (a lease; paid claims carry the reserved reward's transfer id).
CREATE TABLE evaluation_assignments (
  assignment_id text PRIMARY KEY,
  evaluation_id text NOT NULL,
  item_id text NOT NULL,
  evaluator_id text NOT NULL,
  tier text NOT NULL,
  reward_credits bigint NOT NULL,
  transfer_id text,
  status text NOT NULL,
  claimed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  updated_position bigint NOT NULL,
  CONSTRAINT evaluation_assignments_status_check CHECK (status IN ('claimed', 'voted', 'released', 'expired'))
);
CREATE UNIQUE INDEX evaluation_assignments_transfer_idx ON evaluation_assignments (transfer_id);
CREATE INDEX evaluation_assignments_item_idx ON evaluation_assignments (item_id, status);
CREATE INDEX evaluation_assignments_evaluator_idx ON evaluation_assignments (evaluator_id, evaluation_id);
CREATE INDEX evaluation_assignments_evaluation_idx ON evaluation_assignments (evaluation_id, status);

-- Votes, blind: only the owner's reads aggregate them.
CREATE TABLE evaluation_votes (
  vote_id text PRIMARY KEY,
  assignment_id text NOT NULL,
  evaluation_id text NOT NULL,
  item_id text NOT NULL,
  evaluator_id text NOT NULL,
  tier text NOT NULL,
  value text NOT NULL,
  comment text,
  reward_credits bigint NOT NULL,
  claimed_at timestamptz NOT NULL,
  voted_at timestamptz NOT NULL,
  recorded_position bigint NOT NULL,
  -- When the vote reached Langfuse as a score (items from Langfuse only).
  langfuse_score_pushed_at timestamptz,
  CONSTRAINT evaluation_votes_value_check CHECK (value IN ('good', 'bad'))
);
CREATE UNIQUE INDEX evaluation_votes_item_evaluator_idx ON evaluation_votes (item_id, evaluator_id);
CREATE INDEX evaluation_votes_evaluation_idx ON evaluation_votes (evaluation_id, voted_at);

-- Budget alert thresholds (percent of the period's budget) and the alerts raised, once per
-- threshold and budget period.
CREATE TABLE evaluation_alert_settings (
  evaluation_id text PRIMARY KEY,
  thresholds jsonb NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_position bigint NOT NULL
);

CREATE TABLE evaluation_alerts_raised (
  evaluation_id text NOT NULL,
  threshold integer NOT NULL,
  period_start timestamptz NOT NULL,
  utilization_rate double precision NOT NULL,
  raised_at timestamptz NOT NULL,
  raised_position bigint NOT NULL,
  PRIMARY KEY (evaluation_id, threshold, period_start)
);
