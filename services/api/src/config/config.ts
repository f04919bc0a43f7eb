import type { AppConfig } from './app-config.js';
import {
  readIdentitySettings,
  readMoneySettings,
  readProcessSettings,
  readServerSettings,
  readStorageSettings,
  type Read,
} from './read-settings.js';

/**
 * Start-up settings of the API, read once from the environment. Every mistake is reported at
 * once, one per line, so an operator fixes them in one go instead of one restart per typo.
 * The settings' types are in app-config.ts, their table (README, .env.example) in
 * settings-table.ts, how each is read in read-settings.ts, the value parsers in parsers.ts.
 */

export * from './app-config.js';
export { CONFIG_SETTINGS, configSettingsMarkdown, type ConfigSetting } from './settings-table.js';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`The configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and checks the settings; throws a ConfigError listing every mistake. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read: Read = (name, schema) => {
    const raw = env[name];
    // An empty value (`PORT=` in an env file) means "not set", as in most tools.
    const value = raw === undefined || raw.trim() === '' ? undefined : raw;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problems.push(...result.error.issues.map((issue) => issue.message));
    return undefined;
  };

  const server = readServerSettings(read, problems);
  const production = server.nodeEnv === 'production';
  const config: AppConfig = {
    ...server,
    ...readProcessSettings(read),
    ...readMoneySettings(read, problems, production),
    ...readIdentitySettings(read, problems, production),
    ...readStorageSettings(read, problems, server.dataDir),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
