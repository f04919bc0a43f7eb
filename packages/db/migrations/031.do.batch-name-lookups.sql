-- The packed batches that hold a name (issue 22), looked up in the names' GIN indexes alone
-- (migrations 023 and 025), for the staff event log's named filters: each returns the position
-- range and format of every batch that names one of `names` in `name_column` (or, for the
-- stream ids, whose ids match the tsquery `streams`), in no order.
--
-- The planner chose between the index and reading every batch row by the pages each reads, and
-- does not count that testing a name on a row detoasts the row's names (arrays stored out of
-- line) or builds a tsvector from them, while the index answers the overlap exactly, with no
-- recheck. For a common name it read every row: `system:seed-scale`, in 3,742 of 15,112 batches
-- of the 1M world, took 35 ms read from the rows against 5 from the index. Inside these
-- functions sequential and plain index scans are off, so the index's bitmap is the only way in.
CREATE FUNCTION event_batches_naming(name_column text, names text[])
  RETURNS TABLE (first_position bigint, last_position bigint, format smallint)
  LANGUAGE plpgsql STABLE
  SET enable_seqscan = off
  SET enable_indexscan = off
AS $$
BEGIN
  CASE name_column
    WHEN 'user_ids' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.user_ids && names;
    WHEN 'actors' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.actors && names;
    WHEN 'correlation_ids' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.correlation_ids && names;
    WHEN 'causation_ids' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.causation_ids && names;
    WHEN 'parties' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.parties && names;
    WHEN 'accounts' THEN
      RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b WHERE b.accounts && names;
  END CASE;
END
$$;

CREATE FUNCTION event_batches_with_streams(streams tsquery)
  RETURNS TABLE (first_position bigint, last_position bigint, format smallint)
  LANGUAGE plpgsql STABLE
  SET enable_seqscan = off
  SET enable_indexscan = off
AS $$
BEGIN
  RETURN QUERY SELECT b.first_position, b.last_position, b.format FROM event_batches b
    WHERE array_to_tsvector(b.stream_ids) @@ streams;
END
$$;
