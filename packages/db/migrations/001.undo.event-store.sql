DROP TABLE subscription_checkpoints;
DROP TABLE idempotency_keys;
DROP TABLE events;
