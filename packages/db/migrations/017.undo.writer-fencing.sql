DROP TRIGGER event_batches_writer_fence ON event_batches;
DROP TRIGGER events_writer_fence ON events;
DROP FUNCTION evalmarket_check_writer_fence();
DROP TABLE writer_leases;
