DROP INDEX evaluation_assignments_evaluation_lease_idx;
CREATE INDEX evaluation_assignments_evaluation_idx ON evaluation_assignments (evaluation_id, status);
DROP INDEX evaluation_assignments_item_idx;
CREATE INDEX evaluation_assignments_item_idx ON evaluation_assignments (item_id, status);
ALTER TABLE evaluation_items RESET (fillfactor);
ALTER TABLE evaluation_assignments RESET (fillfactor);
ALTER TABLE wallet_transactions RESET (fillfactor);
