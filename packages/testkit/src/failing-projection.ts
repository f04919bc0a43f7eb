import type { SqlExecutor } from '@evalmarket/db';

/** The first name the users table refuses while `refuseFirstName` is in force. */
export const REFUSED_FIRST_NAME = 'Wedge';

/**
 * Makes the domain projection throw the way PostgreSQL refuses a row it cannot hold: a trigger
 * on `users` raises `refusing the first name Wedge` for that name, so the event that sets it
 * cannot be applied (a stuck projection, for tests of what happens then). `allowFirstName` drops
 * it again: the deployed fix.
 */
export async function refuseFirstName(sql: SqlExecutor): Promise<void> {
  await sql.query(
    `CREATE FUNCTION refuse_first_name() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.first_name = '${REFUSED_FIRST_NAME}' THEN
         RAISE EXCEPTION 'refusing the first name ${REFUSED_FIRST_NAME}';
       END IF;
       RETURN NEW;
     END $$`,
  );
  await sql.query(
    'CREATE TRIGGER refuse_first_name BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_first_name()',
  );
}

export async function allowFirstName(sql: SqlExecutor): Promise<void> {
  await sql.query('DROP TRIGGER refuse_first_name ON users');
  await sql.query('DROP FUNCTION refuse_first_name()');
}

/**
 * Polls `probe` every `intervalMs` until `ok` holds or `timeoutMs` passes; returns the last value
 * either way, for the caller to assert on.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  ok: (value: T) => boolean,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
