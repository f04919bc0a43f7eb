-- `evaluation_vote_days.paid_votes` (issue 22): of a day's votes, those that earned a reward.
-- A volunteer's vote counts in `votes` (and adds 0 to `credits`) but moves no credits, so it has
-- no wallet transaction. The spending breakdown reads a requester's whole days from this roll-up
-- instead of their reward rows, and counts a day's transactions from this column.

-- A large vote table takes a while to total, longer than the connection's statement timeout.
SET LOCAL statement_timeout = 0;

ALTER TABLE evaluation_vote_days ADD COLUMN paid_votes bigint NOT NULL DEFAULT 0;

UPDATE evaluation_vote_days d SET paid_votes = p.paid
FROM (SELECT evaluation_id, (claimed_at AT TIME ZONE 'UTC')::date AS day, tier, count(*) AS paid
      FROM evaluation_votes WHERE reward_credits > 0 GROUP BY 1, 2, 3) p
WHERE d.evaluation_id = p.evaluation_id AND d.day = p.day AND d.tier = p.tier;

ALTER TABLE evaluation_vote_days ALTER COLUMN paid_votes DROP DEFAULT;
