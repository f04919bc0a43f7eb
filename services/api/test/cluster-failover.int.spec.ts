import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { LEDGER_WRITER_LEASE_KEY } from '@evalmarket/ledger-writer';
import { createTestDatabase, eventually, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  ensureBundle,
  launchCluster,
  REPO_ROOT,
  type ClusterProcess,
  type RunningCluster,
} from '../src/cluster/launch-cluster.js';
import { startRuntime, type Runtime } from '../src/runtime/start-runtime.js';
import { testConfig } from './helpers.js';
import { startGrantLoad, startVoteLoad, type Load, type LoadPerson } from './support/cluster-load.js';
import {
  preparePayouts,
  readStripeConfig,
  startCashoutLoad,
  startPurchaseLoad,
} from './support/cluster-money-load.js';
import { asLoadPerson, evaluationWorld } from './support/cluster-world.js';
import { signIn } from './support/sign-in.js';

/*
 * Issue #21, point 5: the compose topology as real processes (npm run start:cluster's launcher:
 * 2 API replicas behind haproxy, 2 writers, 2 projectors, 1 worker) on PostgreSQL + NATS, under
 * money (grants, card purchases, cash-outs, all through the cluster's one Stripe double) and the
 * evaluation loop (claims, votes) through haproxy; the world is set up through an API-only
 * runtime in this process, one more member of the cluster. A paused writer is deposed and cannot commit when it resumes;
 * kill -9 of the active writer: a standby is active within 5 s; kill -9 of a projector and an API
 * replica: the rest carry on and the projections catch up. Afterwards every acknowledged command
 * is in the log exactly once and `npm run audit` (dist/audit.js) passes.
 */
const services = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
const PEOPLE = 4;
const BUYERS = 2;
/** Of the world's evaluators, these are verified experts and cash out while they vote. */
const CASHING_OUT = 2;
const VOTES_PER_ITEM = 3;
const FAILOVER_BOUND_MS = 5_000;

describe.skipIf(!services)('the cluster of processes behind haproxy (PostgreSQL, NATS)', () => {
  const suffix = randomBytes(4).toString('hex');
  const stream = `CLUSTER_FO_${suffix}`;
  let db: TestDatabase | undefined;
  let cluster: RunningCluster | undefined;
  let setup: Runtime | undefined;
  let load: Load | undefined;
  let votes: Load | undefined;
  let purchases: Load | undefined;
  let cashouts: Load | undefined;

  afterAll(async () => {
    await load?.stop().catch(() => undefined);
    await votes?.stop().catch(() => undefined);
    await purchases?.stop().catch(() => undefined);
    await cashouts?.stop().catch(() => undefined);
    await setup?.close();
    await cluster?.stop();
    const nc = await connect({ servers: process.env.NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc.close();
    await db?.drop();
  });

  const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await db!.client.query<T>(text, params)).rows;
  const leaseToken = async () =>
    BigInt(
      (await query<{ token: string }>(`SELECT token FROM writer_leases WHERE name = 'ledger'`))[0]!.token,
    );
  const holder = async () =>
    (await query<{ holder: string }>(`SELECT holder FROM writer_leases WHERE name = 'ledger'`))[0]?.holder;
  const holderOf = (member: ClusterProcess) => `${hostname()}:${member.pid}`;
  const activeWriter = async () => {
    const current = await holder();
    return cluster!.members.find((member) => member.roles.includes('writer') && holderOf(member) === current);
  };
  /** Waits until `member` holds the writer lease; returns how long that took from `since`. */
  const becomesActive = async (member: ClusterProcess, since: number) => {
    await eventually(holder, (current) => current === holderOf(member), {
      timeoutMs: FAILOVER_BOUND_MS + 1_000,
      intervalMs: 25,
    });
    return Date.now() - since;
  };
  const loads = () => [load, votes, purchases, cashouts].filter((each) => each !== undefined);
  const ackedSince = (time: number) =>
    loads()
      .flatMap((each) => each.acknowledged)
      .filter((ack) => ack.sentAt >= time).length;
  /** How many times each id was logged by events of `type` (the id read from `field`). */
  const loggedTimes = async (type: string, field: string) =>
    new Map(
      (
        await query<{ id: string; n: number }>(
          `SELECT data->>'${field}' AS id, count(*)::int AS n FROM event_log WHERE type = $1 GROUP BY 1`,
          [type],
        )
      ).map((row) => [row.id, row.n]),
    );
  const whileLoaded = async (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps every acknowledged command exactly once through a paused writer, kill -9 of the active writer, a projector and an API replica', async () => {
    onTestFailed(() => {
      for (const member of [...(cluster?.members ?? []), ...(cluster ? [cluster.haproxy] : [])])
        console.log(`--- ${member.name} (pid ${member.pid})\n${member.output().slice(-8_000)}`);
    });
    ensureBundle();
    db = await createTestDatabase({ migrate: false });
    cluster = await launchCluster({
      databaseUrl: db.url!,
      natsUrl: process.env.NATS_URL!,
      natsStream: stream,
      natsSubjectPrefix: `cluster${suffix}`,
      env: {
        WRITER_LEASE_RETRY_MS: '200',
        // Every request reaches the replicas from haproxy's one address.
        RATE_LIMIT_WRITES_PER_IP: '1000000',
        RATE_LIMIT_WRITES_PER_CALLER: '1000000',
        RATE_LIMIT_AUTH_PER_IP: '100000',
        MAGIC_LINK_LIMIT_PER_IP: '100000',
        // Experts earn 11 credits a vote; let them cash out after a few.
        MINIMUM_CASHOUT_CREDITS: '50',
      },
    });
    const [writerA, writerB] = cluster.members.filter((member) => member.roles.includes('writer'));
    // The first writer started alone, so it holds the lease.
    expect(await activeWriter()).toBe(writerA);

    setup = await startRuntime(
      testConfig({ databaseUrl: db.url, natsUrl: process.env.NATS_URL, roles: new Set(['api']) }),
      { nats: { streamName: stream, subjectPrefix: `cluster${suffix}` } },
    );
    const world = await evaluationWorld(setup, {
      evaluators: 6,
      items: 300,
      votesPerItem: VOTES_PER_ITEM,
      verified: CASHING_OUT,
    });
    const people: LoadPerson[] = [];
    for (let i = 0; i < PEOPLE; i += 1)
      people.push(asLoadPerson(await signIn(setup, `load-${i}@example.com`)));
    const buyers: LoadPerson[] = [];
    for (let i = 0; i < BUYERS; i += 1)
      buyers.push(asLoadPerson(await signIn(setup, `buyer-${i}@example.com`)));
    // Payments through the cluster's one Stripe double, as the console reaches it.
    const stripe = await readStripeConfig(cluster.url);
    const experts = world.evaluators.slice(0, CASHING_OUT);
    await preparePayouts(cluster.url, experts, { ...stripe, secret_key: 'sk_test_local' }, 1_000_000);
    load = startGrantLoad(cluster.url, people);
    const voteLoad = startVoteLoad(cluster.url, world.evaluators, world.evaluationId);
    votes = voteLoad;
    purchases = startPurchaseLoad(cluster.url, buyers, stripe);
    cashouts = startCashoutLoad(cluster.url, experts);
    await eventually(
      () => load!.acknowledged.length + voteLoad.acknowledged.length,
      (count) => count >= PEOPLE,
      { timeoutMs: 30_000 },
    );

    // Cash-outs start once an expert's votes have earned the minimum; let one land before the
    // fail-overs so every kind of command is in flight through them.
    await eventually(
      () => cashouts!.acknowledged.length,
      (count) => count >= 1,
      { timeoutMs: 60_000 },
    );

    // 1. Writer A pauses (SIGSTOP) and its lease session is cut, as a network partition would:
    // B takes over with a new fencing token. A resumes (SIGCONT) believing it is active, with
    // the commands NATS handed it meanwhile; none of them may land (checked below: exactly once).
    const tokenA = await leaseToken();
    await writerA!.signal('SIGSTOP');
    await whileLoaded(300);
    const cutAt = Date.now();
    await query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND objid = $1 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LEDGER_WRITER_LEASE_KEY],
    );
    expect(await becomesActive(writerB!, cutAt)).toBeLessThan(FAILOVER_BOUND_MS);
    expect(await leaseToken()).toBeGreaterThan(tokenA);
    await whileLoaded(500);
    await writerA!.signal('SIGCONT');
    await whileLoaded(1_500);
    expect(await activeWriter()).toBe(writerB);
    expect(writerA!.running()).toBe(true);
    // It found out on waking (its lease session is gone) and stepped down. A commit of what it
    // had in hand would carry its old fencing token and be refused (shown directly by
    // packages/ledger-writer/test/writer-role.int.spec.ts); one that landed twice would fail the
    // exactly-once checks below.
    expect(writerA!.output()).toMatch(/ledger writer stepped down/);

    // 2. kill -9 of the active writer (B): A, standing by again, is active within 5 s, and
    // commands sent after the kill are accepted.
    const killedAt = Date.now();
    await writerB!.signal('SIGKILL');
    const failoverMs = await becomesActive(writerA!, killedAt);
    expect(failoverMs).toBeLessThan(FAILOVER_BOUND_MS);
    const firstAfterKill = () =>
      loads()
        .map((each) => each.firstAcceptedSentAfter(killedAt))
        .filter((ack) => ack !== undefined)
        .sort((a, b) => a.ackedAt - b.ackedAt)[0];
    // Bounded by the ledger command deadline plus read-your-writes on a loaded 2-core machine;
    // the bench reports the figure itself.
    const first = await eventually(firstAfterKill, (ack) => ack !== undefined, { timeoutMs: 60_000 });
    expect(first, 'no command sent after the kill was accepted within 60 s').toBeDefined();
    const firstAccepted = first!.ackedAt - killedAt;

    // 3. kill -9 of one projector and one API replica: the others carry on.
    const crashAt = Date.now();
    await cluster.member('projector-1').signal('SIGKILL');
    await cluster.member('api-1').signal('SIGKILL');
    // Commands sent after the crash keep being acknowledged (haproxy marks api-1 down after two
    // failed checks; the dead projector's messages come back to the other after the ack wait).
    await eventually(
      () => ackedSince(crashAt),
      (count) => count >= 2 * PEOPLE,
      { timeoutMs: 30_000 },
    );
    expect(ackedSince(crashAt)).toBeGreaterThanOrEqual(2 * PEOPLE);
    for (const each of loads()) await each.stop();
    // The last purchases' webhooks are delivered (each is retried until a replica takes it).
    await cluster.stripeDouble!.idle();

    // The projections catch up with the log (projector-2 alone), within the ack wait and a bit.
    const [newest] = await query<{ head: string }>(`SELECT max(global_position) AS head FROM event_log`);
    const head = BigInt(newest!.head);
    await eventually(
      () =>
        query<{ projection: string; position: string }>(
          `SELECT projection, position FROM projection_checkpoints`,
        ),
      (rows) => rows.length >= 2 && rows.every((row) => BigInt(row.position) >= head),
      { timeoutMs: 20_000, intervalMs: 100 },
    );

    // Every acknowledged grant is in the log exactly once, and nothing else was granted but the
    // evaluation owner's funding.
    const counts = await loggedTimes('CreditsAdjusted', 'adjustment_id');
    const acknowledgedIds = load.acknowledged.map((ack) => ack.id);
    expect(new Set(acknowledgedIds).size).toBe(acknowledgedIds.length);
    expect(acknowledgedIds.filter((id) => counts.get(id) !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...acknowledgedIds, world.fundingAdjustmentId].sort());
    // Every acknowledged card purchase bought credits exactly once, and nothing else did.
    const bought = await loggedTimes('CreditsPurchased', 'purchase_id');
    expect(purchases!.acknowledged.length).toBeGreaterThan(0);
    expect(purchases!.acknowledged.filter((ack) => bought.get(ack.id) !== 1)).toEqual([]);
    expect([...bought.keys()].sort()).toEqual(purchases!.acknowledged.map((ack) => ack.id).sort());
    // Each balance is what its acknowledged grants or purchases add up to (read through the
    // surviving replica).
    for (const person of [...people, ...buyers]) {
      const reply = await fetch(`${cluster.url}/api/v1/wallet/balance?context=spending`, {
        headers: { authorization: person.authorization },
      });
      const credited = [...load.acknowledged, ...purchases!.acknowledged]
        .filter((ack) => ack.userId === person.userId)
        .reduce((sum, ack) => sum + ack.amount, 0);
      expect(await reply.json()).toMatchObject({ credits_balance: credited });
    }
    // Every acknowledged cash-out was requested exactly once, and no other was.
    const cashedOut = await loggedTimes('CashoutRequested', 'cashout_id');
    expect(cashouts!.acknowledged.length).toBeGreaterThan(0);
    expect(cashouts!.acknowledged.filter((ack) => cashedOut.get(ack.id) !== 1)).toEqual([]);
    expect([...cashedOut.keys()].sort()).toEqual(cashouts!.acknowledged.map((ack) => ack.id).sort());

    // Every acknowledged vote is in the log once, and no item has more than votes_per_item votes.
    const voteCounts = await loggedTimes('VoteCast', 'assignment_id');
    expect(voteLoad.acknowledged.length).toBeGreaterThan(0);
    expect(voteLoad.acknowledged.filter((ack) => voteCounts.get(ack.id) !== 1)).toEqual([]);
    const [crowded] = await query<{ most: number | null }>(
      `SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM event_log WHERE type = 'VoteCast' GROUP BY data->>'item_id') per_item`,
    );
    expect(crowded!.most).toBeLessThanOrEqual(VOTES_PER_ITEM);

    // npm run audit: books balance, no account negative, read models equal the replay, chain intact.
    const audit = await promisify(execFile)(
      process.execPath,
      [path.join(REPO_ROOT, 'services/api/dist/audit.js')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: db.url!, LOG_LEVEL: 'warn' },
      },
    );
    expect(audit.stdout).toMatch(/Ledger audit: PASS/);

    console.log(
      `cluster fail-over: ${load.acknowledged.length} grants, ${purchases!.acknowledged.length} purchases, ${cashouts!.acknowledged.length} cash-outs and ${voteLoad.acknowledged.length} votes acknowledged; writer lease taken ${failoverMs} ms after kill -9, first command accepted ${firstAccepted} ms after it; failed attempts by status: grants ${JSON.stringify([...load.failedAttempts])}, purchases ${JSON.stringify([...purchases!.failedAttempts])}, cash-outs ${JSON.stringify([...cashouts!.failedAttempts])}, loop ${JSON.stringify([...voteLoad.failedAttempts])}; paused writer's output mentions fencing: ${/fenced/i.test(writerA!.output())}`,
    );
  }, 420_000);
});
