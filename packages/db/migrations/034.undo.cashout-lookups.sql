DROP INDEX events_cashouts_idx;
