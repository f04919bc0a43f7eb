-- The GIN indexes the staff event log's filters search (migrations 020, 022, 023, 025, 026) keep
-- no pending list (issue 22); migration 027 merged the lists once, and they filled again. With one (`fastupdate`, PostgreSQL's default), each commit's new
-- entries wait in an unsorted list that every search of the index reads whole, until a vacuum or
-- the list's 4 MB limit moves them into the index's tree. On the 1M world, 20 s of the evaluation
-- loop left 2,335 batches in each list (436 pages for the stream ids): a stream prefix's page
-- took 320 ms, an account's 110, against 9 and 33 once the lists were moved into the trees (the
-- planner also priced each search so high that it read every batch instead). Without the list,
-- each commit writes its entries into the trees: about 0.2 ms more for a batch of 17 events, 3 ms
-- more for a seeded batch of 300 (docs/perf/2026-11-29-gin-pending-lists.md).
ALTER INDEX events_postings_idx SET (fastupdate = off);
ALTER INDEX events_parties_idx SET (fastupdate = off);
ALTER INDEX event_batches_types_idx SET (fastupdate = off);
ALTER INDEX event_batches_user_ids_idx SET (fastupdate = off);
ALTER INDEX event_batches_stream_ids_idx SET (fastupdate = off);
ALTER INDEX event_batches_actors_idx SET (fastupdate = off);
ALTER INDEX event_batches_correlation_ids_idx SET (fastupdate = off);
ALTER INDEX event_batches_causation_ids_idx SET (fastupdate = off);
ALTER INDEX event_batches_parties_idx SET (fastupdate = off);
ALTER INDEX event_batches_accounts_idx SET (fastupdate = off);

-- Entries already waiting stay in their list, read by every search, until moved: move them now.
SELECT gin_clean_pending_list(i.indexrelid)
FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_am a ON a.oid = c.relam
WHERE a.amname = 'gin' AND i.indrelid IN ('events'::regclass, 'event_batches'::regclass);
