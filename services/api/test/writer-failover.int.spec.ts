import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createNatsCommandTransport, type CommandTransport } from '@evalmarket/eventbus';
import { LEDGER_SUBMIT_COMMAND, type LedgerResult } from '@evalmarket/ledger-writer';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import { startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import { afterAll, describe, expect, it } from 'vitest';

const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Signs a person in over HTTP the way the console does (magic link from the dev mailbox). */
async function signInOver(
  baseUrl: string,
  email: string,
): Promise<{ userId: string; authorization: string }> {
  const sent = await fetch(`${baseUrl}/api/v1/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);
  const mail = (await (
    await fetch(`${baseUrl}/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as Array<{ links: string[] }>;
  const token = new URL(mail[0]!.links[0]!).searchParams.get('token');
  const verified = await fetch(`${baseUrl}/api/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const session = (await verified.json()) as { access_token: string; user: { id: string } };
  return { userId: session.user.id, authorization: `Bearer ${session.access_token}` };
}

describe.skipIf(!services)('two API processes on one PostgreSQL + NATS: a standby writer takes over', () => {
  const suffix = randomBytes(4).toString('hex');
  const nats = { NATS_STREAM: `HROLES_${suffix}`, NATS_SUBJECT_PREFIX: `hroles${suffix}` };
  let db: TestDatabase | undefined;
  let transport: CommandTransport | undefined;
  const processes: ApiProcess[] = [];

  afterAll(async () => {
    for (const started of processes) await started.stop().catch(() => undefined);
    await transport?.close().catch(() => undefined);
    const nc = await connect({ servers: process.env.NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(nats.NATS_STREAM).catch(() => undefined);
    await nc.close();
    await db?.drop();
  });

  it('commits what process B takes through writer A, and after kill -9 of A, B writes within 5 s; a resent command lands once', async () => {
    db = await createTestDatabase({ migrate: false });
    const env = {
      ...nats,
      DATABASE_URL: db.url!,
      NATS_URL: process.env.NATS_URL!,
      DEV_ENDPOINTS: 'on',
      WRITER_LEASE_RETRY_MS: '200',
    };
    const a = await startApiProcess({ env, port: 4150 });
    processes.push(a);
    const b = await startApiProcess({ env, port: 4151 });
    processes.push(b);
    const holder = async () =>
      (await db!.client.query<{ holder: string }>(`SELECT holder FROM writer_leases WHERE name = 'ledger'`))
        .rows[0]?.holder;
    expect(await holder()).toBe(`${hostname()}:${a.pid}`);

    // Sign-up (which opens the ledger accounts) and a grant, both through B: B stands by, so A
    // decides and commits them.
    const person = await signInOver(b.baseUrl, 'ann@example.com').catch((error: Error) => {
      throw new Error(`${error.message}\nB: ${b.output()}\nA: ${a.output()}`);
    });
    const grant = (key: string) =>
      fetch(`${b.baseUrl}/api/v1/dev/grant-credits`, {
        method: 'POST',
        headers: {
          authorization: person.authorization,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ amount_credits: 1_000 }),
      });
    const first = await grant('grant-1');
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await holder()).toBe(`${hostname()}:${a.pid}`);

    // A command sent to the active writer over NATS, then sent again after that writer died.
    transport = await createNatsCommandTransport({
      natsUrl: process.env.NATS_URL!,
      subjectPrefix: nats.NATS_SUBJECT_PREFIX,
      logger: silent,
    });
    const adjustmentId = randomUUID();
    const payload = {
      commands: [
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: adjustmentId,
            user_id: person.userId,
            context: 'spending',
            amount_credits: 500,
            reason: 'resent across a fail-over',
            actor_id: person.userId,
          },
        },
      ],
    };
    const send = () =>
      transport!.request(LEDGER_SUBMIT_COMMAND, payload, {
        deadlineMs: 10_000,
        idempotencyKey: 'resend-1',
      }) as Promise<LedgerResult[]>;
    expect(await send()).toMatchObject([{ ok: true, duplicate: false }]);

    await a.kill('SIGKILL');
    const killedAt = Date.now();
    const successor = `${hostname()}:${b.pid}`;
    expect(
      await eventually(holder, (current) => current === successor, { timeoutMs: 5_000, intervalMs: 50 }),
    ).toBe(successor);
    expect(Date.now() - killedAt).toBeLessThan(5_000);

    // The resent command is B's duplicate; a new grant through B lands.
    expect(await send()).toMatchObject([{ ok: true, duplicate: true }]);
    const second = await grant('grant-2');
    expect(second.status, await second.clone().text()).toBe(201);
    const { rows } = await db.client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'CreditsAdjusted' AND data->>'adjustment_id' = $1`,
      [adjustmentId],
    );
    expect(rows[0]!.n).toBe(1);
    const balance = await fetch(`${b.baseUrl}/api/v1/wallet/balance?context=spending`, {
      headers: { authorization: person.authorization },
    });
    expect(await balance.json()).toMatchObject({ credits_balance: 2_500 });
  }, 90_000);
});
