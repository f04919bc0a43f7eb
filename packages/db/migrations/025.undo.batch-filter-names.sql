DROP INDEX event_batches_accounts_idx;
DROP INDEX event_batches_parties_idx;
DROP INDEX event_batches_causation_ids_idx;
DROP INDEX event_batches_correlation_ids_idx;
DROP INDEX event_batches_actors_idx;
ALTER TABLE event_batches
  DROP COLUMN accounts, DROP COLUMN parties, DROP COLUMN causation_ids, DROP COLUMN correlation_ids,
  DROP COLUMN actors;
