import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { buildApp, type App, type BuildAppOptions } from '../src/app/build-app.js';
import { loadConfig, type AppConfig } from '../src/config/config.js';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Tests sign many people in from one address (inject); rate-limit tests set their own limits.
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    magicLinkLimitPerEmail: 1000,
    magicLinkLimitPerIp: 100_000,
    // inject() calls share one address: limits far above any test's traffic, still counted.
    rateLimits: {
      windowSeconds: 60,
      authPerIp: 1_000_000,
      writesPerCaller: 1_000_000,
      writesPerIp: 1_000_000,
    },
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: TestDatabase;
  close(): Promise<void>;
}

/** A built app on a fresh migrated database; `close` closes both. */
export async function startTestApp(
  options: Partial<Omit<BuildAppOptions, 'sql'>> & { db?: TestDatabase } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  const app = await buildApp({ ...options, config: options.config ?? testConfig(), sql: db.client });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
