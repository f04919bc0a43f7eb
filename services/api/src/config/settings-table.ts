import { DEFAULT_MINIMUM_CASHOUT_CREDITS } from '@evalmarket/contracts';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  LOG_LEVELS,
  MAX_BODY_LIMIT_BYTES,
  MIN_BODY_LIMIT_BYTES,
} from './app-config.js';

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
  {
    name: 'PORT',
    default: '3000',
    meaning:
      'TCP port of the API and both built consoles; without the api role, of /healthz, /readyz and /metrics only.',
  },
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
    name: 'STRIPE_DOUBLE_URL',
    default: '(unset: each process starts its own loopback Stripe double)',
    meaning:
      'Local test mode only (refused in production): the URL of one Stripe double shared by the processes of a local cluster (npm run start:cluster starts it), so a payment made through one API replica is known to all; STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET name its signing secrets, STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY stay unset.',
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
    name: 'ANALYTICS_RANKING_MAX_AGE_MS',
    default: '60000',
    meaning:
      "How old the experts' ranking in the earnings analytics may be, 0 to 3600000 ms: each API process ranks every expert once per period and shares it; 0 ranks for every request.",
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
    meaning:
      "How often a process standing by tries to take a lease: the writer's, the worker's and each projection's (milliseconds).",
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
