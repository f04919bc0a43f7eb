-- The staff ledger of an account and the event log's account filter look for events with a
-- posting on one account. They ask it as JSON containment (`data->'postings' @> [{"debit": id}]`),
-- which this index answers without reading every event. The packed journal's reward transfers
-- (event_batches) are not covered: they are read batch by batch.
CREATE INDEX events_postings_idx ON events USING gin ((data->'postings') jsonb_path_ops);
