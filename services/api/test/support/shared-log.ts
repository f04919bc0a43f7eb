import { hostname } from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually, type TestDatabase } from '@evalmarket/testkit';
import { startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { ProcessRole } from '../../src/config/config.js';
import { startRuntime, type Runtime } from '../../src/runtime/start-runtime.js';
import { testConfig } from '../helpers.js';

/* Several processes (or runtimes) on one PostgreSQL database and one JetStream stream. */

export interface SharedNats {
  streamName: string;
  subjectPrefix: string;
}

/** A runtime in this test process running only `roles`, on the shared database and stream. */
export function startWithRoles(db: TestDatabase, nats: SharedNats, roles: ProcessRole[]): Promise<Runtime> {
  return startRuntime(
    testConfig({ databaseUrl: db.url, natsUrl: process.env.NATS_URL, roles: new Set(roles) }),
    { nats },
  );
}

/** Deletes a test's stream (its subjects go with it). */
export async function deleteStream(streamName: string): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL });
  await (await jetstreamManager(nc)).streams.delete(streamName).catch(() => undefined);
  await nc.close();
}

/** Who holds the ledger writer's lease now (`host:pid`). */
export async function writerHolder(db: TestDatabase): Promise<string | undefined> {
  const { rows } = await db.client.query<{ holder: string }>(
    `SELECT holder FROM writer_leases WHERE name = 'ledger'`,
  );
  return rows[0]?.holder;
}

/** The lease holder's name for a process of this machine. */
export const holderName = (process: ApiProcess) => `${hostname()}:${process.pid}`;

/**
 * Two real API processes with every role on the shared database and stream: A starts first and
 * holds the writer, B stands by. Pushed to `processes` as they start, for the test to stop.
 */
export async function startWriterPair(
  db: TestDatabase,
  nats: SharedNats,
  processes: ApiProcess[],
  ports: { a?: number; b?: number } = {},
): Promise<{ a: ApiProcess; b: ApiProcess }> {
  const env = {
    NATS_STREAM: nats.streamName,
    NATS_SUBJECT_PREFIX: nats.subjectPrefix,
    DATABASE_URL: db.url!,
    NATS_URL: process.env.NATS_URL!,
    DEV_ENDPOINTS: 'on',
    WRITER_LEASE_RETRY_MS: '200',
  };
  const a = await startApiProcess({ env, port: ports.a });
  processes.push(a);
  const b = await startApiProcess({ env, port: ports.b });
  processes.push(b);
  return { a, b };
}

/**
 * kill -9 of the active writer `a`; resolves with how long it took until `b` held the lease
 * (it gives up after `timeoutMs`: the caller compares).
 */
export async function killWriterUntilSuccessor(
  db: TestDatabase,
  a: ApiProcess,
  b: ApiProcess,
  timeoutMs = 5_000,
): Promise<{ holder: string | undefined; elapsedMs: number }> {
  await a.kill('SIGKILL');
  const killedAt = Date.now();
  const holder = await eventually(
    () => writerHolder(db),
    (current) => current === holderName(b),
    { timeoutMs, intervalMs: 50 },
  );
  return { holder, elapsedMs: Date.now() - killedAt };
}
