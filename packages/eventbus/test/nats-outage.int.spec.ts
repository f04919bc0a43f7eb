import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresEventStore } from '@evalmarket/eventstore';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJetStreamBus } from '../src/index.js';
import { appendThings, dedupingConsumer, recordingLogger, until } from './helpers.js';

// This test stops and restarts a NATS server, so it runs its own private one next to the
// shared server named by NATS_URL.
const natsServerBin = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const canRun = Boolean(process.env.NATS_URL) && existsSync(natsServerBin);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!canRun)('JetStream bus through a NATS outage', () => {
  let db: TestDatabase;
  let storeDir: string;
  let port: number;
  let server: ChildProcess | undefined;

  const startServer = async () => {
    server = spawn(natsServerBin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
      stdio: 'ignore',
    });
    await until(() => accepts(port), 10_000);
  };
  const stopServer = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    storeDir = await mkdtemp(path.join(tmpdir(), 'eventbus-nats-'));
    port = await freePort();
    await startServer();
  });

  afterAll(async () => {
    await stopServer();
    await rm(storeDir, { recursive: true, force: true });
    await db?.drop();
  });

  it('reports the outage, rides it out, delivers everything in order, and closes while the server is down', async () => {
    const store = createPostgresEventStore(db.client, { pollIntervalMs: 20 });
    const logger = recordingLogger();
    const bus = await createJetStreamBus({
      natsUrl: `nats://127.0.0.1:${port}`,
      store,
      sql: db.client,
      logger,
      relay: { publishTimeoutMs: 1_000 },
      consumer: { fetchExpiresMs: 1_000 },
      closeTimeoutMs: 5_000,
    });
    const consumer = dedupingConsumer();
    await bus.consume({ name: 'outage', batchSize: 5, handler: consumer.handler });
    const before = await appendThings(store, 5);
    await until(() => consumer.handled.length === 5);

    await stopServer();
    const during = await appendThings(store, 7);
    await until(() => logger.entries.some((e) => e.message.includes('connection lost')));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await startServer();

    const after = await appendThings(store, 3);
    await until(() => consumer.handled.length === 15, 30_000);
    expect(consumer.handled).toEqual([...before, ...during, ...after].map((e) => e.global_position));
    expect(logger.entries.some((e) => e.message.includes('connection restored'))).toBe(true);

    // Closing while the server is away must not hang.
    await stopServer();
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('fails start-up with a clear message when NATS cannot be reached', async () => {
    const store = createPostgresEventStore(db.client, { pollIntervalMs: 20 });
    const deadPort = await freePort();
    await expect(
      createJetStreamBus({
        natsUrl: `nats://127.0.0.1:${deadPort}`,
        store,
        sql: db.client,
        logger: recordingLogger(),
        connectTimeoutMs: 1_500,
      }),
    ).rejects.toThrow(/Cannot reach NATS/);
  });
});
