-- Where each event of a packed (format 2) batch lies in the batch's text, as byte offsets, so that
-- the staff event log's filters parse only the events whose text holds the value looked up
-- instead of the whole batch (issue 22: a page of one evaluator's events parsed ~25 batches of
-- ~200 events each as jsonb, 1.2-2.2 ms a batch). The body is `[e1,e2,...,en]`, compact, as the
-- packed journal writes it (packages/eventstore packed-batch.ts): entry k is the bytes from
-- entry_offsets[k] to entry_offsets[k+1] - 2 (0-based; the byte after it is a comma or `]`),
-- and entry_offsets[n+1] is the body's byte length. Format 1 batches have none.

-- The backfill lexes every format 2 batch once (about 1 ms each): a minute for a
-- ten-million-event log, longer than the connection's statement timeout (30 s).
SET LOCAL statement_timeout = 0;

ALTER TABLE event_batches ADD COLUMN entry_offsets integer[];

-- `json` keeps each element's text as written, so its byte length is the entry's: entry k starts
-- one byte (`[` or a comma) after the end of entry k-1, and the last offset is where `]` would
-- start plus one, the body's length when the body is compact.
UPDATE event_batches b SET entry_offsets = o.starts || (1 + o.entry_bytes)
FROM (
  SELECT s.first_position,
    array_agg(1 + e.before ORDER BY e.ord) AS starts,
    sum(e.bytes + 1)::integer AS entry_bytes
  FROM event_batches s CROSS JOIN LATERAL (
    SELECT ord, octet_length(v::text) AS bytes,
      coalesce(sum(octet_length(v::text) + 1) OVER (ORDER BY ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM json_array_elements(s.events::json) WITH ORDINALITY x(v, ord)
  ) e
  WHERE s.format = 2
  GROUP BY s.first_position
) o
WHERE b.first_position = o.first_position;

-- A body with anything between its entries (which the writer never writes) would give offsets
-- that do not end at its length: stop rather than point the log's filters at the wrong bytes.
DO $$
DECLARE
  bad bigint;
BEGIN
  SELECT first_position INTO bad FROM event_batches
    WHERE format = 2 AND entry_offsets[cardinality(entry_offsets)] <> octet_length(events) LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'the packed batch at position % is not written compactly; its entries cannot be located', bad;
  END IF;
END $$;

-- Every format 2 batch has its offsets from here on: one per event, and its end.
ALTER TABLE event_batches ADD CONSTRAINT event_batches_entry_offsets_complete CHECK (
  format = 1 OR (entry_offsets IS NOT NULL AND cardinality(entry_offsets) = event_count + 1));

-- The backfill rewrote every packed batch, so every index of the table got each batch again, the
-- GIN indexes in their pending lists, which every search reads whole and the planner counts
-- against the index until a vacuum merges them: on a 1M-event log it scanned every batch's
-- names for a party instead (120-190 ms against 1-5 ms). Merge them now, and count afresh.
SELECT gin_clean_pending_list(i.indexrelid)
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
  WHERE i.indrelid = 'event_batches'::regclass AND a.amname = 'gin';
ANALYZE event_batches;
