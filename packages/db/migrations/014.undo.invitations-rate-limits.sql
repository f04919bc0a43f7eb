DROP TABLE rate_limit_hits;
DROP TABLE evaluation_invitations;
