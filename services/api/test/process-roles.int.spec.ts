import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessRole } from '../src/config/config.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { deleteStream, startWithRoles } from './support/shared-log.js';
import { signIn } from './support/sign-in.js';

const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);

describe.skipIf(!services)('an api-only process beside one that runs the rest (PostgreSQL, NATS)', () => {
  const suffix = randomBytes(4).toString('hex');
  const nats = { streamName: `HROLES_R_${suffix}`, subjectPrefix: `hrolesr${suffix}` };
  let db: TestDatabase | undefined;
  const runtimes: Runtime[] = [];
  const start = async (roles: ProcessRole[]) => {
    const runtime = await startWithRoles(db!, nats, roles);
    runtimes.push(runtime);
    return runtime;
  };
  afterAll(async () => {
    for (const runtime of runtimes.reverse()) await runtime.close().catch(() => undefined);
    await deleteStream(nats.streamName);
    await db?.drop();
  });

  it('sends money commands to the writer elsewhere and reads its own writes from the read models', async () => {
    db = await createTestDatabase({ migrate: false });
    const back = await start(['writer', 'projector', 'worker']);
    const api = await start(['api']);
    expect(back.writer?.writer).toBeDefined();
    expect(api.writer).toBeUndefined();
    expect(api.ledger.local).toBeUndefined();

    const person = await signIn(api, 'ann@example.com');
    const granted = await api.app.inject({
      method: 'POST',
      url: '/api/v1/dev/grant-credits',
      headers: { ...person.headers, 'idempotency-key': 'grant-1' },
      payload: { amount_credits: 2_000 },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    // The reply read the balance after waiting for the other process's projector.
    expect(granted.json()).toMatchObject({ credits_balance: 2_000 });
    const balance = await api.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/balance?context=spending',
      headers: person.headers,
    });
    expect(balance.json()).toMatchObject({ credits_balance: 2_000 });
    // The writer's books stay in the writer's process.
    expect(() => api.ledger.state).toThrow(/in another process/);
    expect(back.ledger.state.users.has(person.userId)).toBe(true);
  }, 60_000);
});

describe.skipIf(!services)('two projector processes (PostgreSQL, NATS)', () => {
  const suffix = randomBytes(4).toString('hex');
  const nats = { streamName: `HROLES_P_${suffix}`, subjectPrefix: `hrolesp${suffix}` };
  let db: TestDatabase | undefined;
  const runtimes: Runtime[] = [];
  afterAll(async () => {
    for (const runtime of runtimes.reverse()) await runtime.close().catch(() => undefined);
    await deleteStream(nats.streamName);
    await db?.drop();
  });

  it('lets one pull each projection at a time; the other takes over when it stops', async () => {
    db = await createTestDatabase({ migrate: false });
    const start = async (roles: ProcessRole[]) => {
      const runtime = await startWithRoles(db!, nats, roles);
      runtimes.push(runtime);
      return runtime;
    };
    const front = await start(['api', 'writer', 'worker']);
    const first = await start(['projector']);
    const second = await start(['projector']);
    const person = await signIn(front, 'bo@example.com');
    const grant = async (key: string, amount: number) => {
      const reply = await front.app.inject({
        method: 'POST',
        url: '/api/v1/dev/grant-credits',
        headers: { ...person.headers, 'idempotency-key': key },
        payload: { amount_credits: amount },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json<{ credits_balance: number }>().credits_balance;
    };
    expect(await grant('grant-1', 100)).toBe(100);
    // The first holds both projections' leases; the second stands by, its projections where
    // they started (it reads the stored checkpoint only while a reader of its own waits).
    const head = first.projector.position;
    expect(head).toBeGreaterThan(0);
    expect(second.projector.position).toBe(0);
    expect(second.domainProjector.position).toBe(0);
    await first.close();
    runtimes.splice(runtimes.indexOf(first), 1);
    // The second takes each lease within WRITER_LEASE_RETRY_MS and projects what follows.
    expect(await grant('grant-2', 50)).toBe(150);
    expect(second.projector.position).toBeGreaterThan(head);
  }, 60_000);
});
