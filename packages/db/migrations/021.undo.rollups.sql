DROP TABLE evaluation_vote_days;
DROP TABLE wallet_reward_days;
