-- An evaluator's own vote history (GET /evaluator/votes) pages newest first by keyset.
CREATE INDEX evaluation_votes_evaluator_idx ON evaluation_votes (evaluator_id, recorded_position DESC, vote_id DESC);
