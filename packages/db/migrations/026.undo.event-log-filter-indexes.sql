DROP INDEX events_causation_position_idx;
DROP INDEX events_correlation_position_idx;
DROP INDEX events_parties_idx;
