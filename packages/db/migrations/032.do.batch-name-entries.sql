-- The names each packed batch holds, one row per name and batch with the ordinals of the batch's
-- entries that hold it (issue 22), in place of the batch rows' name arrays and their GIN indexes
-- (migrations 023, 025 and 031). The staff event log's person, actor, correlation, causation,
-- party and account filters read a value's newest batches from this table's primary key, in
-- position order, stopping once the page is full, and parse only the entries named: with the
-- arrays, a page collected every batch naming the value from the GIN index (2.4-3.5 ms for a
-- party named in 208 batches of the 1M world) and searched the text of each batch's 300 entries
-- (0.42 ms a batch), 14 batches or more for a page
-- (docs/perf/2026-11-29-pdfjs-polyfills-and-prepared-event-log-pages.md).
--
-- kind: the filter, as the log names it: user_id, actor, correlation_id, causation_id, party,
-- account. name: the text its condition compares (packages/eventstore batch-names.ts says which).
-- ordinals: 1-based, ascending, each once. The batch's range and format ride along, so a page
-- chooses its batches and bounds them by position from this table alone. How many batches a
-- name is in varies from one to every batch (the seeding actor), so the event log plans these
-- pages for their values (services/api staff-event-routes.ts).

-- The backfill parses every batch once: minutes for a ten-million-event log, longer than the
-- connection's statement timeout (30 s); this migration's transaction only.
SET LOCAL statement_timeout = 0;

CREATE TABLE event_batch_names (
  kind text NOT NULL,
  name text NOT NULL,
  first_position bigint NOT NULL,
  last_position bigint NOT NULL,
  format smallint NOT NULL,
  ordinals integer[] NOT NULL,
  -- With the format ahead of the position, a page reads one format's batches of a name as one
  -- range of the key, in position order.
  PRIMARY KEY (kind, name, format, first_position)
);

-- Batches written before this migration: their names from their bodies, each body parsed once
-- (format 1: one object per event; format 2: [event_id, stream_id, stream_version, type,
-- schema_version, data, metadata]), with the texts migrations 023 and 025 took: `->>` texts of
-- scalars only, and the debit and credit strings of posting objects.
INSERT INTO event_batch_names (kind, name, first_position, last_position, format, ordinals)
SELECT named.kind, named.name, s.first_position, s.last_position, s.format, named.ordinals
FROM event_batches s CROSS JOIN LATERAL (
  WITH entries AS MATERIALIZED (
    SELECT e.ord::integer AS ord,
      CASE WHEN s.format = 1 THEN e.v->'data' ELSE e.v->5 END AS data,
      CASE WHEN s.format = 1 THEN e.v->'metadata' ELSE e.v->6 END AS metadata
    FROM jsonb_array_elements(s.events::jsonb) WITH ORDINALITY e(v, ord)
  ), texts AS (
    SELECT entries.ord, t.kind, t.value #>> '{}' AS name
    FROM entries, LATERAL (VALUES
      ('user_id', data->'user_id'),
      ('actor', metadata->'actor'), ('correlation_id', metadata->'correlation_id'),
      ('causation_id', metadata->'causation_id'),
      ('party', data->'user_id'), ('party', data->'requester_id'), ('party', data->'evaluator_id'),
      ('party', data->'creator_id'), ('party', data->'owner_id'), ('party', data->'actor_id'),
      ('party', data->'granted_by'), ('party', data->'revoked_by'), ('party', data->'disabled_by'),
      ('party', data->'enabled_by'), ('party', data->'reviewed_by'), ('party', data->'created_by'),
      ('party', CASE WHEN left(metadata->>'actor', 5) = 'user:' AND jsonb_typeof(metadata->'actor') = 'string'
        THEN to_jsonb(substr(metadata->>'actor', 6)) END)) t(kind, value)
    WHERE jsonb_typeof(t.value) IN ('string', 'number', 'boolean')
    UNION ALL
    SELECT entries.ord, 'account', side.value #>> '{}'
    FROM entries,
      LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(data->'postings') = 'array' THEN data->'postings' ELSE '[]' END) p,
      LATERAL (VALUES (p->'debit'), (p->'credit')) side(value)
    WHERE jsonb_typeof(side.value) = 'string'
  )
  SELECT kind, name, array_agg(DISTINCT ord ORDER BY ord) AS ordinals FROM texts GROUP BY kind, name
) named;

-- The arrays, their GIN indexes and the lookups through them are replaced by the table above.
-- The stream ids stay on the batch row: their tsvector index finds a prefix too.
DROP FUNCTION event_batches_naming(text, text[]);
DROP INDEX event_batches_user_ids_idx;
DROP INDEX event_batches_actors_idx;
DROP INDEX event_batches_correlation_ids_idx;
DROP INDEX event_batches_causation_ids_idx;
DROP INDEX event_batches_parties_idx;
DROP INDEX event_batches_accounts_idx;
ALTER TABLE event_batches
  DROP COLUMN user_ids, DROP COLUMN actors, DROP COLUMN correlation_ids, DROP COLUMN causation_ids,
  DROP COLUMN parties, DROP COLUMN accounts;

ANALYZE event_batch_names;
