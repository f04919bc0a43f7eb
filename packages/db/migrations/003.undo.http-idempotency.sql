DROP TABLE http_idempotency;
