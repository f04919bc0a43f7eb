import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import type { AppConfig } from '../../src/config/config.js';
import { startRuntime, type Runtime } from '../../src/runtime/start-runtime.js';
import { testConfig } from '../helpers.js';

export interface RuntimeMode {
  name: string;
  start(overrides?: Partial<AppConfig>): Promise<{ runtime: Runtime; cleanup(): Promise<void> }>;
}

/** The embedded default (PGlite in a temporary DATA_DIR, in-process bus). */
export const EMBEDDED_MODE: RuntimeMode = {
  name: 'embedded default (PGlite in DATA_DIR, in-process bus)',
  async start(overrides = {}) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-'));
    const runtime = await startRuntime(
      testConfig({ dataDir, databaseUrl: undefined, natsUrl: undefined, ...overrides }),
    );
    return { runtime, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  },
};

/**
 * Real PostgreSQL and NATS JetStream, each test run on its own database and on a stream named
 * `{streamPrefix}_{random}`.
 */
export function servicesMode(streamPrefix = 'EVENTS_T'): RuntimeMode {
  return {
    name: 'services (PostgreSQL, NATS JetStream)',
    async start(overrides = {}) {
      const db: TestDatabase = await createTestDatabase({ migrate: false });
      const suffix = randomBytes(4).toString('hex');
      const nats = { streamName: `${streamPrefix}_${suffix}`, subjectPrefix: `t${suffix}` };
      const runtime = await startRuntime(
        testConfig({ databaseUrl: db.url, natsUrl: process.env.NATS_URL, ...overrides }),
        { nats },
      );
      return {
        runtime,
        async cleanup() {
          const nc = await connect({ servers: process.env.NATS_URL });
          await (await jetstreamManager(nc)).streams.delete(nats.streamName).catch(() => undefined);
          await nc.close();
          await db.drop();
        },
      };
    },
  };
}

export const SERVICES_MODE: RuntimeMode = servicesMode();

/** The embedded default always; the services too when DATABASE_URL and NATS_URL are set. */
export function runtimeModes(): RuntimeMode[] {
  return process.env.DATABASE_URL && process.env.NATS_URL ? [EMBEDDED_MODE, SERVICES_MODE] : [EMBEDDED_MODE];
}

/** Starts one mode; the returned `close` stops the runtime and removes its data. */
export async function startTestRuntime(
  mode: RuntimeMode = EMBEDDED_MODE,
  overrides: Partial<AppConfig> = {},
): Promise<Runtime & { stop(): Promise<void> }> {
  const { runtime, cleanup } = await mode.start(overrides);
  return Object.assign(runtime, {
    async stop() {
      await runtime.close();
      await cleanup();
    },
  });
}
