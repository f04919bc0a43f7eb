-- A cash-out's events by its id (issue 22). The staff cash-outs list (staff-cashout-routes.ts)
-- folds each `CashoutRequested` with its `CashoutPaid`, `CashoutFailed` and `CashoutReversed`
-- and with the request of its staff retry, joined on `data->>'cashout_id'`. Found by type alone,
-- each join read every event of its type for every cash-out of a page: 0.9 ms with the 91
-- cash-outs of the 1M world, and 1.9 s a page (6 pages a second) with the 10M world's. Partial,
-- on the four types the list joins: no other event is in it.

-- A large log takes a while to index, longer than the connection's statement timeout.
SET LOCAL statement_timeout = 0;

CREATE INDEX events_cashouts_idx ON events ((data->>'cashout_id'))
  WHERE type IN ('CashoutRequested', 'CashoutPaid', 'CashoutFailed', 'CashoutReversed');
