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
  /** Where people reach the consoles; links in emails point here. */
  publicUrl: string;
  /** Signs access tokens; absent: generated once and kept in the database. */
  authSecret: string | undefined;
  /** Absent: emails go to the log and the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** People who become platform admins when they sign in (lower-case). */
  adminEmails: readonly string[];
  /** Trust X-Forwarded-For from this many proxies in front (rate limits then see the client). */
  trustProxyHops: number;
  /** Magic links one address may request per 15 minutes. */
  magicLinkLimitPerEmail: number;
  /** Magic links one IP address may request per 15 minutes. */
  magicLinkLimitPerIp: number;
  /** Seed the demo world on first start and print demo sign-in links. */
  demoSeed: boolean;
  /** Absent: payments in local test mode against the loopback Stripe fake (DESIGN section 3). */
  stripe: StripeSettings | undefined;
  /** Where uploaded files (CVs) are kept by the local blob store; default `{DATA_DIR}/blobs`. */
  blobDir: string;
  /** LinkedIn OpenID Connect; sign-in with LinkedIn is off while the client id is unset. */
  linkedinClientId: string | undefined;
  linkedinClientSecret: string | undefined;
  linkedinIssuer: string;
  /** Absent: `{request origin}/api/v1/auth/linkedin/callback`. */
  linkedinRedirectUri: string | undefined;
  /** S3-compatible blob storage instead of BLOB_DIR when a bucket is set. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
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
  /** JetStream stream and subject prefix of this deployment's events (one pair per database). */
  natsStream: string;
  natsSubjectPrefix: string;
  /** Bearer token for GET /metrics; absent: open outside production, off in production. */
  metricsToken: string | undefined;
  /** Tries of a failing projection batch before the projection stops at the event. */
  projectionRetryAttempts: number;
  /** How often a stopped projection tries its event again, in milliseconds. */
  projectionStuckRetryMs: number;
  /** OpenTelemetry OTLP/HTTP collector; absent: no tracing. */
  otlpEndpoint: string | undefined;
  /** Other origins whose pages may call the API from a browser (CORS); none by default. */
  corsOrigins: string[];
  /** Requests allowed per window, counted in the database every API process shares. */
  rateLimits: RateLimitSettings;
  /** How long a SIGTERM drain may take before the process exits 1 anyway. */
  shutdownTimeoutMs: number;
  /** What every invoice says about the seller, and the tax included in its total. */
  invoicing: InvoiceSettings;
  /** What this process runs (ROLES); every role by default. */
  roles: ReadonlySet<ProcessRole>;
  /** How often a standing-by writer tries to take the writer lease, in milliseconds. */
  writerLeaseRetryMs: number;
  /** How long a money command may take to reach the active writer and be answered, fail-overs included. */
  ledgerCommandDeadlineMs: number;
}

/** What a process can run; see ARCHITECTURE.md, Roles. */
export const PROCESS_ROLES = ['api', 'writer', 'projector', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface RateLimitSettings {
  windowSeconds: number;
  /** POST /auth/verify and /auth/refresh per client address. */
  authPerIp: number;
  /** Writes (POST, PUT, PATCH, DELETE) per signed-in person or API key. */
  writesPerCaller: number;
  /** Writes per client address. */
  writesPerIp: number;
}

export interface InvoiceSettings {
  sellerName: string;
  sellerAddress: string | undefined;
  sellerTaxId: string | undefined;
  /** Tax included in an invoice's total, in percent (0: none shown). */
  taxRatePercent: number;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Signing secret of the Connect endpoint (events of connected accounts). */
  connectWebhookSecret: string;
  publishableKey: string;
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
    name: 'PUBLIC_URL',
    default: 'http://localhost:{PORT}',
    meaning: 'Address of the consoles as people reach them; sign-in and email-change links point here.',
  },
  {
    name: 'AUTH_SECRET',
    default: '(unset: generated once and kept in the database)',
    meaning: 'Key that signs access tokens, at least 32 characters; set the same value on every replica.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: emails printed to the log and kept in the development mailbox)',
    meaning: 'Outgoing mail server, smtp:// or smtps://user:password@host:port. Required in production.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Evalmarket <no-reply@evalmarket.local>',
    meaning: 'Sender of outgoing emails.',
  },
  {
    name: 'ADMIN_EMAILS',
    default: '(none)',
    meaning: 'Comma-separated addresses that are made platform admins when they sign in.',
  },
  {
    name: 'TRUST_PROXY',
    default: '0',
    meaning:
      'Number of reverse proxies in front whose X-Forwarded-For is trusted (rate limits key on the client address).',
  },
  {
    name: 'MAGIC_LINK_LIMIT_PER_EMAIL',
    default: '5',
    meaning: 'Sign-in links one address may request per 15 minutes; more get 429 with Retry-After.',
  },
  {
    name: 'MAGIC_LINK_LIMIT_PER_IP',
    default: '30',
    meaning: 'Sign-in links one client address may request per 15 minutes; more get 429 with Retry-After.',
  },
  {
    name: 'DEMO_SEED',
    default: 'on in development with the embedded database, otherwise off',
    meaning:
      'Seed the demo world (people, purchases, an evaluation with votes) on first start and print demo sign-in links.',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset: local test mode with the loopback Stripe fake)',
    meaning:
      'Stripe secret key (sk_...); with it STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY are required. Required in production (the local double never runs there).',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(unset)',
    meaning: 'Signing secret (whsec_...) of the endpoint POST /api/v1/payments/webhook.',
  },
  {
    name: 'STRIPE_CONNECT_WEBHOOK_SECRET',
    default: '(unset)',
    meaning:
      'Signing secret (whsec_...) of the Connect endpoint POST /api/v1/payments/connect-webhook (events of connected accounts).',
  },
  {
    name: 'STRIPE_PUBLISHABLE_KEY',
    default: '(unset)',
    meaning: 'Publishable key (pk_...) handed to the console by GET /api/v1/payments/config.',
  },
  {
    name: 'BLOB_DIR',
    default: '{DATA_DIR}/blobs',
    meaning: 'Directory of the local blob store that keeps uploaded CVs.',
  },
  {
    name: 'LINKEDIN_CLIENT_ID',
    default: '(unset: LinkedIn sign-in off)',
    meaning: 'OpenID Connect client id of the LinkedIn app used by the evaluator application.',
  },
  { name: 'LINKEDIN_CLIENT_SECRET', default: '(unset)', meaning: 'Its client secret.' },
  {
    name: 'LINKEDIN_ISSUER',
    default: 'https://www.linkedin.com/oauth',
    meaning: 'OpenID Connect issuer (discovery at {issuer}/.well-known/openid-configuration).',
  },
  {
    name: 'LINKEDIN_REDIRECT_URI',
    default: '(unset: {request origin}/api/v1/auth/linkedin/callback)',
    meaning: 'Callback URL registered with LinkedIn.',
  },
  {
    name: 'S3_BUCKET',
    default: '(unset: files in BLOB_DIR)',
    meaning:
      'Keep uploaded files in this bucket of an S3-compatible store instead (needs the four S3_ settings below).',
  },
  {
    name: 'S3_ENDPOINT',
    default: 'https://s3.{S3_REGION}.amazonaws.com',
    meaning: 'S3-compatible endpoint (path-style).',
  },
  { name: 'S3_REGION', default: 'us-east-1', meaning: 'Region used in request signatures.' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset)', meaning: 'Access key id.' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', meaning: 'Secret access key.' },
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
  {
    name: 'NATS_STREAM',
    default: 'EVENTS',
    meaning:
      'JetStream stream of this deployment (letters, digits, - and _); several deployments on one NATS need one each.',
  },
  {
    name: 'NATS_SUBJECT_PREFIX',
    default: 'events',
    meaning: 'Subject prefix of that stream (dot-separated tokens, no wildcards); one per deployment.',
  },
  {
    name: 'ROLES',
    default: 'api,writer,projector,worker',
    meaning:
      'What this process runs, comma-separated: api (HTTP), writer (the ledger writer: one active per database, the others stand by), projector (read models), worker (timers, leader-elected). A process without writer sends money commands to the active one over NATS.',
  },
  {
    name: 'WRITER_LEASE_RETRY_MS',
    default: '1000',
    meaning: 'How often a standing-by writer tries to take the writer lease (milliseconds).',
  },
  {
    name: 'LEDGER_COMMAND_DEADLINE_MS',
    default: '10000',
    meaning:
      'How long a money command may take to reach the active writer and be answered, a fail-over included (milliseconds); then 503.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: /metrics open outside production, off in production)',
    meaning: 'Bearer token Prometheus sends to scrape GET /metrics (at least 16 characters).',
  },
  {
    name: 'PROJECTION_RETRY_ATTEMPTS',
    default: '5',
    meaning:
      'Tries of a failing projection batch (backoff 250 ms doubling to 4 s) before the projection stops at the failing event and reports it.',
  },
  {
    name: 'PROJECTION_STUCK_RETRY_MS',
    default: '60000',
    meaning: 'How often a stopped projection tries its event again (it resumes by itself once that works).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '(unset: no tracing)',
    meaning:
      'OpenTelemetry collector base URL (OTLP over HTTP, e.g. http://127.0.0.1:4318): traces of HTTP requests and PostgreSQL queries are sent there.',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(empty: same origin only)',
    meaning:
      'Comma-separated exact origins (https://app.example.com) whose pages may call the API from a browser.',
  },
  {
    name: 'RATE_LIMIT_WINDOW_SECONDS',
    default: '60',
    meaning:
      'Length of the window the request rate limits below count in; over a limit gets 429 with Retry-After.',
  },
  {
    name: 'RATE_LIMIT_AUTH_PER_IP',
    default: '60',
    meaning: 'POST /auth/verify and /auth/refresh one client address may make per window.',
  },
  {
    name: 'RATE_LIMIT_WRITES_PER_CALLER',
    default: '300',
    meaning: 'Writes (POST, PUT, PATCH, DELETE) one signed-in person or API key may make per window.',
  },
  {
    name: 'RATE_LIMIT_WRITES_PER_IP',
    default: '1200',
    meaning: 'Writes one client address may make per window (Stripe webhooks are not counted).',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '10000',
    meaning:
      'On SIGTERM or SIGINT the process stops accepting, finishes the requests in flight and stops its projectors and writer; a drain longer than this exits with code 1.',
  },
  {
    name: 'INVOICE_SELLER_NAME',
    default: 'Evalmarket',
    meaning: 'Seller named on every invoice (the legal name of the business).',
  },
  {
    name: 'INVOICE_SELLER_ADDRESS',
    default: '(unset: no address line)',
    meaning: "Seller's postal address on invoices, one line (e.g. `1 Main St, Springfield, IL 62701, US`).",
  },
  {
    name: 'INVOICE_SELLER_TAX_ID',
    default: '(unset: no tax id line)',
    meaning: "Seller's tax or VAT registration number on invoices.",
  },
  {
    name: 'INVOICE_TAX_RATE_PERCENT',
    default: '0 (no tax shown)',
    meaning:
      'Tax included in the price of credits, in percent (0 to 100, up to two decimals); invoices then show subtotal, tax and total.',
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

  const stripeSecretKey = read(
    'STRIPE_SECRET_KEY',
    secret(
      'STRIPE_SECRET_KEY',
      8,
      /^(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]+$/,
      'must look like sk_test_... or sk_live_...',
    ),
  );
  const stripeWebhookSecret = read(
    'STRIPE_WEBHOOK_SECRET',
    secret('STRIPE_WEBHOOK_SECRET', 8, /^whsec_[A-Za-z0-9_]+$/, 'must look like whsec_...'),
  );
  const stripeConnectWebhookSecret = read(
    'STRIPE_CONNECT_WEBHOOK_SECRET',
    secret('STRIPE_CONNECT_WEBHOOK_SECRET', 8, /^whsec_[A-Za-z0-9_]+$/, 'must look like whsec_...'),
  );
  const stripePublishableKey = read(
    'STRIPE_PUBLISHABLE_KEY',
    text(
      'STRIPE_PUBLISHABLE_KEY',
      '',
      /^pk_(?:test|live)_[A-Za-z0-9_]+$/,
      'must look like pk_test_... or pk_live_...',
    ),
  );
  const publicUrl = read(
    'PUBLIC_URL',
    serviceUrl('PUBLIC_URL', ['http:', 'https:'], { list: false, requireHost: true }),
  );
  const authSecret = read('AUTH_SECRET', secret('AUTH_SECRET', 32));
  const smtpUrl = read(
    'SMTP_URL',
    serviceUrl('SMTP_URL', ['smtp:', 'smtps:'], { list: false, requireHost: true }),
  );
  const mailFrom = read(
    'MAIL_FROM',
    text('MAIL_FROM', 'Evalmarket <no-reply@evalmarket.local>', /@/, 'must contain an email address'),
  );
  const adminEmails = read(
    'ADMIN_EMAILS',
    text(
      'ADMIN_EMAILS',
      '',
      /^[^\s@,]+@[^\s@,]+(?:\s*,\s*[^\s@,]+@[^\s@,]+)*$/,
      'must be email addresses separated by commas',
    ),
  );
  const demoSeed = read('DEMO_SEED', onOff('DEMO_SEED'));
  const trustProxyHops = read('TRUST_PROXY', wholeNumber('TRUST_PROXY', 0, 10, 0));
  const magicLinkLimitPerEmail = read(
    'MAGIC_LINK_LIMIT_PER_EMAIL',
    wholeNumber('MAGIC_LINK_LIMIT_PER_EMAIL', 1, 1000, 5),
  );
  const magicLinkLimitPerIp = read(
    'MAGIC_LINK_LIMIT_PER_IP',
    wholeNumber('MAGIC_LINK_LIMIT_PER_IP', 1, 100_000, 30),
  );
  const stripeNames = {
    STRIPE_SECRET_KEY: stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_CONNECT_WEBHOOK_SECRET: stripeConnectWebhookSecret,
    STRIPE_PUBLISHABLE_KEY: stripePublishableKey,
  };
  const stripeMissing = Object.entries(stripeNames)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (nodeEnv === 'production') {
    // Production never falls back to the local Stripe double or to printing sign-in links.
    for (const name of stripeMissing) {
      problems.push(`${name} must be set when NODE_ENV is production (no local payments double there)`);
    }
    if (!smtpUrl)
      problems.push('SMTP_URL must be set when NODE_ENV is production (sign-in links go by email)');
  } else if (stripeMissing.length > 0 && stripeMissing.length < 4) {
    problems.push(
      `Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY together; missing ${stripeMissing.join(', ')} (unset all four for local test mode)`,
    );
  }
  const blobDir = read('BLOB_DIR', optionalText('BLOB_DIR'));
  const linkedinClientId = read('LINKEDIN_CLIENT_ID', optionalText('LINKEDIN_CLIENT_ID'));
  const linkedinClientSecret = read('LINKEDIN_CLIENT_SECRET', optionalText('LINKEDIN_CLIENT_SECRET'));
  const linkedinIssuer = read('LINKEDIN_ISSUER', httpUrl('LINKEDIN_ISSUER'));
  const linkedinRedirectUri = read('LINKEDIN_REDIRECT_URI', httpUrl('LINKEDIN_REDIRECT_URI'));
  const s3Bucket = read('S3_BUCKET', optionalText('S3_BUCKET'));
  const s3Region = read('S3_REGION', optionalText('S3_REGION')) ?? 'us-east-1';
  const s3Endpoint = read('S3_ENDPOINT', httpUrl('S3_ENDPOINT')) ?? `https://s3.${s3Region}.amazonaws.com`;
  const s3AccessKeyId = read('S3_ACCESS_KEY_ID', optionalText('S3_ACCESS_KEY_ID'));
  const s3SecretAccessKey = read('S3_SECRET_ACCESS_KEY', optionalText('S3_SECRET_ACCESS_KEY'));
  if (s3Bucket && (!s3AccessKeyId || !s3SecretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set');
  }
  if (linkedinClientId && !linkedinClientSecret) {
    problems.push('LINKEDIN_CLIENT_SECRET must be set when LINKEDIN_CLIENT_ID is set');
  }
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

  const natsStream = read(
    'NATS_STREAM',
    text('NATS_STREAM', 'EVENTS', /^[A-Za-z0-9_-]{1,200}$/, 'must be letters, digits, "-" or "_"'),
  );
  const natsSubjectPrefix = read(
    'NATS_SUBJECT_PREFIX',
    text(
      'NATS_SUBJECT_PREFIX',
      'events',
      /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/,
      'must be dot-separated tokens of letters, digits, "-" or "_"',
    ),
  );
  const metricsToken = read('METRICS_TOKEN', secret('METRICS_TOKEN', 16));
  const projectionRetryAttempts = read(
    'PROJECTION_RETRY_ATTEMPTS',
    wholeNumber('PROJECTION_RETRY_ATTEMPTS', 1, 100, 5),
  );
  const otlpEndpoint = read(
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    serviceUrl('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:'], { list: false, requireHost: true }),
  );
  const projectionStuckRetryMs = read(
    'PROJECTION_STUCK_RETRY_MS',
    wholeNumber('PROJECTION_STUCK_RETRY_MS', 100, 86_400_000, 60_000),
  );
  const corsOrigins = read('CORS_ORIGINS', originList('CORS_ORIGINS'));
  const roles = read('ROLES', roleList('ROLES'));
  const writerLeaseRetryMs = read(
    'WRITER_LEASE_RETRY_MS',
    wholeNumber('WRITER_LEASE_RETRY_MS', 50, 60_000, 1_000),
  );
  const ledgerCommandDeadlineMs = read(
    'LEDGER_COMMAND_DEADLINE_MS',
    wholeNumber('LEDGER_COMMAND_DEADLINE_MS', 100, 300_000, 10_000),
  );
  const rateLimits = {
    windowSeconds: read('RATE_LIMIT_WINDOW_SECONDS', wholeNumber('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60)),
    authPerIp: read('RATE_LIMIT_AUTH_PER_IP', wholeNumber('RATE_LIMIT_AUTH_PER_IP', 1, 1_000_000, 60)),
    writesPerCaller: read(
      'RATE_LIMIT_WRITES_PER_CALLER',
      wholeNumber('RATE_LIMIT_WRITES_PER_CALLER', 1, 1_000_000, 300),
    ),
    writesPerIp: read(
      'RATE_LIMIT_WRITES_PER_IP',
      wholeNumber('RATE_LIMIT_WRITES_PER_IP', 1, 1_000_000, 1200),
    ),
  };

  const shutdownTimeoutMs = read(
    'SHUTDOWN_TIMEOUT_MS',
    wholeNumber('SHUTDOWN_TIMEOUT_MS', 100, 600_000, 10_000),
  );
  const invoiceSellerName = read(
    'INVOICE_SELLER_NAME',
    text('INVOICE_SELLER_NAME', 'Evalmarket', /^[^\0\n]{1,200}$/, 'must be one line of 1 to 200 characters'),
  );
  const invoiceSellerAddress = read('INVOICE_SELLER_ADDRESS', optionalText('INVOICE_SELLER_ADDRESS'));
  const invoiceSellerTaxId = read('INVOICE_SELLER_TAX_ID', optionalText('INVOICE_SELLER_TAX_ID'));
  const invoiceTaxRatePercent = read('INVOICE_TAX_RATE_PERCENT', percent('INVOICE_TAX_RATE_PERCENT'));

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
    publicUrl: (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    authSecret,
    smtpUrl,
    mailFrom: mailFrom!,
    adminEmails: (adminEmails ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    trustProxyHops: trustProxyHops!,
    demoSeed: demoSeed ?? (nodeEnv === 'development' && !databaseUrl),
    magicLinkLimitPerEmail: magicLinkLimitPerEmail!,
    magicLinkLimitPerIp: magicLinkLimitPerIp!,
    stripe:
      stripeSecretKey && stripeWebhookSecret && stripeConnectWebhookSecret && stripePublishableKey
        ? {
            secretKey: stripeSecretKey,
            webhookSecret: stripeWebhookSecret,
            connectWebhookSecret: stripeConnectWebhookSecret,
            publishableKey: stripePublishableKey,
          }
        : undefined,
    blobDir: blobDir ?? `${dataDir!.replace(/\/+$/, '')}/blobs`,
    linkedinClientId,
    linkedinClientSecret,
    linkedinIssuer: linkedinIssuer ?? 'https://www.linkedin.com/oauth',
    linkedinRedirectUri,
    s3:
      s3Bucket && s3AccessKeyId && s3SecretAccessKey
        ? {
            endpoint: s3Endpoint,
            bucket: s3Bucket,
            region: s3Region,
            accessKeyId: s3AccessKeyId,
            secretAccessKey: s3SecretAccessKey,
          }
        : undefined,
    outboundAllowedOrigins: outboundAllowedOrigins!,
    outboundTimeoutMs: outboundTimeoutMs!,
    natsStream: natsStream!,
    natsSubjectPrefix: natsSubjectPrefix!,
    metricsToken,
    projectionRetryAttempts: projectionRetryAttempts!,
    projectionStuckRetryMs: projectionStuckRetryMs!,
    otlpEndpoint,
    secretsKey,
    claimLeaseSeconds: claimLeaseSeconds!,
    evaluationWorkerIntervalMs: evaluationWorkerIntervalMs!,
    corsOrigins: corsOrigins!,
    roles: roles!,
    writerLeaseRetryMs: writerLeaseRetryMs!,
    ledgerCommandDeadlineMs: ledgerCommandDeadlineMs!,
    rateLimits: {
      windowSeconds: rateLimits.windowSeconds!,
      authPerIp: rateLimits.authPerIp!,
      writesPerCaller: rateLimits.writesPerCaller!,
      writesPerIp: rateLimits.writesPerIp!,
    },
    shutdownTimeoutMs: shutdownTimeoutMs!,
    invoicing: {
      sellerName: invoiceSellerName!,
      sellerAddress: invoiceSellerAddress || undefined,
      sellerTaxId: invoiceSellerTaxId || undefined,
      taxRatePercent: invoiceTaxRatePercent ?? 0,
    },
  };
}

function roleList(name: string) {
  return setting(new Set<ProcessRole>(PROCESS_ROLES), (raw, ctx): Set<ProcessRole> => {
    const roles = new Set<ProcessRole>();
    for (const part of raw.split(',').map((item) => item.trim())) {
      if (!(PROCESS_ROLES as readonly string[]).includes(part)) {
        return fail(
          ctx,
          `${name} must list roles from ${PROCESS_ROLES.join(', ')} (got ${JSON.stringify(part)})`,
        );
      }
      roles.add(part as ProcessRole);
    }
    return roles;
  });
}

function originList(name: string) {
  return setting([], (raw, ctx): string[] => {
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
  return setting(undefined, (raw, ctx): Buffer | undefined => {
    const key = Buffer.from(raw.trim(), 'base64');
    if (key.length === 32) return key;
    // The value is a secret: never echo it.
    return fail(ctx, `${name} must be 32 bytes written in base64`);
  });
}

// Each setting is a zod schema from `string | undefined` (undefined: not set) to its value, with
// messages written for the person editing the environment, not zod's generic ones.

/**
 * One setting's schema: an unset variable gives `fallback`, a set one goes through `parse`, which
 * reports a mistake with `fail`.
 */
function setting<T, F>(fallback: F, parse: (raw: string, ctx: z.RefinementCtx) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | F => (raw === undefined ? fallback : parse(raw, ctx)));
}

const fail = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

function oneOf<const T extends string>(name: string, values: readonly T[], fallback: T) {
  return setting(fallback, (raw, ctx): T => {
    const value = raw.trim();
    if ((values as readonly string[]).includes(value)) return value as T;
    return fail(ctx, `${name} must be one of ${values.join(', ')} (got ${JSON.stringify(raw)})`);
  });
}

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return setting(fallback, (raw, ctx): number => {
    const value = raw.trim();
    const parsed = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    return fail(ctx, `${name} must be a whole number between ${min} and ${max} (got ${JSON.stringify(raw)})`);
  });
}

/** A percentage from 0 to 100 with at most two decimals (a tax rate such as 8.25). */
function percent(name: string) {
  return setting(0, (raw, ctx): number => {
    const value = raw.trim();
    const parsed = /^\d{1,3}(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN;
    if (parsed >= 0 && parsed <= 100) return parsed;
    return fail(
      ctx,
      `${name} must be a percentage from 0 to 100 with at most two decimals (got ${JSON.stringify(raw)})`,
    );
  });
}

function text(name: string, fallback: string, pattern: RegExp, rule: string) {
  return setting(fallback, (raw, ctx): string => {
    const value = raw.trim();
    if (pattern.test(value)) return value;
    return fail(ctx, `${name} ${rule} (got ${JSON.stringify(raw)})`);
  });
}

/** A secret value: checked for length (and shape) but never echoed in a message. */
function secret(name: string, minLength: number, pattern?: RegExp, rule?: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    if (value.length < minLength) {
      return fail(ctx, `${name} must be at least ${minLength} characters long (got ${value.length})`);
    }
    if (pattern && !pattern.test(value))
      return fail(ctx, `${name} ${rule ?? 'is malformed'} (value not shown)`);
    return value;
  });
}

function optionalText(name: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    if (!/[\0\n]/.test(value)) return value;
    return fail(ctx, `${name} must be a single line of text`);
  });
}

function httpUrl(name: string) {
  return setting(undefined, (raw, ctx): string | undefined => {
    const value = raw.trim();
    const url = parseUrl(value);
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return value.replace(/\/+$/, '');
    return fail(ctx, `${name} must be an http:// or https:// URL (got ${JSON.stringify(raw)})`);
  });
}

const ON_WORDS = ['true', '1', 'yes', 'on'];
const OFF_WORDS = ['false', '0', 'no', 'off'];

function onOff(name: string) {
  return setting(undefined, (raw, ctx): boolean | undefined => {
    const value = raw.trim().toLowerCase();
    if (ON_WORDS.includes(value)) return true;
    if (OFF_WORDS.includes(value)) return false;
    return fail(ctx, `${name} must be true or false (also 1/0, yes/no, on/off) (got ${JSON.stringify(raw)})`);
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
  return setting(undefined, (raw, ctx): string | undefined => {
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
