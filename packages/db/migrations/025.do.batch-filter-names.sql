-- The other names the staff event log filters by, for each packed batch, written with the batch
-- (packages/eventstore batch-names.ts), so that the actor, correlation_id, causation_id, party
-- and account filters read only the batches that hold the value instead of searching every
-- batch's text (issue 22; plans in docs/perf/2026-11-27-read-side.md). Like migration 023's, each
-- is a set of the texts the log's own condition compares (services/api staff-event-routes.ts):
--   actors, correlation_ids, causation_ids: metadata->>'actor' / 'correlation_id' / 'causation_id';
--   parties: data->>field for each payload field that names a person (contracts'
--     PERSON_PAYLOAD_FIELDS), and the id of a `user:{id}` actor;
--   accounts: the debit and credit strings of the posting objects in data->'postings'.
-- `->>` texts come from scalars only (an object's or array's text is not looked up here).

-- The backfill parses every batch once: about 100 batches/s, minutes for a ten-million-event log,
-- longer than the connection's statement timeout (30 s); this migration's transaction only.
SET LOCAL statement_timeout = 0;

ALTER TABLE event_batches
  ADD COLUMN actors text[] NOT NULL DEFAULT '{}',
  ADD COLUMN correlation_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN causation_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN parties text[] NOT NULL DEFAULT '{}',
  ADD COLUMN accounts text[] NOT NULL DEFAULT '{}';

-- Batches written before this migration: their names from their bodies, each body parsed once
-- (format 1: one object per event; format 2: [event_id, stream_id, stream_version, type,
-- schema_version, data, metadata]).
UPDATE event_batches b SET
  actors = n.actors,
  correlation_ids = n.correlation_ids,
  causation_ids = n.causation_ids,
  parties = n.parties,
  accounts = n.accounts
FROM (
  SELECT s.first_position, named.*
  FROM event_batches s CROSS JOIN LATERAL (
    WITH entries AS MATERIALIZED (
      SELECT CASE WHEN s.format = 1 THEN e->'data' ELSE e->5 END AS data,
        CASE WHEN s.format = 1 THEN e->'metadata' ELSE e->6 END AS metadata
      FROM jsonb_array_elements(s.events::jsonb) e
    ), texts AS (
      -- (kind, name): each scalar a filter compares, as `->>` prints it.
      SELECT t.kind, t.value #>> '{}' AS name
      FROM entries, LATERAL (VALUES
        ('actor', metadata->'actor'), ('correlation', metadata->'correlation_id'),
        ('causation', metadata->'causation_id'),
        ('party', data->'user_id'), ('party', data->'requester_id'), ('party', data->'evaluator_id'),
        ('party', data->'creator_id'), ('party', data->'owner_id'), ('party', data->'actor_id'),
        ('party', data->'granted_by'), ('party', data->'revoked_by'), ('party', data->'disabled_by'),
        ('party', data->'enabled_by'), ('party', data->'reviewed_by'), ('party', data->'created_by'),
        ('party', CASE WHEN left(metadata->>'actor', 5) = 'user:' AND jsonb_typeof(metadata->'actor') = 'string'
          THEN to_jsonb(substr(metadata->>'actor', 6)) END)) t(kind, value)
      WHERE jsonb_typeof(t.value) IN ('string', 'number', 'boolean')
      UNION ALL
      SELECT 'account', side.value #>> '{}'
      FROM entries,
        LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(data->'postings') = 'array' THEN data->'postings' ELSE '[]' END) p,
        LATERAL (VALUES (p->'debit'), (p->'credit')) side(value)
      WHERE jsonb_typeof(side.value) = 'string'
    )
    SELECT
      ARRAY(SELECT DISTINCT name FROM texts WHERE kind = 'actor') AS actors,
      ARRAY(SELECT DISTINCT name FROM texts WHERE kind = 'correlation') AS correlation_ids,
      ARRAY(SELECT DISTINCT name FROM texts WHERE kind = 'causation') AS causation_ids,
      ARRAY(SELECT DISTINCT name FROM texts WHERE kind = 'party') AS parties,
      ARRAY(SELECT DISTINCT name FROM texts WHERE kind = 'account') AS accounts
  ) named
) n
WHERE b.first_position = n.first_position;

-- A value's batches by overlap (`parties && ARRAY[$1]`), one index per filter.
CREATE INDEX event_batches_actors_idx ON event_batches USING gin (actors);
CREATE INDEX event_batches_correlation_ids_idx ON event_batches USING gin (correlation_ids);
CREATE INDEX event_batches_causation_ids_idx ON event_batches USING gin (causation_ids);
CREATE INDEX event_batches_parties_idx ON event_batches USING gin (parties);
CREATE INDEX event_batches_accounts_idx ON event_batches USING gin (accounts);

-- Statistics of the new columns now, so that the planner's first choices between walking the
-- batches in order and these indexes weigh how many batches a value is in.
ANALYZE event_batches;
