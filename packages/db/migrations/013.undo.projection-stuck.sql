ALTER TABLE projection_checkpoints DROP COLUMN stuck;
