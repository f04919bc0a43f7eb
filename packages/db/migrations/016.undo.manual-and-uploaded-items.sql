DELETE FROM evaluation_items WHERE source IN ('manual', 'upload');
ALTER TABLE evaluation_items DROP CONSTRAINT evaluation_items_source_check;
ALTER TABLE evaluation_items ADD CONSTRAINT evaluation_items_source_check CHECK (source IN ('sdk', 'langfuse'));
