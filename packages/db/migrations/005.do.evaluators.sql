-- Evaluator onboarding read model (services/api/src/evaluator), kept by the domain projection
-- from the evaluator-{user_id} streams. No row means evaluator_status not_applied.
CREATE TABLE evaluator_applications (
  user_id text PRIMARY KEY,
  evaluator_status text NOT NULL,
  qualification_tier text,
  application_method text NOT NULL,
  -- Opened personal data of the application ({imported_name, imported_email, linkedin_oauth,
  -- linkedin_url, indeed_url, cv_url}); null once the person is erased.
  application_data jsonb,
  applied_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  reviewed_by text,
  rejection_reason text,
  expert_tier_interest_expressed boolean NOT NULL DEFAULT false,
  expert_interest_expressed_at timestamptz,
  updated_position bigint NOT NULL,
  CONSTRAINT evaluator_applications_status_check CHECK (evaluator_status IN ('pending', 'verified', 'rejected')),
  CONSTRAINT evaluator_applications_tier_check CHECK (qualification_tier IN ('community', 'expert'))
);
CREATE INDEX evaluator_applications_status_idx ON evaluator_applications (evaluator_status, applied_at DESC);
