-- Indexes that let the staff lists and the analytics read one page or one person instead of a
-- whole table (issue 22; plans in docs/perf/2026-11-27-read-side.md).

-- Staff transactions in log order (the default sort) and their keyset pages: a backward scan of
-- this index instead of sorting every wallet transaction.
CREATE INDEX wallet_transactions_position_idx ON wallet_transactions (global_position, id);

-- The staff Users list newest first (its default sort).
CREATE INDEX users_created_idx ON users (created_at, id);

-- The staff event log's person filter (`user_id`) on the events table, newest first.
CREATE INDEX events_user_position_idx ON events ((data->>'user_id'), global_position);

-- The staff event log's stream prefix filter (a LIKE prefix, whatever the database's collation).
CREATE INDEX events_stream_pattern_idx ON events (stream_id text_pattern_ops);

-- The earnings ranking: every expert's completed earnings of a period from the day roll-up, read
-- from the index alone.
CREATE INDEX wallet_reward_days_day_idx ON wallet_reward_days (context, status, day) INCLUDE (user_id, credits);

-- The ranking's partial days at the ends of a period: reward rows by UTC day. By day rather than
-- by time so that a person's own reward queries (which ask a time range) keep their user index.
CREATE INDEX wallet_transactions_reward_day_idx ON wallet_transactions (((created_at AT TIME ZONE 'UTC')::date))
  WHERE code = 'reward';

-- The event log's type filter skips the packed journal's batches without the type (their
-- `types`) instead of reading every batch row.
CREATE INDEX event_batches_types_idx ON event_batches USING gin (types);

-- The event log's format 1 batches (written before migration 010; none in a new log), newest
-- first, without walking the format 2 ones.
CREATE INDEX event_batches_format_1_idx ON event_batches (first_position) WHERE format = 1;
