/**
 * Ledger core benchmark (`npm run bench`).
 *
 * 100,000 reward transfers from one hot requester account to 1,000 evaluator accounts,
 * submitted by 64 concurrent callers, durable on PostgreSQL (synchronous_commit as the server
 * has it). Each reward transfer is two-phase, as votes are in the product: ReserveReward
 * (pending) then PostReward (posted), so 100,000 transfers are 200,000 commands and events.
 * The requester is funded for 90% of them: the rest must be refused with insufficient_credits
 * and the hot account must never go below zero. Each ledger run starts with WARMUP_TRANSFERS
 * (10,000) transfers on the same writer that are not counted, so the figures are for code the
 * JIT has compiled, not for its first second.
 *
 * In the same run it measures the baselines on the same database: one INSERT transaction per
 * transfer, and the naive ledger (one transaction per transfer that updates the hot balance row
 * with a guard), and prints the ratios. Then the same ledger run on PGlite, smaller.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPgClient, createPgliteClient, migrate, type SqlClient } from '@evalmarket/db';
import { createPostgresEventStore } from '@evalmarket/eventstore';
import {
  checkInvariants,
  REWARD_COMMAND_TYPES,
  REWARD_STREAM_PREFIX,
  spendingAccount,
  type LedgerCommand,
} from '@evalmarket/ledger';
import { startLedgerWriter, type LedgerResult, type LedgerWriter } from '@evalmarket/ledger-writer';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 64);
const EVALUATORS = Number(process.env.BENCH_EVALUATORS ?? 1_000);
/** Transfers per request: callers submit batches, as TigerBeetle clients do. */
const REQUEST_BATCH = Number(process.env.BENCH_REQUEST_BATCH ?? 8);
const BASELINE_TRANSFERS = Number(process.env.BENCH_BASELINE_TRANSFERS ?? 20_000);
const PGLITE_TRANSFERS = Number(process.env.BENCH_PGLITE_TRANSFERS ?? 20_000);
/** Transfers run before each measured run and not counted (a multiple of 10, at least 500). */
const WARMUP_TRANSFERS = Number(process.env.BENCH_WARMUP_TRANSFERS ?? 10_000);
const REWARD_CREDITS = 100;

interface RunFigures {
  label: string;
  transfers: number;
  seconds: number;
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  accepted?: number;
  refused?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function withThrowawayDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now().toString(36)}`;
  const admin = createPgClient({ connectionString: SERVER_URL, maxConnections: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

/** Runs `total` jobs over `callers` concurrent loops; each job reports its own latency. */
async function runCallers(total: number, callers: number, job: (index: number) => Promise<number[]>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (;;) {
        const index = next;
        next += 1;
        if (index >= total) return;
        latencies.push(...(await job(index)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, latencies };
}

/** The bench's callers: each request reserves REQUEST_BATCH transfers, then posts those reserved. */
async function transferRun(
  writer: LedgerWriter,
  requester: string,
  evaluators: string[],
  prefix: string,
  transfers: number,
) {
  let accepted = 0;
  let refused = 0;
  const requests = Math.ceil(transfers / REQUEST_BATCH);
  const timed = async (commands: LedgerCommand[]): Promise<[LedgerResult[], number]> => {
    const started = performance.now();
    const results = await writer.submitMany(commands);
    return [results, performance.now() - started];
  };
  const run = await runCallers(requests, CALLERS, async (request) => {
    const first = request * REQUEST_BATCH;
    const count = Math.min(REQUEST_BATCH, transfers - first);
    const ids = Array.from({ length: count }, (_, i) => `${prefix}-${first + i}`);
    const [reserved, reserveMs] = await timed(
      ids.map((transfer_id, i) => ({
        type: 'ReserveReward',
        data: {
          transfer_id,
          requester_id: requester,
          evaluator_id: evaluators[(first + i) % EVALUATORS]!,
          credits: REWARD_CREDITS,
          timeout_ms: 600_000,
        },
      })),
    );
    const posts: LedgerCommand[] = [];
    reserved.forEach((result, i) => {
      if (result.ok)
        posts.push({
          type: 'PostReward',
          data: { transfer_id: ids[i]!, vote_id: `vote-${prefix}-${first + i}` },
        });
      else if (result.rejection === 'insufficient_credits') refused += 1;
      else throw new Error(`unexpected rejection ${result.rejection}: ${result.message}`);
    });
    if (posts.length === 0) return [reserveMs];
    const [posted, postMs] = await timed(posts);
    for (const result of posted) {
      if (!result.ok) throw new Error(`post failed: ${result.message}`);
      accepted += 1;
    }
    return [reserveMs, postMs];
  });

  return { ...run, accepted, refused };
}

async function ledgerRun(label: string, sql: SqlClient, transfers: number): Promise<RunFigures> {
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  const writer = await startLedgerWriter({
    store,
    sql,
    packing: { packedStreamPrefix: REWARD_STREAM_PREFIX, companionCommands: REWARD_COMMAND_TYPES },
  });
  const requester = `req-${randomUUID()}`;
  const evaluators = Array.from({ length: EVALUATORS }, (_, i) => `ev-${i}`);
  const setup: LedgerCommand[] = [requester, ...evaluators].map((user_id) => ({
    type: 'OpenUserAccounts',
    data: { user_id },
  }));
  for (const result of await writer.submitMany(setup))
    if (!result.ok) throw new Error(`setup failed: ${result.message}`);
  const fund = async (credits: number) => {
    const [result] = await writer.submitMany([
      {
        type: 'PurchaseCredits',
        data: { purchase_id: `pi_${randomUUID()}`, user_id: requester, amount_usd: credits / 1000 },
      },
    ]);
    if (!result?.ok) throw new Error(`funding failed: ${result?.message}`);
  };

  // Warm-up, not counted: the same load until the JIT has compiled the hot path, funded exactly.
  await fund(WARMUP_TRANSFERS * REWARD_CREDITS);
  const warmup = await transferRun(writer, requester, evaluators, 'warm', WARMUP_TRANSFERS);
  if (warmup.accepted !== WARMUP_TRANSFERS) throw new Error(`${label}: warm-up refused transfers`);

  // Funded for 90% of the transfers: the rest must be refused, never overdrawn.
  const fundedTransfers = Math.floor(transfers * 0.9);
  const fundingUsd = Math.ceil((fundedTransfers * REWARD_CREDITS) / 1000);
  await fund(fundingUsd * 1000);
  const cpuBefore = process.cpuUsage();
  const { seconds, latencies, accepted, refused } = await transferRun(
    writer,
    requester,
    evaluators,
    'tr',
    transfers,
  );
  const cpu = process.cpuUsage(cpuBefore);
  const nodeCpuShare = (cpu.user + cpu.system) / 1e6 / seconds;
  // Zero overdraft: the hot account ends exactly at funding - accepted * reward, never below.
  const hot = writer.state.accounts.get(spendingAccount(requester));
  const violations = checkInvariants(writer.state);
  const storedEvents = await store.headPosition();
  await writer.stop();
  if (!hot) throw new Error('hot account missing');
  const balance = hot.credits_posted - hot.debits_posted - hot.debits_pending;
  const expected = fundingUsd * 1000 - accepted * REWARD_CREDITS;
  if (violations.length > 0 || balance !== expected || balance < 0 || accepted + refused !== transfers) {
    throw new Error(
      `${label}: ledger check failed: balance ${balance}, expected ${expected}, accepted ${accepted}, refused ${refused}, violations ${JSON.stringify(violations)}`,
    );
  }
  console.log(
    `  ${label}: ${accepted} transfers posted, ${refused} refused (insufficient_credits), hot balance ${balance} >= 0, ${storedEvents} events stored, invariants hold; this process was busy ${(nodeCpuShare * 100).toFixed(0)}% of the run`,
  );
  return { ...row(label, transfers, seconds, latencies), accepted, refused };
}

async function insertBaseline(sql: SqlClient): Promise<RunFigures> {
  await sql.exec(
    'CREATE TABLE baseline_transfers (id text PRIMARY KEY, debit text NOT NULL, credit text NOT NULL, amount bigint NOT NULL)',
  );
  const { seconds, latencies } = await runCallers(BASELINE_TRANSFERS, CALLERS, async (i) => {
    const started = performance.now();
    await sql.query('INSERT INTO baseline_transfers VALUES ($1, $2, $3, $4)', [
      `tr-${i}`,
      'hot',
      `ev-${i % EVALUATORS}`,
      REWARD_CREDITS,
    ]);
    return [performance.now() - started];
  });
  return row('baseline: one INSERT transaction per transfer', BASELINE_TRANSFERS, seconds, latencies);
}

async function hotRowBaseline(sql: SqlClient): Promise<RunFigures> {
  await sql.exec(`CREATE TABLE baseline_balances (id text PRIMARY KEY, balance bigint NOT NULL);
    CREATE TABLE baseline_postings (id text PRIMARY KEY, debit text NOT NULL, credit text NOT NULL, amount bigint NOT NULL)`);
  await sql.query('INSERT INTO baseline_balances VALUES ($1, $2)', [
    'hot',
    BASELINE_TRANSFERS * REWARD_CREDITS,
  ]);
  await sql.query(
    `INSERT INTO baseline_balances SELECT 'ev-' || g, 0 FROM generate_series(0, $1::int - 1) g`,
    [EVALUATORS],
  );
  const { seconds, latencies } = await runCallers(BASELINE_TRANSFERS, CALLERS, async (i) => {
    const started = performance.now();
    await sql.transaction(async (tx) => {
      const debited = await tx.query(
        'UPDATE baseline_balances SET balance = balance - $1 WHERE id = $2 AND balance >= $1',
        [REWARD_CREDITS, 'hot'],
      );
      if (debited.rowCount !== 1) throw new Error('overdraft');
      await tx.query('UPDATE baseline_balances SET balance = balance + $1 WHERE id = $2', [
        REWARD_CREDITS,
        `ev-${i % EVALUATORS}`,
      ]);
      await tx.query('INSERT INTO baseline_postings VALUES ($1, $2, $3, $4)', [
        `tr-${i}`,
        'hot',
        `ev-${i % EVALUATORS}`,
        REWARD_CREDITS,
      ]);
    });
    return [performance.now() - started];
  });
  return row('baseline: hot balance row updated per transfer', BASELINE_TRANSFERS, seconds, latencies);
}

function row(label: string, transfers: number, seconds: number, latencies: number[]): RunFigures {
  return {
    label,
    transfers,
    seconds,
    transfersPerSecond: transfers / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

function print(figures: RunFigures[], reference: RunFigures): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(
    `\n${pad('run', 52)}${pad('transfers', 11)}${pad('transfers/s', 13)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}x baseline`,
  );
  for (const f of figures) {
    console.log(
      `${pad(f.label, 52)}${pad(String(f.transfers), 11)}${pad(f.transfersPerSecond.toFixed(0), 13)}${pad(
        f.p50Ms.toFixed(2),
        9,
      )}${pad(f.p99Ms.toFixed(2), 9)}${(f.transfersPerSecond / reference.transfersPerSecond).toFixed(2)}`,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `Ledger benchmark: ${TRANSFERS} two-phase reward transfers, 1 hot requester -> ${EVALUATORS} evaluators, ${CALLERS} callers, ${REQUEST_BATCH} transfers per request, after ${WARMUP_TRANSFERS} warm-up transfers (not counted)`,
  );
  console.log(`PostgreSQL: ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}`);
  const figures: RunFigures[] = [];
  await withThrowawayDatabase(async (url) => {
    const sql = createPgClient({ connectionString: url, maxConnections: CALLERS + 2 });
    try {
      figures.push(await insertBaseline(sql));
      figures.push(await hotRowBaseline(sql));
      figures.push(await ledgerRun('ledger writer on PostgreSQL (group commit)', sql, TRANSFERS));
    } finally {
      await sql.close();
    }
  });
  if (PGLITE_TRANSFERS > 0) {
    const pglite = await createPgliteClient();
    try {
      figures.push(await ledgerRun('ledger writer on PGlite (in memory)', pglite, PGLITE_TRANSFERS));
    } finally {
      await pglite.close();
    }
  }
  print(figures, figures[0]!);
  const ledger = figures[2]!;
  const target = ledger.transfersPerSecond >= 50_000 && ledger.p99Ms <= 20;
  console.log(
    `\nTarget (>= 50,000 transfers/s, p99 <= 20 ms, zero overdraft) on PostgreSQL: ${target ? 'met' : 'NOT met'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
