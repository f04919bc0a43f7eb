-- Indexes for the staff event log's filters on the `events` table (issue 22).
-- `party`: an event names a person in any of twelve payload fields or as its `user:{id}` actor.
-- Compared field by field, nothing answered it but reading every event (4.5-14 s on a 3M world).
-- This index holds each event's parties as one array, and the filter asks
-- `ARRAY[...] && ARRAY[$1]` with this very expression (services/api event-log-parties.ts builds it
-- from contracts' PERSON_PAYLOAD_FIELDS, in this order; a test checks the planner uses the index).
-- The packed batches have their own `parties` column (migration 025). NULL elements (a field the
-- event does not have) are never matched.

-- A large log takes minutes to index, longer than the connection's statement timeout (30 s).
SET LOCAL statement_timeout = 0;

CREATE INDEX events_parties_idx ON events USING gin ((ARRAY[
  data->>'user_id', data->>'requester_id', data->>'evaluator_id', data->>'creator_id',
  data->>'owner_id', data->>'actor_id', data->>'granted_by', data->>'revoked_by',
  data->>'disabled_by', data->>'enabled_by', data->>'reviewed_by', data->>'created_by',
  CASE WHEN left(metadata->>'actor', 5) = 'user:' THEN substr(metadata->>'actor', 6) END
]));

-- The correlation_id and causation_id filters on the `events` table, newest first: like the
-- actor's (events_actor_position_idx), so a value no event has is not a read of every event.
CREATE INDEX events_correlation_position_idx ON events ((metadata->>'correlation_id'), global_position);
CREATE INDEX events_causation_position_idx ON events ((metadata->>'causation_id'), global_position);
