/*
 * `npm run bench:reads [-- --database scale_world --seconds 5 --connections 16 --skip-replay
 * --lag-seconds 20 --lag-evaluators 32]`: the read side on the scale world (issue 22, point 4).
 * On the PostgreSQL server of DATABASE_URL it starts the built API in production mode on the
 * world's database and measures, beside a bare Fastify route in its own process and the same
 * client in the same run, every route in read-routes.ts (requests/s, p50, p99, ratio to the bare
 * route); then the projection lag while the evaluation loop runs against that API (loop-lag.ts);
 * then the rebuild's and the audit's speed (events/s) through their commands, with the rate this
 * machine allows any of them (replay-floor.ts). It prints each target and whether it is met, and
 * exits 1 when a route answered with errors. Generate the world first: npm run seed:scale.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { connectDatabase } from '@evalmarket/db';
import { createPostgresEventStore } from '@evalmarket/eventstore';
import { startSmtpSink } from '@evalmarket/testkit';
import { buildApi, REPO_ROOT, runApiCommand, signIn, startApi } from './api-process.js';
import {
  AUDIT_TARGET_EVENTS_PER_SECOND,
  BenchArgumentError,
  judge,
  LAG_P99_TARGET_MS,
  parseReadBenchArgs,
  REBUILD_TARGET_EVENTS_PER_SECOND,
  worldDatabaseUrl,
  type ReadBenchOptions,
  type Verdict,
} from './bench-args.js';
import { loadRoute, type LoadFigures } from './http-load.js';
import { DRAIN_SECONDS, measureLoopLag, type LoopLagSetup } from './loop-lag.js';
import { READ_ROUTES, type Asker, type WorldFacts } from './read-routes.js';
import {
  ceilingRate,
  coreSecondsLine,
  logReadRate,
  measureReplayFloor,
  reportedTables,
} from './replay-floor.js';
import { vacuumWithoutAutovacuum } from './world-vacuum.js';
import { findWorldPeople, transactionsPage100 } from './world-facts.js';

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send(address);
`;

/** The bare route in a process of its own, so it has a core's share as the API has. */
async function startBareRoute() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: `${REPO_ROOT}/services/api`,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`bench:reads: the bare route exited (${code})`)));
  });
  return { origin, stop: () => child.kill('SIGTERM') };
}

function figuresLine(name: string, figures: LoadFigures, bare: LoadFigures): string {
  const ratio = figures.requestsPerSecond / bare.requestsPerSecond;
  const errors = figures.errors ? `, ${figures.errors} errors (first: ${figures.firstError})` : '';
  return `  ${name.padEnd(32)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(2).padStart(7)} ms  p99 ${figures.p99.toFixed(2).padStart(7)} ms  ${(ratio * 100).toFixed(1).padStart(5)}% of bare, p99 x${(figures.p99 / bare.p99).toFixed(1)}${errors}`;
}

const REPLAY_TARGETS = {
  rebuild: REBUILD_TARGET_EVENTS_PER_SECOND,
  audit: AUDIT_TARGET_EVENTS_PER_SECOND,
};

/**
 * events/s of a whole-log command, from its run time and the log's head, and the machine's
 * core-seconds it took beside what its target allows.
 */
function replaySpeed(name: 'rebuild' | 'audit', databaseUrl: string, head: number) {
  const args = name === 'audit' ? ['--max-lag', String(head)] : [];
  const run = runApiCommand(name, args, databaseUrl);
  const summary = run.output.trim().split('\n').slice(-6).join('\n    ');
  const cost = coreSecondsLine(run.coreSeconds, head, availableParallelism(), REPLAY_TARGETS[name]);
  console.log(
    `  ${name}: ${run.seconds.toFixed(1)} s for ${head.toLocaleString('en')} events (exit ${run.status}); the machine busy ${cost}\n    ${summary}`,
  );
  return { eventsPerSecond: head / run.seconds, ok: run.status === 0, output: run.output };
}

/** The rate no whole-log command passes on this machine (replay-floor.ts), from the rebuild's tables. */
async function printReplayCeiling(databaseUrl: string, head: number, rebuildReport: string) {
  const tables = reportedTables(rebuildReport);
  if (tables.length === 0) {
    console.log('  the rebuild reported no tables: no floor measured');
    return;
  }
  const floor = await measureReplayFloor(databaseUrl, tables);
  const rows = tables.reduce((sum, table) => sum + table.liveRows, 0);
  console.log(
    `  the floor under both: PostgreSQL alone reads every event in ${floor.readSeconds.toFixed(1)} s and writes the ${tables.length} read models' ${rows.toLocaleString('en')} rows (no index) in ${floor.writeSeconds.toFixed(1)} s;\n` +
      `    spread over ${floor.cores} cores, no rebuild or audit can pass ${ceilingRate(head, floor).toFixed(0)} events/s on this machine`,
  );
  const read = runApiCommand('rebuild', ['--read-only'], databaseUrl);
  const rate = logReadRate(read.output);
  console.log(
    rate === undefined
      ? `  the client's floor: the read-only rebuild failed (exit ${read.status}): ${read.output.trim().split('\n').slice(-3).join(' / ')}`
      : `  the client's floor: the rebuild command reads the whole log, applying nothing, at ${rate.toFixed(0)} events/s (${read.seconds.toFixed(1)} s with the process's start);\n` +
          '    reading is one thread of one process in a rebuild and an audit alike, so neither passes it;\n' +
          `    the machine busy ${coreSecondsLine(read.coreSeconds, head, availableParallelism(), AUDIT_TARGET_EVENTS_PER_SECOND)}`,
  );
}

/** Each route of read-routes.ts under load, beside the bare route; true when one had errors. */
async function measureRoutes(
  origin: string,
  headers: Record<Asker, Record<string, string>>,
  world: WorldFacts,
  options: ReadBenchOptions,
  verdicts: Verdict[],
) {
  const bare = await startBareRoute();
  let failed = false;
  try {
    const bareFigures = await loadRoute(bare.origin, '/bare', {}, options.seconds, options.connections);
    console.log(figuresLine('bare Fastify route', bareFigures, bareFigures));
    for (const route of READ_ROUTES) {
      const figures = await loadRoute(
        origin,
        route.path(world),
        headers[route.asker],
        options.seconds,
        options.connections,
      );
      console.log(figuresLine(route.name, figures, bareFigures));
      failed ||= figures.errors > 0;
      verdicts.push(
        judge(
          { name: `${route.name} p99`, kind: 'at_most', limit: route.p99TargetMs, unit: 'ms' },
          figures.errors ? undefined : figures.p99,
        ),
      );
    }
  } finally {
    bare.stop();
  }
  return failed;
}

/** The projection lag under the evaluation loop (loop-lag.ts), printed; its p99 for the verdict. */
async function measureLag(setup: LoopLagSetup, options: ReadBenchOptions): Promise<number | undefined> {
  if (options.lagSeconds === 0) {
    console.log('  projection lag: skipped (--lag-seconds 0)');
    return undefined;
  }
  const lag = await measureLoopLag(setup, options.lagSeconds, options.lagEvaluators);
  const { figures } = lag;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `  projection lag under the evaluation loop (claim then vote, ${lag.evaluators} evaluators, ${lag.seconds.toFixed(1)} s): ${(lag.votes / lag.seconds).toFixed(0)} completed votes/s (${lag.votes} votes)`,
  );
  console.log(
    `    from a head's commit to every projection's checkpoint at it: p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)}  max ${ms(figures.max)}; ${figures.heads} heads over ${figures.samples} samples, one every ${ms(figures.resolutionMs)} (the resolution: each lag is exact to within that)${figures.unresolved ? `; ${figures.unresolved} heads not applied ${DRAIN_SECONDS} s after the loop (lower bounds)` : ''}`,
  );
  const each = Object.entries(lag.perProjection).map(
    ([name, one]) => `${name} p50 ${ms(one.p50)}, p99 ${ms(one.p99)}, max ${ms(one.max)}`,
  );
  console.log(`    each projection on its own: ${each.join('; ')}`);
  if (lag.seconds < options.lagSeconds * 0.95)
    console.log(`    the loop ran out of items after ${lag.seconds.toFixed(1)} s of ${options.lagSeconds}`);
  return figures.heads > 0 ? figures.p99 : undefined;
}

/**
 * Starts the API on the world, signs its people in, measures the routes and then the projection
 * lag under the evaluation loop; true when a route answered with errors.
 */
async function measureOnApi(options: ReadBenchOptions, databaseUrl: string, verdicts: Verdict[]) {
  const sql = await connectDatabase({ databaseUrl });
  try {
    const people = await findWorldPeople(sql);
    console.log(`  granting the staff role to ${people.admin.email}`);
    const granted = runApiCommand('admin', ['grant', people.admin.email], databaseUrl);
    if (granted.status !== 0) throw new Error(`bench:reads: admin grant failed:\n${granted.output}`);
    const smtp = await startSmtpSink();
    const api = await startApi(databaseUrl, smtp, options.port);
    try {
      // After the API's start, which applies any new migration to the world.
      const vacuumSeconds = await vacuumWithoutAutovacuum(databaseUrl);
      if (vacuumSeconds !== undefined)
        console.log(
          `  the server runs without autovacuum: VACUUM (ANALYZE) of the world first, as autovacuum would have (${vacuumSeconds.toFixed(1)} s)`,
        );
      const headers: Record<Asker, Record<string, string>> = {
        requester: await signIn(api.origin, smtp, people.requester.email),
        evaluator: await signIn(api.origin, smtp, people.evaluator.email),
        admin: await signIn(api.origin, smtp, people.admin.email),
      };
      const world: WorldFacts = {
        requesterId: people.requester.id,
        evaluatorId: people.evaluator.id,
        evaluationId: people.evaluationId,
        transactionsPage100: await transactionsPage100(api.origin, headers.requester),
      };
      console.log(
        `  page "100" of the requester's transactions is page ${world.transactionsPage100?.page ?? 1}`,
      );
      const failed = await measureRoutes(api.origin, headers, world, options, verdicts);
      const lagP99 = await measureLag(
        {
          origin: api.origin,
          smtp,
          sql,
          requester: {
            id: people.loopRequester.id,
            headers: await signIn(api.origin, smtp, people.loopRequester.email),
          },
          adminHeaders: headers.admin,
          exclude: [people.requester.id, people.evaluator.id, people.admin.id, people.loopRequester.id],
        },
        options,
      );
      verdicts.push(
        judge(
          {
            name: 'projection lag p99 under the loop',
            kind: 'at_most',
            limit: LAG_P99_TARGET_MS,
            unit: 'ms',
          },
          lagP99,
        ),
      );
      return failed;
    } finally {
      await api.stop();
      await smtp.close();
    }
  } finally {
    await sql.close();
  }
}

/**
 * The world's head; undefined, said, when there is no world and --if-present was given. The
 * pool connects at its first query, so a missing database shows there, not at connectDatabase.
 */
async function worldHead(databaseUrl: string, options: ReadBenchOptions): Promise<number | undefined> {
  let sql: Awaited<ReturnType<typeof connectDatabase>> | undefined;
  try {
    sql = await connectDatabase({ databaseUrl });
    // The store's head counts the packed journal's reward events too.
    return await createPostgresEventStore(sql).headPosition();
  } catch (error) {
    if (!options.ifPresent) throw error;
    console.log(
      `bench:reads: no world in ${options.database} (${String(error)}); make one with npm run seed:scale`,
    );
    return undefined;
  } finally {
    await sql?.close();
  }
}

async function main(): Promise<void> {
  let options: ReadBenchOptions;
  try {
    options = parseReadBenchArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof BenchArgumentError)) throw error;
    console.error(`bench:reads: ${error.message}`);
    process.exit(2);
  }
  const databaseUrl = worldDatabaseUrl(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    options.database,
  );
  const head = await worldHead(databaseUrl, options);
  if (head === undefined) return;
  console.log(
    `bench:reads on ${options.database}: ${head.toLocaleString('en')} events; ${options.connections} connections, ${options.seconds} s per route`,
  );
  buildApi();
  const verdicts: Verdict[] = [];
  const failed = await measureOnApi(options, databaseUrl, verdicts);
  if (!options.skipReplay) {
    // The lag phase's loop wrote more events: the rebuild and the audit replay them too.
    const replayed = (await worldHead(databaseUrl, options)) ?? head;
    const rebuild = replaySpeed('rebuild', databaseUrl, replayed);
    await printReplayCeiling(databaseUrl, replayed, rebuild.output);
    verdicts.push(
      judge(
        {
          name: 'rebuild speed',
          kind: 'at_least',
          limit: REBUILD_TARGET_EVENTS_PER_SECOND,
          unit: 'events/s',
        },
        rebuild.eventsPerSecond,
      ),
    );
    const audit = replaySpeed('audit', databaseUrl, replayed);
    verdicts.push(
      judge(
        { name: 'audit speed', kind: 'at_least', limit: AUDIT_TARGET_EVENTS_PER_SECOND, unit: 'events/s' },
        audit.eventsPerSecond,
      ),
    );
  }
  console.log('targets:');
  for (const verdict of verdicts) console.log(`  ${verdict.line}`);
  console.log(`  ${verdicts.filter((verdict) => verdict.met).length} of ${verdicts.length} met`);
  process.exitCode = failed ? 1 : 0;
}

await main();
