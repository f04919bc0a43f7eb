/**
 * `npm run seed:scale -- --events 10000000 [--people N --evaluators N --evaluations N --seed N]`:
 * writes the scale world into the configured database (DATABASE_URL, or PGlite in DATA_DIR)
 * through the real event store and ledger writer, as the API's composition root builds them, with
 * the world's clock moving across a year. Prints progress (events/s, ETA); run it again after a
 * kill and it resumes. Then waits for the projections to catch up, printing their progress.
 */
import { loadConfig } from '../config/config.js';
import { createLogger } from '../app/logger.js';
import { exitOnStartupError } from '../runtime/open-database.js';
import { startRuntime } from '../runtime/start-runtime.js';
import { generateWorld, WorldClock } from './world-generator.js';
import { parseWorldArgs, progressLine, WorldArgumentError } from './world-plan.js';
import { catchUpProjections } from './catch-up.js';
import { startWorldMaintenance } from './world-maintenance.js';

let options;
try {
  options = parseWorldArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof WorldArgumentError)) throw error;
  console.error(`seed:scale: ${error.message}`);
  process.exit(2);
}

/**
 * The generator's sessions commit without waiting for the WAL flush (`synchronous_commit=off`):
 * waiting for the disk on every registration's and every group's commit held it to ~500 events/s
 * with the disk the bottleneck. Commits still reach the WAL in order, so a crash of the machine
 * loses only the newest ones, and with them the progress record that counted them: the resume
 * does that step again (steps are idempotent). The product's own sessions keep the default.
 */
function withoutCommitWait(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get('options');
  url.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
  return url.toString();
}

const clock = new WorldClock();
let config;
try {
  // The writer and the projections only: no HTTP, no worker (its lease expiry would read the
  // wall clock's idea of the world), an in-process bus.
  const loaded = loadConfig();
  config = {
    ...loaded,
    databaseUrl: loaded.databaseUrl && withoutCommitWait(loaded.databaseUrl),
    natsUrl: undefined,
    roles: new Set(['writer', 'projector'] as const),
  };
} catch (error) {
  exitOnStartupError(error, 2);
}
const runtime = await startRuntime(config, {
  clock: clock.now,
  logger: createLogger({ level: 'warn', pretty: false }),
});
const maintenance = startWorldMaintenance(config.databaseUrl, (message) => console.warn(message));
try {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const startedAt = Date.now();
  const startHead = await runtime.store.headPosition();
  console.log(`seed:scale into ${where}: ${JSON.stringify(options)}; head at start ${startHead}`);
  let lastPrint = 0;
  const progress = await generateWorld(runtime, clock, options, {
    onStep: (report) => {
      if (Date.now() - lastPrint < 2_000) return;
      lastPrint = Date.now();
      const line = progressLine(
        'events',
        report.head - startHead,
        report.target - startHead,
        startedAt,
        Date.now(),
      );
      console.log(
        `${report.label.padEnd(18)} head ${report.head.toLocaleString('en')}  ${line}  world time ${clock.now().toISOString().slice(0, 10)}`,
      );
    },
  });
  const head = await runtime.store.headPosition();
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(
    `generated: head ${head.toLocaleString('en')} (${(head - startHead).toLocaleString('en')} events this run in ${seconds.toFixed(0)} s, ${((head - startHead) / seconds).toFixed(0)} events/s); ${progress.stepsDone} steps done`,
  );
  await catchUpProjections(runtime, head, (line) => console.log(line));
  const vacuumSeconds = await maintenance.settle();
  if (vacuumSeconds !== undefined) console.log(`vacuumed and analysed in ${vacuumSeconds.toFixed(1)} s`);
} finally {
  await maintenance.stop();
  await runtime.close();
}
