-- A person's reward rows by time (issue 22). The analytics read a window's whole days from the
-- roll-up (wallet_reward_days) and only its partial days at the ends from the rows, but the
-- person's only index was by position: each of those reads walked every spending or earning row
-- the person ever had (457 heap pages for the 1M world's busiest requester, four reads a request)
-- to keep a few. With the time in the key, the ends are a short range of the index, and the
-- per-project breakdown of a window reads that window's rows only. Partial, like the analytics:
-- rewards only. Neither status nor amount is in it, so a reward settling (pending to completed)
-- changes no column of this index.

-- A large wallet takes a while to index, longer than the connection's statement timeout (30 s).
SET LOCAL statement_timeout = 0;

CREATE INDEX wallet_transactions_user_reward_time_idx ON wallet_transactions (user_id, context, created_at)
  WHERE code = 'reward';
