/** The API's settings as the code uses them, and the fixed choices they are checked against. */

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
  /**
   * Local test mode with one Stripe double shared by several processes (STRIPE_DOUBLE_URL; the
   * local cluster launcher starts it); absent: each process starts its own. Never in production.
   */
  stripeDouble: SharedStripeDouble | undefined;
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
  /** The oldest expert leaderboard the earnings analytics may show, in milliseconds (0: none). */
  analyticsRankingMaxAgeMs: number;
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

export interface SharedStripeDouble {
  /** The double's base URL (http://127.0.0.1:port): the SDK's host and the console's api_base. */
  url: string;
  webhookSecret: string;
  connectWebhookSecret: string;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Signing secret of the Connect endpoint (events of connected accounts). */
  connectWebhookSecret: string;
  publishableKey: string;
}
