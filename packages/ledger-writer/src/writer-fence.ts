import { sqlLiteral, type Lease, type QueryResult, type SqlClient } from '@evalmarket/db';

/**
 * Fencing for a one-of-a-kind writer. The session advisory lock (`tryLease`) says who is active,
 * but a holder whose session was cut while it paused still believes it is: it could commit on top
 * of its successor's log. So each take-over bumps a token in `writer_leases` (migration 016), the
 * holder's transactions carry it in the setting `evalmarket.writer_fence`, and a statement trigger
 * on the log's tables refuses them once the token moved on. Nothing in the event store changes:
 * the holder's store runs over `fencedSqlClient`, which adds the setting to its transactions.
 */
export const WRITER_FENCE_SETTING = 'evalmarket.writer_fence';
/** The trigger's HINT; the error's SQLSTATE is 55P03 (lock_not_available). */
const FENCED_HINT = 'evalmarket_writer_fenced';

/** The fence this process's transactions carry now: set while it holds a lease, else unset. */
export class FenceSlot {
  private value: string | undefined;

  get current(): string | undefined {
    return this.value;
  }

  hold(name: string, token: number): void {
    this.value = `${name}:${token}`;
  }

  clear(): void {
    this.value = undefined;
  }
}

/** Whether a commit failed because its writer was fenced off (another one took over). */
export function isFencedError(error: unknown): boolean {
  const { hint, message } = (error ?? {}) as { hint?: unknown; message?: unknown };
  if (hint === FENCED_HINT) return true;
  // PGlite reports the hint less reliably than pg; the message names the fence too.
  return typeof message === 'string' && message.includes('was fenced off');
}

function fenceStatement(fence: string): string {
  return `SELECT set_config(${sqlLiteral(WRITER_FENCE_SETTING)}, ${sqlLiteral(fence)}, true)`;
}

/** `results` without the one of the statement added at `index`. */
function withoutAdded(results: QueryResult[], index: number): QueryResult[] {
  return [...results.slice(0, index), ...results.slice(index + 1)];
}

const BEGIN_SCRIPT = /^\s*BEGIN\s*;/i;

/**
 * `sql` whose transactions and scripts carry the slot's fence while it holds one; the setting is
 * transaction-local, so it never leaks to the pool's other users. Writes outside a transaction or
 * script (single autocommit statements) are not fenced: the event store writes in transactions.
 */
export function fencedSqlClient(sql: SqlClient, slot: FenceSlot): SqlClient {
  return {
    dialect: sql.dialect,
    query: (text, params) => sql.query(text, params),
    exec: (text) => sql.exec(text),
    tryLease: (key) => sql.tryLease(key),
    customPlans: sql.customPlans,
    close: () => sql.close(),
    transaction(fn, options) {
      const fence = slot.current;
      if (!fence) return sql.transaction(fn, options);
      // Sent with BEGIN in the same round trip; its result is not the caller's.
      const begin = options?.begin ? `${fenceStatement(fence)}; ${options.begin}` : fenceStatement(fence);
      return sql.transaction((tx, begun) => fn(tx, begun.slice(1)), { ...options, begin });
    },
    async script(text) {
      const fence = slot.current;
      if (!fence) return sql.script(text);
      // After an explicit BEGIN, or first in the implicit transaction of a multi-statement script.
      const opening = BEGIN_SCRIPT.exec(text);
      if (opening) {
        const results = await sql.script(
          `${opening[0]} ${fenceStatement(fence)}; ${text.slice(opening[0].length)}`,
        );
        return withoutAdded(results, 1);
      }
      return withoutAdded(await sql.script(`${fenceStatement(fence)}; ${text}`), 0);
    },
  };
}

export interface FencedLease {
  lease: Lease;
  token: number;
}

/**
 * Takes the named lease (advisory lock `key`) and a new fencing token for it, or null when
 * another session holds it. The token's UPDATE waits for any transaction a deposed holder still
 * has under way (the trigger holds the row FOR SHARE), so the log the caller reads next is final.
 */
export async function takeFencedLease(
  sql: SqlClient,
  options: { key: number; name: string; holder: string },
): Promise<FencedLease | null> {
  const lease = await sql.tryLease(options.key);
  if (!lease) return null;
  try {
    return { lease, token: await bumpToken(sql, options) };
  } catch (error) {
    await lease.release();
    throw error;
  }
}

/** How long the token's UPDATE waits for a deposed holder's open transaction before ending it. */
const DEPOSED_TRANSACTION_WAIT_MS = 500;
const BUMP_ATTEMPTS = 5;

/**
 * A holder paused in the middle of a commit (SIGSTOP, a stalled VM) keeps its transaction, and
 * the row lock the fence took, open until the server's idle-in-transaction timeout (10 s) ends
 * it. Its lease is already ours, so nothing it holds may commit: rather than wait out the timeout
 * the take-over ends those sessions and tries again. Only fenced transactions lock the lease row
 * (`FOR SHARE` in the trigger), and only the deposed holder's can still be open.
 */
async function bumpToken(sql: SqlClient, options: { name: string; holder: string }): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sql.transaction(async (tx) => {
        if (sql.dialect === 'postgres')
          await tx.query(`SET LOCAL lock_timeout = '${DEPOSED_TRANSACTION_WAIT_MS}ms'`);
        const { rows } = await tx.query<{ token: number }>(
          `INSERT INTO writer_leases (name, token, holder) VALUES ($1, 1, $2)
           ON CONFLICT (name) DO UPDATE SET token = writer_leases.token + 1, holder = EXCLUDED.holder, taken_at = now()
           RETURNING token`,
          [options.name, options.holder],
        );
        return Number(rows[0]!.token);
      });
    } catch (error) {
      if (!isLockTimeout(error) || attempt === BUMP_ATTEMPTS) throw error;
      await endFencedTransactions(sql);
    }
  }
}

function isLockTimeout(error: unknown): boolean {
  const { code, hint } = (error ?? {}) as { code?: unknown; hint?: unknown };
  // The fence's own refusal shares the SQLSTATE; it names itself in the hint.
  return code === '55P03' && hint !== FENCED_HINT;
}

/** Ends the other sessions of this database whose open transaction locked `writer_leases` rows. */
async function endFencedTransactions(sql: SqlClient): Promise<void> {
  await sql.query(
    `SELECT pg_terminate_backend(l.pid) FROM pg_locks l
      WHERE l.locktype = 'relation' AND l.relation = 'writer_leases'::regclass
        AND l.mode = 'RowShareLock' AND l.granted AND l.pid <> pg_backend_pid()
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
}
