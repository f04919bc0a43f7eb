-- Credits per evaluation, kept by the evaluation projection with its assignments (issue 22): what
-- its claims hold reserved (assignments `claimed`) and what its votes spent (`voted`), each the
-- sum of the reward_credits of the assignments with a reward transfer (as the list summed the
-- owner's reward transactions of the claims' transfers). The staff evaluations list reads one row per evaluation
-- instead of joining every reward transaction with the claims (~40 ms an evaluation at 300k
-- events; docs/perf/2026-11-27-read-side.md). A row appears with an evaluation's first claim.
CREATE TABLE evaluation_credits (
  evaluation_id text PRIMARY KEY,
  credits_reserved bigint NOT NULL,
  credits_spent bigint NOT NULL
);

INSERT INTO evaluation_credits (evaluation_id, credits_reserved, credits_spent)
SELECT evaluation_id,
       COALESCE(sum(reward_credits) FILTER (WHERE status = 'claimed'), 0),
       COALESCE(sum(reward_credits) FILTER (WHERE status = 'voted'), 0)
FROM evaluation_assignments WHERE transfer_id IS NOT NULL GROUP BY evaluation_id;
