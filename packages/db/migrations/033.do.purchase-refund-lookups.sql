-- A purchase's refunds by its id (issue 22). What was taken back from a purchase is summed from
-- its `PurchaseRefunded` and `PurchaseRefundReinstated` events (ledger-lookups.ts
-- refundedCreditsSql), once for each purchase on a page of the staff purchases list and for the
-- staff refund. Found by type alone, each sum read every refund of the log: 0.14 ms a purchase
-- with the 174 refunds of the 1M world, 26 times a page, and ten times that at ten times the
-- refunds. Partial, on the two types the sum reads: no other event is in it.

-- A large log takes a while to index, longer than the connection's statement timeout.
SET LOCAL statement_timeout = 0;

CREATE INDEX events_purchase_refunds_idx ON events ((data->>'purchase_id'))
  WHERE type IN ('PurchaseRefunded', 'PurchaseRefundReinstated');
