-- Evaluator onboarding (services/api/src/evaluator) and the staff API (services/api/src/admin).

-- CVs uploaded by applicants. The bytes live in the blob store under storage_key; this row says
-- whose they are, so only the owner and admins can read them and an application can only cite
-- the applicant's own upload. Not event sourced: an upload is not a decision, applying is.
CREATE TABLE evaluator_cv_files (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  original_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluator_cv_files_user_idx ON evaluator_cv_files (user_id, created_at DESC);

-- LinkedIn OpenID Connect: state and PKCE verifier between the authorize redirect and the
-- callback (single use, short-lived).
CREATE TABLE linkedin_login_states (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  user_id text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- LinkedIn identities confirmed by a completed callback; an application by LinkedIn must cite
-- one of these, so the browser cannot invent a LinkedIn member.
CREATE TABLE linkedin_verifications (
  linkedin_id text PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  profile_url text,
  verified_at timestamptz NOT NULL
);

-- The staff event log filters by actor.
CREATE INDEX events_actor_position_idx ON events ((metadata->>'actor'), global_position);
