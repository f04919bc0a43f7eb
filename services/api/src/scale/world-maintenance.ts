import { createPgClient } from '@evalmarket/db';

/*
 * What autovacuum would do for the world's database, for a server that runs without it (this
 * machine's, CI's configuration). While the world is written: ANALYZE once a minute (autovacuum's
 * default naptime). Each connection keeps the generic plans it made for its prepared statements
 * until the table's statistics change, so plans made while `events` was empty stayed: the event
 * store's stream-version lookup kept scanning the whole table, and registrations fell from
 * about 1,000 to about 150 events/s by the 19,000th person. When it is written: VACUUM
 * (ANALYZE), so the bench reads with statistics and visibility maps. PostgreSQL only (PGlite's
 * worlds are small), on a connection of its own without the pool's statement timeout.
 */

const ANALYZE_EVERY_MS = 60_000;

export interface WorldMaintenance {
  /** Stops the minute's ANALYZE and runs VACUUM (ANALYZE) once; returns its seconds. */
  settle(): Promise<number | undefined>;
  /** Stops without the vacuum (the run failed); after settle, nothing more. */
  stop(): Promise<void>;
}

export function startWorldMaintenance(
  databaseUrl: string | undefined,
  warn: (message: string) => void,
): WorldMaintenance {
  if (!databaseUrl) return { settle: async () => undefined, stop: async () => undefined };
  const sql = createPgClient({ connectionString: databaseUrl, maxConnections: 1, statementTimeoutMs: 0 });
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = sql
      .query('ANALYZE')
      .catch((error: unknown) => warn(`seed-scale: ANALYZE failed (the writing goes on): ${String(error)}`))
      .finally(() => {
        busy = false;
      });
  }, ANALYZE_EVERY_MS);
  timer.unref();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(timer);
      await running;
      await sql.close();
    })();
    return closing;
  };
  return {
    async settle() {
      clearInterval(timer);
      await running;
      const startedAt = Date.now();
      try {
        await sql.query('VACUUM (ANALYZE)');
      } finally {
        await close();
      }
      return (Date.now() - startedAt) / 1000;
    },
    stop: close,
  };
}
