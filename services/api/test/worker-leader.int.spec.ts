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

  /** A process's worker role over its own connections, with a job that counts its runs. */
  const startProcess = async (running: Set<string>, name: string) => {
    const sql = createPgClient({ connectionString: db!.url!, maxConnections: 2 });
    clients.push(sql);
    const context = {
      config: testConfig({ writerLeaseRetryMs: 50 }),
      sql,
      logger: pino({ level: 'silent' }),
    } as unknown as DomainContext;
    const job = async (): Promise<DomainProcess> => {
      running.add(name);
      return { stop: async () => void running.delete(name) };
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

  it('hands the jobs over when the holder loses its lease session', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const running = new Set<string>();
    await startProcess(running, 'first');
    await startProcess(running, 'second');
    expect([...running]).toEqual(['first']);
    const { rows: ended } = await db.client.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(l.pid) AS ended FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.objid = 7331004 AND l.granted AND l.database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    // The holder's one lease session was found and ended: a handover that follows is its doing.
    expect(ended).toEqual([{ ended: true }]);
    expect(
      await eventually(
        () => [...running],
        (names) => names.join() === 'second',
      ),
    ).toEqual(['second']);
  });
});
