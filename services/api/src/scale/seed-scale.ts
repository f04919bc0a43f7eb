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

let options;
try {
  options = parseWorldArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof WorldArgumentError)) throw error;
  console.error(`seed:scale: ${error.message}`);
  process.exit(2);
}

const clock = new WorldClock();
let config;
try {
  // The writer and the projections only: no HTTP, no worker (its lease expiry would read the
  // wall clock's idea of the world), an in-process bus.
  config = { ...loadConfig(), natsUrl: undefined, roles: new Set(['writer', 'projector'] as const) };
} catch (error) {
  exitOnStartupError(error, 2);
}
const runtime = await startRuntime(config, {
  clock: clock.now,
  logger: createLogger({ level: 'warn', pretty: false }),
});
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
} finally {
  await runtime.close();
}
