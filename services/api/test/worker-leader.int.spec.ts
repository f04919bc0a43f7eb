import { createPgClient, type SqlClient } from '@evalmarket/db';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainContext } from '../src/runtime/domain-context.js';
import type { DomainProcess } from '../src/runtime/domains.js';
import { startWorker } from '../src/runtime/process-roles.js';
import { testConfig } from './helpers.js';

describe.skipIf(!process.env.DATABASE_URL)('worker role on PostgreSQL: one process runs the timers', () => {
  let db: TestDatabase | undefined;
  const clients: SqlClient[] = [];
  const workers: DomainProcess[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const client of clients.splice(0)) await client.close();
    await db?.drop();
  });

  /**
   * A process's worker role over its own connections, with a job that counts its runs and, in
   * `moves`, notes each start and stop (`+name`, `-name`) in order.
   */
  const startProcess = async (running: Set<string>, name: string, moves: string[] = []) => {
    const sql = createPgClient({ connectionString: db!.url!, maxConnections: 2 });
    clients.push(sql);
    const context = {
      config: testConfig({ writerLeaseRetryMs: 50 }),
      sql,
      logger: pino({ level: 'silent' }),
    } as unknown as DomainContext;
    const job = async (): Promise<DomainProcess> => {
      running.add(name);
      moves.push(`+${name}`);
      return {
        stop: async () => {
          running.delete(name);
          moves.push(`-${name}`);
        },
      };
    };
    const worker = await startWorker(context, [job]);
    workers.push(worker);
    return worker;
  };

  it('runs the jobs in the lease holder only, and hands them over when it stops', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const running = new Set<string>();
    const first = await startProcess(running, 'first');
    await startProcess(running, 'second');
    expect([...running]).toEqual(['first']);
    await first.stop();
    expect(
      await eventually(
        () => [...running],
        (names) => names.length === 1,
      ),
    ).toEqual(['second']);
  });

  it('stops the jobs of a holder that loses its lease session, and one process runs them again', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const running = new Set<string>();
    const moves: string[] = [];
    await startProcess(running, 'first', moves);
    await startProcess(running, 'second', moves);
    expect(moves).toEqual(['+first']);
    const { rows: ended } = await db.client.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(l.pid) AS ended FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.objid = 7331004 AND l.granted AND l.database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    // The holder's one lease session was found and ended: what follows is its doing.
    expect(ended).toEqual([{ ended: true }]);
    // The holder stops its jobs and stands by; then whichever process tries first holds the
    // lease again (the one that lost it may win: both try every writerLeaseRetryMs).
    const after = await eventually(
      () => [...moves],
      (list) => list.length >= 3,
    );
    expect(after.slice(0, 2)).toEqual(['+first', '-first']);
    expect(['+first', '+second']).toContain(after[2]);
    // And no one else after it, for five more attempts of the other: never two at once.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(moves).toEqual(after.slice(0, 3));
    expect(running.size).toBe(1);
  });
});
