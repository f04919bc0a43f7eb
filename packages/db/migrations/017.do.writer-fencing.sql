-- Fencing for the one-of-a-kind writers (the ledger writer). The session advisory lock says who
-- is active; it dies with its session, so a writer whose connection was cut (or a process that
-- paused past it) can be replaced while it still believes it is active. Each take-over bumps the
-- token here; the active writer's transactions carry the token they were given in the setting
-- `evalmarket.writer_fence` (`<name>:<token>`), and a statement trigger on the log's tables
-- refuses them once the token moved on. Transactions without the setting (events recorded by
-- any process, migrations) are not fenced.
CREATE TABLE writer_leases (
  name text PRIMARY KEY,
  token bigint NOT NULL,
  holder text NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION evalmarket_check_writer_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fence text := current_setting('evalmarket.writer_fence', true);
  lease_name text;
  held bigint;
  current_token bigint;
BEGIN
  IF fence IS NULL OR fence = '' THEN
    RETURN NULL;
  END IF;
  lease_name := split_part(fence, ':', 1);
  held := split_part(fence, ':', 2)::bigint;
  -- FOR SHARE: a take-over's UPDATE of this row waits until this transaction ends, so the new
  -- writer reads the log only after everything the old one could still commit has landed.
  SELECT token INTO current_token FROM writer_leases WHERE name = lease_name FOR SHARE;
  IF current_token IS DISTINCT FROM held THEN
    RAISE EXCEPTION 'writer % was fenced off: token % is no longer current (now %)', lease_name, held, current_token
      USING ERRCODE = '55P03', HINT = 'evalmarket_writer_fenced';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_writer_fence BEFORE INSERT OR UPDATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION evalmarket_check_writer_fence();
CREATE TRIGGER event_batches_writer_fence BEFORE INSERT OR UPDATE ON event_batches
  FOR EACH STATEMENT EXECUTE FUNCTION evalmarket_check_writer_fence();
