-- Back to the batch rows' name arrays (migrations 023 and 025), their GIN indexes without
-- pending lists (030) and the lookups through them (031), filled from the table's rows.
SET LOCAL statement_timeout = 0;

ALTER TABLE event_batches
  ADD COLUMN user_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN actors text[] NOT NULL DEFAULT '{}',
  ADD COLUMN correlation_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN causation_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN parties text[] NOT NULL DEFAULT '{}',
  ADD COLUMN accounts text[] NOT NULL DEFAULT '{}';

UPDATE event_batches b SET
  user_ids = n.user_ids, actors = n.actors, correlation_ids = n.correlation_ids,
  causation_ids = n.causation_ids, parties = n.parties, accounts = n.accounts
FROM (
  SELECT first_position,
    coalesce(array_agg(name) FILTER (WHERE kind = 'user_id'), '{}') AS user_ids,
    coalesce(array_agg(name) FILTER (WHERE kind = 'actor'), '{}') AS actors,
    coalesce(array_agg(name) FILTER (WHERE kind = 'correlation_id'), '{}') AS correlation_ids,
    coalesce(array_agg(name) FILTER (WHERE kind = 'causation_id'), '{}') AS causation_ids,
    coalesce(array_agg(name) FILTER (WHERE kind = 'party'), '{}') AS parties,
    coalesce(array_agg(name) FILTER (WHERE kind = 'account'), '{}') AS accounts
  FROM event_batch_names GROUP BY first_position
) n
WHERE b.first_position = n.first_position;

CREATE INDEX event_batches_user_ids_idx ON event_batches USING gin (user_ids) WITH (fastupdate = off);
CREATE INDEX event_batches_actors_idx ON event_batches USING gin (actors) WITH (fastupdate = off);
CREATE INDEX event_batches_correlation_ids_idx ON event_batches USING gin (correlation_ids) WITH (fastupdate = off);
CREATE INDEX event_batches_causation_ids_idx ON event_batches USING gin (causation_ids) WITH (fastupdate = off);
CREATE INDEX event_batches_parties_idx ON event_batches USING gin (parties) WITH (fastupdate = off);
CREATE INDEX event_batches_accounts_idx ON event_batches USING gin (accounts) WITH (fastupdate = off);

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

DROP TABLE event_batch_names;
