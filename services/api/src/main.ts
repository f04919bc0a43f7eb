import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import type * as Startup from './runtime/open-database.js';
import { listenForProbesOnly } from './runtime/probe-listener.js';
import { exitOnStopSignals } from './runtime/shutdown.js';
import type { Runtime } from './runtime/start-runtime.js';
import { startTracing } from './tracing.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  // Printed here rather than through exitOnStartupError: that module imports pg, which tracing
  // must patch first.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Tracing patches pg and the HTTP server as they are imported, so the app is imported after it.
const stopTracing = await startTracing(config.otlpEndpoint);
// Typed explicitly so TypeScript knows exitOnStartupError never returns.
const startup: typeof Startup = await import('./runtime/open-database.js');
const { startRuntime } = await import('./runtime/start-runtime.js');
const { demoSignInLinks, seedDemoWorld } = await import('./demo/seed-demo-world.js');

let runtime: Runtime;
try {
  runtime = await startRuntime(config);
} catch (error) {
  startup.exitOnStartupError(error);
}
if (config.roles.has('api')) {
  const address = await runtime.app.listen({ port: config.port, host: config.host });
  if (config.demoSeed) await seedAndPrintDemoLinks(runtime);
  printWhereToGo(address);
} else {
  const address = await listenForProbesOnly(runtime.app, config);
  console.log(
    `Evalmarket running ${[...config.roles].join(', ')} (the api role is off: ${address} answers /healthz, /readyz and /metrics only)`,
  );
}

exitOnStopSignals({
  drain: async () => {
    await runtime.close();
    await stopTracing?.();
  },
  timeoutMs: config.shutdownTimeoutMs,
  log: runtime.app.log,
  exit: (code) => process.exit(code),
});

async function seedAndPrintDemoLinks(running: Runtime): Promise<void> {
  try {
    if (await seedDemoWorld(running.app, running.context, running.localLangfuse))
      console.log('Seeded the demo world.');
    console.log(
      'Demo sign-in links (each works once, for 15 minutes; ask for new ones on the sign-in form):',
    );
    for (const [who, link] of await demoSignInLinks(running.app, running.context))
      console.log(`  ${who}: ${link}`);
  } catch (error) {
    running.app.log.error({ err: error }, 'seeding the demo world failed; the API runs without it');
  }
}

/** Printed last, after the demo links, so the addresses are the last lines at start-up. */
function printWhereToGo(address: string): void {
  const api = address.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const bus = config.natsUrl ? 'NATS JetStream' : 'in-process';
  console.log(`Evalmarket API listening on ${api} (events and read models in ${where}, bus: ${bus})`);
  console.log(`  User console:  ${config.publicUrl}/`);
  console.log(`  Staff console: ${config.publicUrl}/admin/`);
  console.log(`  OpenAPI: ${api}/docs   health: ${api}/healthz   readiness: ${api}/readyz`);
}
