import type { SqlClient } from './sql-client.js';

/** What `runWhileLeased` started, stopped when the lease is lost or the holder stops. */
export interface LeasedWork {
  stop(): Promise<void>;
}

export interface RunWhileLeasedOptions {
  sql: Pick<SqlClient, 'tryLease'>;
  /** The advisory lock's key: one holder per database. */
  key: number;
  /** How long a standby waits between attempts to take the lease. */
  retryMs: number;
  /** Starts the work; called each time this process takes the lease. */
  start(): Promise<LeasedWork>;
  /** What the work is, for the log. */
  name: string;
  logger: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * Runs work in the one process that holds a lease (a session advisory lock): the others try
 * again every `retryMs` and take over when it is free, because its holder stopped or died (the
 * database ends a dead session, and its locks with it). A lost lease stops the work and stands
 * by again. On PGlite the one process holds every lease. Resolves once the first attempt is over.
 */
export async function runWhileLeased(options: RunWhileLeasedOptions): Promise<LeasedWork> {
  const { sql, key, retryMs, start, name, logger } = options;
  let work: LeasedWork | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();
  let releaseLease: (() => Promise<void>) | undefined;

  const stopWork = async () => {
    const running = work;
    work = undefined;
    await running?.stop();
  };
  const standBy = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      attempt = tryToLead();
    }, retryMs);
  };

  async function tryToLead(): Promise<void> {
    if (stopped) return;
    try {
      const lease = await sql.tryLease(key);
      if (!lease) return standBy();
      releaseLease = () => lease.release();
      let lost = false;
      lease.onLost(() => {
        lost = true;
        logger.warn({ work: name }, 'the lease was lost; stopping and standing by');
        releaseLease = undefined;
        void stopWork().finally(standBy);
      });
      const started = await start();
      // Lost while it was starting: onLost had nothing to stop yet.
      if (lost || stopped) return void (await started.stop());
      work = started;
      logger.info({ work: name }, 'this process holds the lease and runs the work');
    } catch (error) {
      logger.error({ err: error, work: name }, 'starting leased work failed; standing by');
      await stopWork().catch(() => undefined);
      await releaseLease?.().catch(() => undefined);
      releaseLease = undefined;
      standBy();
    }
  }

  attempt = tryToLead();
  await attempt;
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await stopWork();
      await releaseLease?.().catch(() => undefined);
      releaseLease = undefined;
    },
  };
}
