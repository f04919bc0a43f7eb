-- Rows the projections update in place under load: a reservation's wallet row settles, an
-- assignment is voted, an item counts its votes. Each gets room on its own page (fillfactor), and
-- no index covers a column those updates change, so PostgreSQL makes them heap-only (HOT)
-- updates: a new row version on the same page and no new entry in any index. Before, every
-- such update wrote a new entry into each of the table's indexes (five for an assignment).
ALTER TABLE wallet_transactions SET (fillfactor = 60);
ALTER TABLE evaluation_assignments SET (fillfactor = 50);
ALTER TABLE evaluation_items SET (fillfactor = 70);

-- An assignment's status changes when it is voted, released or expires; its item, evaluation
-- and lease end never do. Lookups by item read the item's few assignments and filter on status;
-- live leases of an evaluation are a range of lease ends (expires_at > now).
-- Migrations run in one transaction each, so these builds cannot be CONCURRENTLY: on a large
-- evaluation_assignments table they hold its writes (claims and votes being projected) for as
-- long as they take. The new fillfactor applies to pages written from now on.
DROP INDEX evaluation_assignments_item_idx;
CREATE INDEX evaluation_assignments_item_idx ON evaluation_assignments (item_id);
DROP INDEX evaluation_assignments_evaluation_idx;
CREATE INDEX evaluation_assignments_evaluation_lease_idx ON evaluation_assignments (evaluation_id, expires_at);
