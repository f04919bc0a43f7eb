DROP TABLE evaluation_credits;
