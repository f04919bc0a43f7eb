-- Items also come from the create page's manual entries and the owner's CSV/JSONL upload.
ALTER TABLE evaluation_items DROP CONSTRAINT evaluation_items_source_check;
ALTER TABLE evaluation_items ADD CONSTRAINT evaluation_items_source_check
  CHECK (source IN ('manual', 'upload', 'sdk', 'langfuse'));
