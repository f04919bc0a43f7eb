-- Langfuse sync state, kept with its connection (projected from LangfuseSyncProgressed and
-- LangfuseStatusChanged, so a restart resumes where the last recorded page ended):
-- * synced_until: every root observation that started before it has been read (a new sweep starts
--   a little earlier again, for observations that reach Langfuse late);
-- * sync_window_from/_to and sync_cursor: the sweep in progress and the cursor of its next page;
-- * sync_status/sync_error and score_status/score_error: the two jobs fail apart, so each keeps its
--   own state; connection_status shows the first that is not 'connected'.
ALTER TABLE langfuse_connections
  ADD COLUMN synced_until timestamptz,
  ADD COLUMN sync_window_from timestamptz,
  ADD COLUMN sync_window_to timestamptz,
  ADD COLUMN sync_cursor text,
  ADD COLUMN sync_status text NOT NULL DEFAULT 'connected',
  ADD COLUMN sync_error text,
  ADD COLUMN score_status text NOT NULL DEFAULT 'connected',
  ADD COLUMN score_error text;
