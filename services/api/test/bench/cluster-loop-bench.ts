/*
 * The evaluator loop through the multi-process topology (issue 21): `npm run start:cluster`'s
 * launcher on PostgreSQL + NATS (haproxy, 2 API replicas, 2 writers, 2 projectors, 1 worker), the
 * same load client and claim-then-vote loop as evaluation-loop-bench.ts, and the CPU of every
 * process of the cluster from /proc/{pid}/stat (the load client's from its own clock). Then the
 * fail-over time: kill -9 of the active writer, and the time until the first command sent after
 * it is accepted (a credit grant through haproxy, retried with its Idempotency-Key). Around
 * them, read-your-writes one command at a time: credit grants in a row (each answered once the
 * wallet projection has it), with both projectors sharing the durable consumers, and again after
 * kill -9 of one of them.
 * Needs DATABASE_URL and NATS_URL (prints why it skips otherwise). Knobs: BENCH_LOOP_EVALUATORS
 * (64), BENCH_CLUSTER_ITEMS (1,000), BENCH_LOOP_VOTES_PER_ITEM (3).
 * Run: npx tsx services/api/test/bench/cluster-loop-bench.ts
 */
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { hostname } from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { SqlClient } from '@evalmarket/db';
import { createTestDatabase } from '@evalmarket/testkit';
import { ensureBundle, launchCluster, type ClusterProcess } from '../../src/cluster/launch-cluster.js';
import { startRuntime } from '../../src/runtime/start-runtime.js';
import { testConfig } from '../helpers.js';
import { evaluationWorld } from '../support/cluster-world.js';
import { SERVE_FLAG, type LoadJob, type LoadResult } from './load-client.js';
import { processCpuMicros } from './machine-cpu.js';

const EVALUATORS = Number(process.env.BENCH_LOOP_EVALUATORS ?? 64);
const ITEMS = Number(process.env.BENCH_CLUSTER_ITEMS ?? 1000);
const VOTES_PER_ITEM = Number(process.env.BENCH_LOOP_VOTES_PER_ITEM ?? 3);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs one job in a forked load client; resolves with its result once it reports. */
function runLoadClient(job: LoadJob, onGo: () => void): Promise<LoadResult> {
  const client = fork(new URL('./load-client.ts', import.meta.url), [SERVE_FLAG], { stdio: 'inherit' });
  return new Promise<LoadResult>((resolve, reject) => {
    client.on('message', (message: 'warmed' | LoadResult | { error: string }) => {
      if (message === 'warmed') {
        onGo();
        client.send('go');
        return;
      }
      if ('error' in message) reject(new Error(`load client: ${message.error}`));
      else resolve(message);
    });
    client.once('exit', (code) => reject(new Error(`the load client exited (${code})`)));
    client.send(job);
  }).finally(() => client.kill());
}

/** CPU each process used since `since` (pid -> microseconds at the start). */
function cpuSince(processes: readonly ClusterProcess[], since: Map<number, number>): Map<string, number> {
  const used = new Map<string, number>();
  for (const member of processes)
    used.set(member.name, (processCpuMicros(member.pid) ?? 0) - (since.get(member.pid) ?? 0));
  return used;
}

/**
 * One credit grant (it replies once the wallet projection has it): its status (0 without a
 * reply) and the start of the reply's body.
 */
async function grant(
  url: string,
  authorization: string,
  key: string,
): Promise<{ status: number; text: string }> {
  const reply = await fetch(`${url}/api/v1/dev/grant-credits`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ amount_credits: 1 }),
  }).catch(() => undefined);
  const text = (await reply?.text().catch(() => '')) ?? '';
  return { status: reply?.status ?? 0, text: text.slice(0, 300) };
}

/** ms of each of `count` grants sent one after the other. */
async function grantsInARow(url: string, authorization: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const sentAt = performance.now();
    const reply = await grant(url, authorization, `row-${randomBytes(4).toString('hex')}`);
    if (reply.status !== 201) throw new Error(`grant in a row: ${reply.status} ${reply.text}`);
    latencies.push(performance.now() - sentAt);
  }
  return latencies;
}

function describeLatencies(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${latencies.map((ms) => ms.toFixed(0)).join(', ')})`;
}

const GRANTS_IN_A_ROW = 20;

/** ms from `killedAt` until a writer other than `holder` holds the ledger lease. */
async function newHolderAfter(sql: SqlClient, holder: string, killedAt: number): Promise<number> {
  for (;;) {
    const { rows } = await sql.query<{ holder: string }>(
      `SELECT holder FROM writer_leases WHERE name = 'ledger'`,
    );
    if (rows[0] && rows[0].holder !== holder) return Date.now() - killedAt;
    if (Date.now() - killedAt > 60_000) throw new Error('no standby took the writer lease within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** ms from `killedAt` until a grant sent after it is accepted (201), retrying with one key. */
async function firstAcceptedAfter(url: string, authorization: string, killedAt: number): Promise<number> {
  const key = `failover-${randomBytes(4).toString('hex')}`;
  for (;;) {
    const reply = await grant(url, authorization, key);
    if (reply.status === 201) return Date.now() - killedAt;
    if (Date.now() - killedAt > 60_000)
      throw new Error(`no command accepted within 60 s (last reply ${reply.status} ${reply.text})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const natsUrl = process.env.NATS_URL;
  if (!databaseUrl || !natsUrl) {
    console.log(
      'cluster loop bench: skipped (set DATABASE_URL and NATS_URL; the cluster runs on PostgreSQL + NATS)',
    );
    return;
  }
  ensureBundle((message) => console.log(message));
  const suffix = randomBytes(4).toString('hex');
  const nats = { streamName: `CLUSTER_BENCH_${suffix}`, subjectPrefix: `clusterbench${suffix}` };
  const db = await createTestDatabase({ migrate: false });
  const cluster = await launchCluster({
    databaseUrl: db.url!,
    natsUrl,
    natsStream: nats.streamName,
    natsSubjectPrefix: nats.subjectPrefix,
    env: {
      WRITER_LEASE_RETRY_MS: '200',
      RATE_LIMIT_WRITES_PER_IP: '1000000',
      RATE_LIMIT_WRITES_PER_CALLER: '1000000',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      MAGIC_LINK_LIMIT_PER_IP: '100000',
    },
  });
  try {
    // The world is made through an API-only runtime here, closed before measuring.
    const setup = await startRuntime(
      testConfig({ databaseUrl: db.url, natsUrl, roles: new Set(['api']), claimLeaseSeconds: 600 }),
      { nats },
    );
    const world = await evaluationWorld(setup, {
      evaluators: EVALUATORS,
      items: ITEMS,
      votesPerItem: VOTES_PER_ITEM,
    }).finally(() => setup.close());

    const authorization = world.owner.authorization;
    const twoProjectors = await grantsInARow(cluster.url, authorization, GRANTS_IN_A_ROW);
    console.log(
      `cluster read-your-writes, ${GRANTS_IN_A_ROW} credit grants one at a time through haproxy, 2 projectors: ${describeLatencies(twoProjectors)}`,
    );

    const processes = [...cluster.members, cluster.haproxy];
    let started = new Map<number, number>();
    const result = await runLoadClient(
      {
        kind: 'claim-then-vote',
        origin: cluster.url,
        users: world.evaluators.map((person) => ({ authorization: person.authorization })),
        evaluationId: world.evaluationId,
      },
      () => {
        started = new Map(processes.map((member) => [member.pid, processCpuMicros(member.pid) ?? 0]));
      },
    ).catch((error: unknown) => {
      // haproxy logs why it took replicas out (health checks), which a 503 from it does not say.
      const checks = cluster.haproxy
        .output()
        .split('\n')
        .filter((line) => /is (DOWN|UP)|no server available/i.test(line));
      console.log(`--- haproxy's health checks\n${checks.slice(-20).join('\n')}`);
      throw error;
    });
    const used = cpuSince(processes, started);
    result.requests.sort((a, b) => a - b);
    const perVote = (micros: number) => (result.votes > 0 ? micros / result.votes : 0).toFixed(0);
    const clusterCpu = [...used.values()].reduce((sum, micros) => sum + micros, 0);
    console.log(
      `cluster loop bench (PostgreSQL + NATS; haproxy, ${cluster.members.length} processes; ${EVALUATORS} evaluators, ${ITEMS} items x ${VOTES_PER_ITEM} votes; claim, then vote)`,
    );
    console.log(
      `  ${(result.votes / result.seconds).toFixed(0)} completed votes/s, request p50 ${percentile(result.requests, 50).toFixed(2)} ms, p99 ${percentile(result.requests, 99).toFixed(2)} ms; CPU per vote: all cluster processes ${perVote(clusterCpu)} us, client ${perVote(result.clientCpuMicros)} us`,
    );
    console.log(
      `  CPU per vote by process: ${[...used].map(([name, micros]) => `${name} ${perVote(micros)} us`).join(', ')}`,
    );

    // Fail-over: kill -9 of the active writer, then the first command sent after it.
    const [lease] = (
      await db.client.query<{ holder: string }>(`SELECT holder FROM writer_leases WHERE name = 'ledger'`)
    ).rows;
    const active = cluster.members.find((member) => `${hostname()}:${member.pid}` === lease?.holder);
    if (!active) throw new Error(`no cluster member holds the writer lease (${lease?.holder})`);
    const killedAt = Date.now();
    await active.signal('SIGKILL');
    const [leaseMs, acceptedMs] = await Promise.all([
      newHolderAfter(db.client, lease!.holder, killedAt),
      firstAcceptedAfter(cluster.url, authorization, killedAt),
    ]);
    console.log(
      `  fail-over: kill -9 of ${active.name} to the lease taken by the standby ${leaseMs} ms, to the first accepted command ${acceptedMs} ms`,
    );

    // One projector left: its messages held by the dead one come back after the ack wait (3 s).
    await cluster.member('projector-2').signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const oneProjector = await grantsInARow(cluster.url, authorization, GRANTS_IN_A_ROW);
    console.log(
      `  read-your-writes, ${GRANTS_IN_A_ROW} grants one at a time: 2 projectors ${describeLatencies(twoProjectors)}; 1 projector (the other killed) ${describeLatencies(oneProjector)}`,
    );
  } finally {
    await cluster.stop();
    await db.drop();
    const nc = await connect({ servers: natsUrl });
    await (await jetstreamManager(nc)).streams.delete(nats.streamName).catch(() => undefined);
    await nc.close();
  }
}

await main();
