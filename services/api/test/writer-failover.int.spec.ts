import { randomBytes, randomUUID } from 'node:crypto';
import { createNatsCommandTransport, type CommandTransport } from '@evalmarket/eventbus';
import { LEDGER_SUBMIT_COMMAND, type LedgerResult } from '@evalmarket/ledger-writer';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import type { ApiProcess } from '@evalmarket/testkit/e2e';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deleteStream,
  holderName,
  killWriterUntilSuccessor,
  startWriterPair,
  writerHolder,
} from './support/shared-log.js';

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
  const nats = { streamName: `HROLES_${suffix}`, subjectPrefix: `hroles${suffix}` };
  let db: TestDatabase | undefined;
  let transport: CommandTransport | undefined;
  const processes: ApiProcess[] = [];

  afterAll(async () => {
    for (const started of processes) await started.stop().catch(() => undefined);
    await transport?.close().catch(() => undefined);
    await deleteStream(nats.streamName);
    await db?.drop();
  });

  it('commits what process B takes through writer A, and after kill -9 of A, B writes within 5 s; a resent command lands once', async () => {
    db = await createTestDatabase({ migrate: false });
    const { a, b } = await startWriterPair(db, nats, processes, { a: 4150, b: 4151 });
    const holder = () => writerHolder(db!);
    expect(await holder()).toBe(holderName(a));

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
    expect(await holder()).toBe(holderName(a));

    // A command sent to the active writer over NATS, then sent again after that writer died.
    transport = await createNatsCommandTransport({
      natsUrl: process.env.NATS_URL!,
      subjectPrefix: nats.subjectPrefix,
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

    const failover = await killWriterUntilSuccessor(db, a, b);
    expect(failover.holder).toBe(holderName(b));
    expect(failover.elapsedMs).toBeLessThan(5_000);

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
