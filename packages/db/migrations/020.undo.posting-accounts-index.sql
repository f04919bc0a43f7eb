DROP INDEX IF EXISTS events_postings_idx;
