ALTER TABLE evaluation_vote_days DROP COLUMN paid_votes;
