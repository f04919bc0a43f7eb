DROP INDEX IF EXISTS events_actor_position_idx;
DROP TABLE IF EXISTS linkedin_verifications;
DROP TABLE IF EXISTS linkedin_login_states;
DROP TABLE IF EXISTS evaluator_cv_files;
