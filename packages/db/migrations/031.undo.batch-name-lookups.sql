DROP FUNCTION event_batches_with_streams(tsquery);
DROP FUNCTION event_batches_naming(text, text[]);
