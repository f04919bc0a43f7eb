import { DEFAULT_MINIMUM_CASHOUT_CREDITS } from '@evalmarket/contracts';
import type { z } from 'zod';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  LOG_LEVELS,
  MAX_BODY_LIMIT_BYTES,
  MIN_BODY_LIMIT_BYTES,
  NODE_ENVS,
  type AppConfig,
  type SharedStripeDouble,
} from './app-config.js';
import {
  httpUrl,
  keyBytes,
  oneOf,
  onOff,
  optionalText,
  originList,
  percent,
  roleList,
  secret,
  serviceUrl,
  text,
  wholeNumber,
} from './parsers.js';

/*
 * The settings by concern, each read into its part of AppConfig. A value is only undefined when
 * reading it added a problem, and loadConfig throws before anything uses such a part, hence the
 * non-null assertions.
 */

/** Reads one variable through its schema, noting each mistake; undefined when there was one. */
export type Read = <T>(name: string, schema: z.ZodType<T>) => T | undefined;

/** The process itself: where it listens, logs, its database and bus, and what it trusts. */
export function readServerSettings(read: Read, problems: string[]) {
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
  const devEndpointsSetting = read('DEV_ENDPOINTS', onOff('DEV_ENDPOINTS'));
  const production = nodeEnv === 'production';
  if (production && devEndpointsSetting === true) {
    problems.push(
      'DEV_ENDPOINTS must not be on when NODE_ENV is production (those routes grant credits and read mailboxes)',
    );
  }
  const publicUrl = read(
    'PUBLIC_URL',
    serviceUrl('PUBLIC_URL', ['http:', 'https:'], { list: false, requireHost: true }),
  );
  const demoSeed = read('DEMO_SEED', onOff('DEMO_SEED'));
  return {
    nodeEnv: nodeEnv!,
    port: port!,
    host: host!,
    dataDir: dataDir!,
    databaseUrl,
    logLevel: read('LOG_LEVEL', oneOf('LOG_LEVEL', LOG_LEVELS, 'info'))!,
    devEndpoints: devEndpointsSetting ?? !production,
    bodyLimitBytes: read(
      'BODY_LIMIT_BYTES',
      wholeNumber('BODY_LIMIT_BYTES', MIN_BODY_LIMIT_BYTES, MAX_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES),
    )!,
    publicUrl: (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxyHops: read('TRUST_PROXY', wholeNumber('TRUST_PROXY', 0, 10, 0))!,
    demoSeed: demoSeed ?? (nodeEnv === 'development' && !databaseUrl),
    corsOrigins: read('CORS_ORIGINS', originList('CORS_ORIGINS'))!,
    metricsToken: read('METRICS_TOKEN', secret('METRICS_TOKEN', 16)),
    otlpEndpoint: read(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      serviceUrl('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:'], { list: false, requireHost: true }),
    ),
    shutdownTimeoutMs: read('SHUTDOWN_TIMEOUT_MS', wholeNumber('SHUTDOWN_TIMEOUT_MS', 100, 600_000, 10_000))!,
  } satisfies Partial<AppConfig>;
}

/** Roles, the event bus, the writer's lease and commands, projections and the workers' pace. */
export function readProcessSettings(read: Read) {
  return {
    roles: read('ROLES', roleList('ROLES'))!,
    natsUrl: read('NATS_URL', serviceUrl('NATS_URL', ['nats:'], { list: true, requireHost: true })),
    natsStream: read(
      'NATS_STREAM',
      text('NATS_STREAM', 'EVENTS', /^[A-Za-z0-9_-]{1,200}$/, 'must be letters, digits, "-" or "_"'),
    )!,
    natsSubjectPrefix: read(
      'NATS_SUBJECT_PREFIX',
      text(
        'NATS_SUBJECT_PREFIX',
        'events',
        /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/,
        'must be dot-separated tokens of letters, digits, "-" or "_"',
      ),
    )!,
    writerLeaseRetryMs: read(
      'WRITER_LEASE_RETRY_MS',
      wholeNumber('WRITER_LEASE_RETRY_MS', 50, 60_000, 1_000),
    )!,
    ledgerCommandDeadlineMs: read(
      'LEDGER_COMMAND_DEADLINE_MS',
      wholeNumber('LEDGER_COMMAND_DEADLINE_MS', 100, 300_000, 10_000),
    )!,
    projectionRetryAttempts: read(
      'PROJECTION_RETRY_ATTEMPTS',
      wholeNumber('PROJECTION_RETRY_ATTEMPTS', 1, 100, 5),
    )!,
    projectionStuckRetryMs: read(
      'PROJECTION_STUCK_RETRY_MS',
      wholeNumber('PROJECTION_STUCK_RETRY_MS', 100, 86_400_000, 60_000),
    )!,
    claimLeaseSeconds: read('CLAIM_LEASE_SECONDS', wholeNumber('CLAIM_LEASE_SECONDS', 1, 86_400, 600))!,
    evaluationWorkerIntervalMs: read(
      'EVALUATION_WORKER_INTERVAL_MS',
      wholeNumber('EVALUATION_WORKER_INTERVAL_MS', 50, 3_600_000, 1_000),
    )!,
    analyticsRankingMaxAgeMs: read(
      'ANALYTICS_RANKING_MAX_AGE_MS',
      wholeNumber('ANALYTICS_RANKING_MAX_AGE_MS', 0, 3_600_000, 60_000),
    )!,
    rateLimits: {
      windowSeconds: read(
        'RATE_LIMIT_WINDOW_SECONDS',
        wholeNumber('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60),
      )!,
      authPerIp: read('RATE_LIMIT_AUTH_PER_IP', wholeNumber('RATE_LIMIT_AUTH_PER_IP', 1, 1_000_000, 60))!,
      writesPerCaller: read(
        'RATE_LIMIT_WRITES_PER_CALLER',
        wholeNumber('RATE_LIMIT_WRITES_PER_CALLER', 1, 1_000_000, 300),
      )!,
      writesPerIp: read(
        'RATE_LIMIT_WRITES_PER_IP',
        wholeNumber('RATE_LIMIT_WRITES_PER_IP', 1, 1_000_000, 1200),
      )!,
    },
  } satisfies Partial<AppConfig>;
}

/** Sign-in, email, admins, LinkedIn and the key that seals stored secrets. */
export function readIdentitySettings(read: Read, problems: string[], production: boolean) {
  const authSecret = read('AUTH_SECRET', secret('AUTH_SECRET', 32));
  const smtpUrl = read(
    'SMTP_URL',
    serviceUrl('SMTP_URL', ['smtp:', 'smtps:'], { list: false, requireHost: true }),
  );
  if (production && !smtpUrl)
    problems.push('SMTP_URL must be set when NODE_ENV is production (sign-in links go by email)');
  const adminEmails = read(
    'ADMIN_EMAILS',
    text(
      'ADMIN_EMAILS',
      '',
      /^[^\s@,]+@[^\s@,]+(?:\s*,\s*[^\s@,]+@[^\s@,]+)*$/,
      'must be email addresses separated by commas',
    ),
  );
  const linkedinClientId = read('LINKEDIN_CLIENT_ID', optionalText('LINKEDIN_CLIENT_ID'));
  const linkedinClientSecret = read('LINKEDIN_CLIENT_SECRET', optionalText('LINKEDIN_CLIENT_SECRET'));
  if (linkedinClientId && !linkedinClientSecret) {
    problems.push('LINKEDIN_CLIENT_SECRET must be set when LINKEDIN_CLIENT_ID is set');
  }
  return {
    authSecret,
    smtpUrl,
    mailFrom: read(
      'MAIL_FROM',
      text('MAIL_FROM', 'Evalmarket <no-reply@evalmarket.local>', /@/, 'must contain an email address'),
    )!,
    adminEmails: (adminEmails ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    magicLinkLimitPerEmail: read(
      'MAGIC_LINK_LIMIT_PER_EMAIL',
      wholeNumber('MAGIC_LINK_LIMIT_PER_EMAIL', 1, 1000, 5),
    )!,
    magicLinkLimitPerIp: read(
      'MAGIC_LINK_LIMIT_PER_IP',
      wholeNumber('MAGIC_LINK_LIMIT_PER_IP', 1, 100_000, 30),
    )!,
    linkedinClientId,
    linkedinClientSecret,
    linkedinIssuer: read('LINKEDIN_ISSUER', httpUrl('LINKEDIN_ISSUER')) ?? 'https://www.linkedin.com/oauth',
    linkedinRedirectUri: read('LINKEDIN_REDIRECT_URI', httpUrl('LINKEDIN_REDIRECT_URI')),
    secretsKey: read('SECRETS_KEY', keyBytes('SECRETS_KEY')),
  } satisfies Partial<AppConfig>;
}

/** Stripe (all four keys or none; required in production), cash-outs and invoices. */
export function readMoneySettings(read: Read, problems: string[], production: boolean) {
  const stripeNames = {
    STRIPE_SECRET_KEY: read(
      'STRIPE_SECRET_KEY',
      secret(
        'STRIPE_SECRET_KEY',
        8,
        /^(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]+$/,
        'must look like sk_test_... or sk_live_...',
      ),
    ),
    STRIPE_WEBHOOK_SECRET: read(
      'STRIPE_WEBHOOK_SECRET',
      secret('STRIPE_WEBHOOK_SECRET', 8, /^whsec_[A-Za-z0-9_]+$/, 'must look like whsec_...'),
    ),
    STRIPE_CONNECT_WEBHOOK_SECRET: read(
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      secret('STRIPE_CONNECT_WEBHOOK_SECRET', 8, /^whsec_[A-Za-z0-9_]+$/, 'must look like whsec_...'),
    ),
    STRIPE_PUBLISHABLE_KEY: read(
      'STRIPE_PUBLISHABLE_KEY',
      text(
        'STRIPE_PUBLISHABLE_KEY',
        '',
        /^pk_(?:test|live)_[A-Za-z0-9_]+$/,
        'must look like pk_test_... or pk_live_...',
      ),
    ),
  };
  const stripeDouble = sharedStripeDouble(read, stripeNames, problems, production);
  const stripeMissing = Object.entries(stripeNames)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (stripeDouble) {
    // Checked by sharedStripeDouble: the two signing secrets are the double's.
  } else if (production) {
    // Production never falls back to the local Stripe double.
    for (const name of stripeMissing) {
      problems.push(`${name} must be set when NODE_ENV is production (no local payments double there)`);
    }
  } else if (stripeMissing.length > 0 && stripeMissing.length < 4) {
    problems.push(
      `Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY together; missing ${stripeMissing.join(', ')} (unset all four for local test mode)`,
    );
  }
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY } =
    stripeNames;
  const invoiceSellerAddress = read('INVOICE_SELLER_ADDRESS', optionalText('INVOICE_SELLER_ADDRESS'));
  const invoiceSellerTaxId = read('INVOICE_SELLER_TAX_ID', optionalText('INVOICE_SELLER_TAX_ID'));
  return {
    stripe:
      STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET && STRIPE_CONNECT_WEBHOOK_SECRET && STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: STRIPE_SECRET_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: STRIPE_CONNECT_WEBHOOK_SECRET,
            publishableKey: STRIPE_PUBLISHABLE_KEY,
          }
        : undefined,
    stripeDouble,
    minimumCashoutCredits: read(
      'MINIMUM_CASHOUT_CREDITS',
      wholeNumber('MINIMUM_CASHOUT_CREDITS', 1, Number.MAX_SAFE_INTEGER, DEFAULT_MINIMUM_CASHOUT_CREDITS),
    )!,
    invoicing: {
      sellerName: read(
        'INVOICE_SELLER_NAME',
        text(
          'INVOICE_SELLER_NAME',
          'Evalmarket',
          /^[^\0\n]{1,200}$/,
          'must be one line of 1 to 200 characters',
        ),
      )!,
      sellerAddress: invoiceSellerAddress || undefined,
      sellerTaxId: invoiceSellerTaxId || undefined,
      taxRatePercent: read('INVOICE_TAX_RATE_PERCENT', percent('INVOICE_TAX_RATE_PERCENT')) ?? 0,
    },
  } satisfies Partial<AppConfig>;
}

/**
 * STRIPE_DOUBLE_URL: one Stripe double shared by the processes of a local cluster (the launcher
 * starts it and gives every process its URL and signing secrets). Local test mode only; the
 * secret and publishable keys stay unset, since the double is not Stripe.
 */
function sharedStripeDouble(
  read: Read,
  stripe: Record<
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_CONNECT_WEBHOOK_SECRET'
    | 'STRIPE_PUBLISHABLE_KEY',
    string | undefined
  >,
  problems: string[],
  production: boolean,
): SharedStripeDouble | undefined {
  const url = read('STRIPE_DOUBLE_URL', httpUrl('STRIPE_DOUBLE_URL'));
  if (!url) return undefined;
  const before = problems.length;
  if (production)
    problems.push(
      'STRIPE_DOUBLE_URL must not be set when NODE_ENV is production (no local payments double there)',
    );
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const)
    if (stripe[name])
      problems.push(`${name} and STRIPE_DOUBLE_URL exclude each other (the double is not Stripe)`);
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET'] as const)
    if (!stripe[name]) problems.push(`STRIPE_DOUBLE_URL needs ${name} (the double's signing secret)`);
  if (problems.length > before) return undefined;
  return {
    url,
    webhookSecret: stripe.STRIPE_WEBHOOK_SECRET!,
    connectWebhookSecret: stripe.STRIPE_CONNECT_WEBHOOK_SECRET!,
  };
}

/** Uploaded files (a directory or S3) and requests to user-given URLs. */
export function readStorageSettings(read: Read, problems: string[], dataDir: string) {
  const s3Bucket = read('S3_BUCKET', optionalText('S3_BUCKET'));
  const s3Region = read('S3_REGION', optionalText('S3_REGION')) ?? 'us-east-1';
  const s3Endpoint = read('S3_ENDPOINT', httpUrl('S3_ENDPOINT')) ?? `https://s3.${s3Region}.amazonaws.com`;
  const s3AccessKeyId = read('S3_ACCESS_KEY_ID', optionalText('S3_ACCESS_KEY_ID'));
  const s3SecretAccessKey = read('S3_SECRET_ACCESS_KEY', optionalText('S3_SECRET_ACCESS_KEY'));
  if (s3Bucket && (!s3AccessKeyId || !s3SecretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set');
  }
  const blobDir = read('BLOB_DIR', optionalText('BLOB_DIR'));
  return {
    blobDir: blobDir ?? `${(dataDir ?? '').replace(/\/+$/, '')}/blobs`,
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
    outboundAllowedOrigins: read('OUTBOUND_ALLOWED_ORIGINS', originList('OUTBOUND_ALLOWED_ORIGINS'))!,
    outboundTimeoutMs: read('OUTBOUND_TIMEOUT_MS', wholeNumber('OUTBOUND_TIMEOUT_MS', 100, 60_000, 5_000))!,
  } satisfies Partial<AppConfig>;
}
