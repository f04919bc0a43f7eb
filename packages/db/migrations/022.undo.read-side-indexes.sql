DROP INDEX event_batches_format_1_idx;
DROP INDEX event_batches_types_idx;
DROP INDEX wallet_transactions_reward_day_idx;
DROP INDEX wallet_reward_days_day_idx;
DROP INDEX events_stream_pattern_idx;
DROP INDEX events_user_position_idx;
DROP INDEX users_created_idx;
DROP INDEX wallet_transactions_position_idx;
