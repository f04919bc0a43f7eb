-- Roll-ups kept by the projections in the same transaction as the rows they summarise, so the
-- billing summaries, the analytics and an evaluation's budget read a few rows per day instead of
-- every transaction or vote. Days are UTC dates, as the API's periods and months are.

-- Rewards per person, side and UTC day of the reward row's created_at (wallet projection):
-- spending = reward debits of the spending account, earning = reward credits of the earning
-- account, by the row's status. A row whose status changes moves between statuses; a bucket
-- that empties is deleted, so a replay in other batch sizes gives the same rows.
CREATE TABLE wallet_reward_days (
  -- user_id|context|day|status: one key column, as the rebuild compares tables by one key.
  id text PRIMARY KEY,
  user_id text NOT NULL,
  context text NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  credits bigint NOT NULL,
  rewards bigint NOT NULL,
  CONSTRAINT wallet_reward_days_context_check CHECK (context IN ('spending', 'earning'))
);
CREATE INDEX wallet_reward_days_user_idx ON wallet_reward_days (user_id, context, status, day);

INSERT INTO wallet_reward_days (id, user_id, context, day, status, credits, rewards)
SELECT user_id || '|' || context || '|' || to_char(day, 'YYYY-MM-DD') || '|' || status,
       user_id, context, day, status, credits, rewards
FROM (
  SELECT user_id, context, (created_at AT TIME ZONE 'UTC')::date AS day, status,
         sum(abs(amount)) AS credits, count(*) AS rewards
  FROM wallet_transactions
  WHERE code = 'reward' AND ((context = 'spending' AND type = 'debit') OR (context = 'earning' AND type = 'credit'))
  GROUP BY 1, 2, 3, 4
) days;

-- Votes per evaluation, UTC day of the claim and tier (domain projection, with each new vote):
-- what the budget of a period spent.
CREATE TABLE evaluation_vote_days (
  evaluation_id text NOT NULL,
  day date NOT NULL,
  tier text NOT NULL,
  votes bigint NOT NULL,
  credits bigint NOT NULL,
  PRIMARY KEY (evaluation_id, day, tier)
);

INSERT INTO evaluation_vote_days (evaluation_id, day, tier, votes, credits)
SELECT evaluation_id, (claimed_at AT TIME ZONE 'UTC')::date, tier, count(*), sum(reward_credits)
FROM evaluation_votes GROUP BY 1, 2, 3;
