-- Replies to HTTP writes that carried an Idempotency-Key (services/api/src/http/idempotency.ts).
-- A key belongs to one caller; a true retry replays the kept reply, the same key with another
-- request is refused. Rows are claimed before the handler runs (completed = false) and finished
-- after it replied; 5xx outcomes are deleted so the client can retry. Expired rows are pruned.
CREATE TABLE http_idempotency (
  caller_id text NOT NULL,
  idempotency_key text NOT NULL,
  -- sha256 (hex) of method, route, path parameters, query and canonical body.
  request_fingerprint text NOT NULL,
  -- Names the request that holds the claim, so a slow first request cannot overwrite a row that
  -- a retry took over after the in-progress timeout.
  claim_token text NOT NULL,
  completed boolean NOT NULL DEFAULT false,
  status_code integer,
  -- The JSON reply; NULL for an empty reply, or when it was not kept (reply_kept = false).
  response_body jsonb,
  reply_kept boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (caller_id, idempotency_key),
  CONSTRAINT http_idempotency_key_length CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  CONSTRAINT http_idempotency_completed_has_status CHECK (NOT completed OR status_code BETWEEN 100 AND 599)
);
CREATE INDEX http_idempotency_created_at_idx ON http_idempotency (created_at);
