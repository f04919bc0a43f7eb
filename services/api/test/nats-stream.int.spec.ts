import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../src/runtime/start-runtime.js';
import { testConfig } from './helpers.js';
import { signIn } from './support/sign-in.js';

const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);

describe.skipIf(!services)('NATS_STREAM and NATS_SUBJECT_PREFIX (PostgreSQL, NATS JetStream)', () => {
  const suffix = randomBytes(4).toString('hex');
  const shared = { natsStream: `H_WEDGE_${suffix}`, natsSubjectPrefix: `hwedge${suffix}` };
  const own = { natsStream: `H_WEDGE_OWN_${suffix}`, natsSubjectPrefix: `hwedgeown${suffix}` };
  const databases: TestDatabase[] = [];
  const runtimes: Runtime[] = [];
  const start = async (nats: typeof shared) => {
    const db = await createTestDatabase({ migrate: false });
    databases.push(db);
    const runtime = await startRuntime(
      testConfig({ databaseUrl: db.url, natsUrl: process.env.NATS_URL, ...nats }),
    );
    runtimes.push(runtime);
    return runtime;
  };
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.close().catch(() => undefined);
    const nc = await connect({ servers: process.env.NATS_URL });
    const jsm = await jetstreamManager(nc);
    for (const { natsStream } of [shared, own]) await jsm.streams.delete(natsStream).catch(() => undefined);
    await nc.close();
    for (const db of databases) await db.drop();
  });

  it('uses the configured stream, and is not ready, naming the cause, when that stream holds another log', async () => {
    const first = await start(shared);
    await signIn(first, 'ann@example.com');
    expect((await first.app.inject({ method: 'GET', url: '/readyz' })).json().checks).toMatchObject({
      'event-bus': 'ok',
    });
    const nc = await connect({ servers: process.env.NATS_URL });
    const info = await (await jetstreamManager(nc)).streams.info(shared.natsStream);
    await nc.close();
    expect(info.config.subjects).toEqual([`${shared.natsSubjectPrefix}.>`]);
    expect(info.state.messages).toBeGreaterThan(0);
    await first.close();

    // A fresh database pointed at the same stream: its relay cannot deliver.
    const second = await start(shared);
    const reply = await eventually(
      () => second.app.inject({ method: 'GET', url: '/readyz' }),
      (r) => r.statusCode === 503,
      { timeoutMs: 15_000 },
    );
    expect(reply.statusCode).toBe(503);
    expect(reply.json().checks['event-bus']).toMatch(
      new RegExp(`the relay cannot run: JetStream stream ${shared.natsStream} holds events of another log`),
    );
    await second.close();

    // The same fresh database with a stream of its own is ready.
    const third = await start(own);
    const ready = await eventually(
      () => third.app.inject({ method: 'GET', url: '/readyz' }),
      (r) => r.statusCode === 200,
      { timeoutMs: 15_000 },
    );
    expect(ready.json().checks).toMatchObject({ 'event-bus': 'ok' });
    await signIn(third, 'bea@example.com');
  });
});
