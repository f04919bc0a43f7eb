import { DEFAULT_MINIMUM_CASHOUT_CREDITS } from '@evalmarket/contracts';
import { z } from 'zod';

/**
 * Start-up settings of the API, read once from the environment. Every mistake is reported at
 * once, one per line, so an operator fixes them in one go instead of one restart per typo.
 */

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const MIN_BODY_LIMIT_BYTES = 1024;
export const MAX_BODY_LIMIT_BYTES = 100 * 1024 * 1024;
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  /** Absent: the in-process event bus. */
  natsUrl: string | undefined;
  logLevel: LogLevel;
  /** Development-only routes (dev mailbox, credit grants); never on in production. */
  devEndpoints: boolean;
  minimumCashoutCredits: number;
  bodyLimitBytes: number;
  /** Exact origins (scheme://host:port) that user-given URLs may reach although private or loopback. */
  outboundAllowedOrigins: string[];
  /** Overall time limit of an outbound request to a user-given URL (app URL check, Langfuse). */
  outboundTimeoutMs: number;
  /** AES-256-GCM key for stored third-party secrets; absent: generated once into server_secrets. */
  secretsKey: Buffer | undefined;
  /** How long an evaluator's claim on an item (and its reserved reward) lasts. */
  claimLeaseSeconds: number;
  /** How often lease expiry and the Langfuse sync run, in milliseconds. */
  evaluationWorkerIntervalMs: number;
}

/** One row of the settings table the README is written from. */
export interface ConfigSetting {
  name: string;
  default: string;
  meaning: string;
}

export const CONFIG_SETTINGS: readonly ConfigSetting[] = [
  {
    name: 'NODE_ENV',
    default: 'development',
    meaning: 'development, test or production; production refuses the development endpoints.',
  },
  { name: 'PORT', default: '3000', meaning: 'TCP port of the API and both built consoles.' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Address to listen on (127.0.0.1 keeps it local).' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'Where the embedded database and files live when no external service is configured.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite in DATA_DIR)',
    meaning: 'PostgreSQL connection URL, postgres:// or postgresql://.',
  },
  {
    name: 'NATS_URL',
    default: '(unset: in-process event bus)',
    meaning: 'NATS JetStream server, nats://host:port (several separated by commas).',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: `One of ${LOG_LEVELS.join(', ')}.` },
  {
    name: 'DEV_ENDPOINTS',
    default: 'on outside production, off in production',
    meaning: 'Development routes such as /api/v1/dev/mailbox; turning them on in production is refused.',
  },
  {
    name: 'MINIMUM_CASHOUT_CREDITS',
    default: String(DEFAULT_MINIMUM_CASHOUT_CREDITS),
    meaning: 'Smallest cash-out an evaluator may request, in credits (1 USD = 1,000 credits).',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    default: `${DEFAULT_BODY_LIMIT_BYTES} (1 MiB)`,
    meaning: `Largest request body accepted, in bytes (${MIN_BODY_LIMIT_BYTES} to ${MAX_BODY_LIMIT_BYTES}); larger bodies get 413.`,
  },
  {
    name: 'OUTBOUND_ALLOWED_ORIGINS',
    default: '(empty)',
    meaning:
      'Comma-separated exact origins (http://127.0.0.1:4010) that user-given URLs may reach although loopback, link-local or private; every other such address is refused (SSRF guard).',
  },
  {
    name: 'OUTBOUND_TIMEOUT_MS',
    default: '5000',
    meaning: 'Time limit of a request to a user-given URL (app URL check, Langfuse), 100 to 60000 ms.',
  },
  {
    name: 'SECRETS_KEY',
    default: '(unset: generated once and kept in server_secrets)',
    meaning: '32 bytes in base64 that encrypt stored third-party secrets (Langfuse secret keys).',
  },
  {
    name: 'CLAIM_LEASE_SECONDS',
    default: '600',
    meaning: "How long an evaluator's claim on an item and its reserved reward last before expiring.",
  },
  {
    name: 'EVALUATION_WORKER_INTERVAL_MS',
    default: '1000',
    meaning:
      'How often lease expiry and budget alerts run; the Langfuse trace sync and score push run every tenth time.',
  },
];

/** The settings table as Markdown, for the README. */
export function configSettingsMarkdown(): string {
  const lines = ['| Setting | Default | Meaning |', '| --- | --- | --- |'];
  for (const setting of CONFIG_SETTINGS) {
    lines.push(`| \`${setting.name}\` | ${setting.default} | ${setting.meaning} |`);
  }
  return lines.join('\n');
}

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
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const raw = env[name];
    // An empty value (`PORT=` in an env file) means "not set", as in most tools.
    const value = raw === undefined || raw.trim() === '' ? undefined : raw;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problems.push(...result.error.issues.map((issue) => issue.message));
    return undefined;
  };

  const nodeEnv = read('NODE_ENV', oneOf('NODE_ENV', NODE_ENVS, 'development'));
  const port = read('PORT', wholeNumber('PORT', 1, 65_535, 3000));
  const host = read(
    'HOST',
    text('HOST', '0.0.0.0', /^[^\s/]+$/, 'must be a host name or IP address without spaces or slashes'),
  );
  const dataDir = read('DATA_DIR', text('DATA_DIR', './data', /^[^\0]+$/, 'must be a directory path'));
  const databaseUrl = read(
    'DATABASE_URL',
    serviceUrl('DATABASE_URL', ['postgres:', 'postgresql:'], { list: false, requireHost: false }),
  );
  const natsUrl = read('NATS_URL', serviceUrl('NATS_URL', ['nats:'], { list: true, requireHost: true }));
  const logLevel = read('LOG_LEVEL', oneOf('LOG_LEVEL', LOG_LEVELS, 'info'));
  const devEndpointsSetting = read('DEV_ENDPOINTS', onOff('DEV_ENDPOINTS'));
  const minimumCashoutCredits = read(
    'MINIMUM_CASHOUT_CREDITS',
    wholeNumber('MINIMUM_CASHOUT_CREDITS', 1, Number.MAX_SAFE_INTEGER, DEFAULT_MINIMUM_CASHOUT_CREDITS),
  );
  const bodyLimitBytes = read(
    'BODY_LIMIT_BYTES',
    wholeNumber('BODY_LIMIT_BYTES', MIN_BODY_LIMIT_BYTES, MAX_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES),
  );

  const outboundAllowedOrigins = read('OUTBOUND_ALLOWED_ORIGINS', originList('OUTBOUND_ALLOWED_ORIGINS'));
  const outboundTimeoutMs = read(
    'OUTBOUND_TIMEOUT_MS',
    wholeNumber('OUTBOUND_TIMEOUT_MS', 100, 60_000, 5_000),
  );
  const secretsKey = read('SECRETS_KEY', keyBytes('SECRETS_KEY'));
  const claimLeaseSeconds = read('CLAIM_LEASE_SECONDS', wholeNumber('CLAIM_LEASE_SECONDS', 1, 86_400, 600));
  const evaluationWorkerIntervalMs = read(
    'EVALUATION_WORKER_INTERVAL_MS',
    wholeNumber('EVALUATION_WORKER_INTERVAL_MS', 50, 3_600_000, 1_000),
  );

  const production = nodeEnv === 'production';
  if (production && devEndpointsSetting === true) {
    problems.push(
      'DEV_ENDPOINTS must not be on when NODE_ENV is production (those routes grant credits and read mailboxes)',
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv: nodeEnv!,
    port: port!,
    host: host!,
    dataDir: dataDir!,
    databaseUrl,
    natsUrl,
    logLevel: logLevel!,
    devEndpoints: devEndpointsSetting ?? !production,
    minimumCashoutCredits: minimumCashoutCredits!,
    bodyLimitBytes: bodyLimitBytes!,
    outboundAllowedOrigins: outboundAllowedOrigins!,
    outboundTimeoutMs: outboundTimeoutMs!,
    secretsKey,
    claimLeaseSeconds: claimLeaseSeconds!,
    evaluationWorkerIntervalMs: evaluationWorkerIntervalMs!,
  };
}

function originList(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      if (raw === undefined) return [];
      const origins: string[] = [];
      for (const part of raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const url = parseUrl(part);
        if (
          !url ||
          (url.protocol !== 'http:' && url.protocol !== 'https:') ||
          url.origin !== part.replace(/\/$/, '')
        ) {
          return fail(
            ctx,
            `${name} must list origins such as http://127.0.0.1:4010 (got ${JSON.stringify(part)})`,
          );
        }
        origins.push(url.origin);
      }
      return origins;
    });
}

function keyBytes(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): Buffer | undefined => {
      if (raw === undefined) return undefined;
      const key = Buffer.from(raw.trim(), 'base64');
      if (key.length === 32) return key;
      // The value is a secret: never echo it.
      return fail(ctx, `${name} must be 32 bytes written in base64`);
    });
}

// Each setting is a zod schema from `string | undefined` (undefined: not set) to its value, with
// messages written for the person editing the environment, not zod's generic ones.

const fail = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

function oneOf<const T extends string>(name: string, values: readonly T[], fallback: T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (raw === undefined) return fallback;
      const value = raw.trim();
      if ((values as readonly string[]).includes(value)) return value as T;
      return fail(ctx, `${name} must be one of ${values.join(', ')} (got ${JSON.stringify(raw)})`);
    });
}

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (raw === undefined) return fallback;
      const value = raw.trim();
      const parsed = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
      return fail(
        ctx,
        `${name} must be a whole number between ${min} and ${max} (got ${JSON.stringify(raw)})`,
      );
    });
}

function text(name: string, fallback: string, pattern: RegExp, rule: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): string => {
      if (raw === undefined) return fallback;
      const value = raw.trim();
      if (pattern.test(value)) return value;
      return fail(ctx, `${name} ${rule} (got ${JSON.stringify(raw)})`);
    });
}

const ON_WORDS = ['true', '1', 'yes', 'on'];
const OFF_WORDS = ['false', '0', 'no', 'off'];

function onOff(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): boolean | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.trim().toLowerCase();
      if (ON_WORDS.includes(value)) return true;
      if (OFF_WORDS.includes(value)) return false;
      return fail(
        ctx,
        `${name} must be true or false (also 1/0, yes/no, on/off) (got ${JSON.stringify(raw)})`,
      );
    });
}

/**
 * A URL of an external service. The value may carry a password, so a mistake is reported with the
 * password masked, and a value that is not a URL at all is not echoed.
 */
function serviceUrl(
  name: string,
  protocols: readonly string[],
  options: { list: boolean; requireHost: boolean },
) {
  const expected = protocols.map((protocol) => `${protocol}//`).join(' or ');
  return z
    .string()
    .optional()
    .transform((raw, ctx): string | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.trim();
      const parts = options.list ? value.split(',').map((part) => part.trim()) : [value];
      for (const part of parts) {
        const url = parseUrl(part);
        if (!url) return fail(ctx, `${name} must be a ${expected} URL (got a value that is not a URL)`);
        if (!protocols.includes(url.protocol)) {
          return fail(ctx, `${name} must be a ${expected} URL (got ${JSON.stringify(masked(part, url))})`);
        }
        if (options.requireHost && url.hostname === '') {
          return fail(
            ctx,
            `${name} must name a host, as in ${protocols[0]}//localhost:4222 (got ${JSON.stringify(masked(part, url))})`,
          );
        }
      }
      return value;
    });
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The value as written, unless it carries a password. */
function masked(value: string, url: URL): string {
  if (!url.password) return value;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}
