import { describe, expect, it } from 'vitest';
import { CONFIG_SETTINGS, ConfigError, configSettingsMarkdown, loadConfig } from '../src/config/config.js';
import { problemsOf } from './support/config-problems.js';

const PRODUCTION_STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
};
/** What production cannot start without: real Stripe and a mail server. */
const PRODUCTION_NEEDS = { ...PRODUCTION_STRIPE, SMTP_URL: 'smtp://mail.example.com:587' };

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      natsUrl: undefined,
      logLevel: 'info',
      devEndpoints: true,
      minimumCashoutCredits: 10_000,
      bodyLimitBytes: 1_048_576,
      publicUrl: 'http://localhost:3000',
      authSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Evalmarket <no-reply@evalmarket.local>',
      adminEmails: [],
      trustProxyHops: 0,
      demoSeed: true,
      magicLinkLimitPerEmail: 5,
      magicLinkLimitPerIp: 30,
      stripe: undefined,
      blobDir: './data/blobs',
      linkedinClientId: undefined,
      linkedinClientSecret: undefined,
      linkedinIssuer: 'https://www.linkedin.com/oauth',
      linkedinRedirectUri: undefined,
      s3: undefined,
      outboundAllowedOrigins: [],
      outboundTimeoutMs: 5_000,
      secretsKey: undefined,
      claimLeaseSeconds: 600,
      evaluationWorkerIntervalMs: 1_000,
      analyticsRankingMaxAgeMs: 60_000,
      natsStream: 'EVENTS',
      natsSubjectPrefix: 'events',
      metricsToken: undefined,
      projectionRetryAttempts: 5,
      projectionStuckRetryMs: 60_000,
      otlpEndpoint: undefined,
      corsOrigins: [],
      rateLimits: { windowSeconds: 60, authPerIp: 60, writesPerCaller: 300, writesPerIp: 1200 },
      shutdownTimeoutMs: 10_000,
      invoicing: {
        sellerName: 'Evalmarket',
        sellerAddress: undefined,
        sellerTaxId: undefined,
        taxRatePercent: 0,
      },
      roles: new Set(['api', 'writer', 'projector', 'worker']),
      writerLeaseRetryMs: 1_000,
      ledgerCommandDeadlineMs: 10_000,
    });
  });

  it('reads every setting', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/evalmarket',
        DATABASE_URL: 'postgresql://app:secret@db:5432/evalmarket',
        NATS_URL: 'nats://n1:4222,nats://n2:4222',
        LOG_LEVEL: 'warn',
        DEV_ENDPOINTS: 'off',
        MINIMUM_CASHOUT_CREDITS: '25000',
        BODY_LIMIT_BYTES: '2048',
        PUBLIC_URL: 'https://evalmarket.example.com/',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        ...PRODUCTION_STRIPE,
        MAIL_FROM: 'Evalmarket <hello@evalmarket.example.com>',
        ADMIN_EMAILS: 'Ops@Example.com, finance@example.com',
        TRUST_PROXY: '1',
        MAGIC_LINK_LIMIT_PER_EMAIL: '3',
        MAGIC_LINK_LIMIT_PER_IP: '100',
        LINKEDIN_CLIENT_ID: 'li-client',
        LINKEDIN_CLIENT_SECRET: 'li-secret',
        LINKEDIN_ISSUER: 'https://idp.example.com/oauth/',
        LINKEDIN_REDIRECT_URI: 'https://app.example.com/api/v1/auth/linkedin/callback',
        OUTBOUND_ALLOWED_ORIGINS: 'http://127.0.0.1:4010, https://langfuse.internal',
        OUTBOUND_TIMEOUT_MS: '2500',
        SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
        CLAIM_LEASE_SECONDS: '300',
        EVALUATION_WORKER_INTERVAL_MS: '500',
        ANALYTICS_RANKING_MAX_AGE_MS: '0',
        NATS_STREAM: 'EVENTS_EU',
        NATS_SUBJECT_PREFIX: 'eu.events',
        ROLES: 'api, writer',
        WRITER_LEASE_RETRY_MS: '250',
        LEDGER_COMMAND_DEADLINE_MS: '5000',
        METRICS_TOKEN: 'm'.repeat(24),
        PROJECTION_RETRY_ATTEMPTS: '3',
        PROJECTION_STUCK_RETRY_MS: '5000',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        CORS_ORIGINS: 'https://console.example.com',
        RATE_LIMIT_WINDOW_SECONDS: '30',
        RATE_LIMIT_AUTH_PER_IP: '10',
        RATE_LIMIT_WRITES_PER_CALLER: '100',
        RATE_LIMIT_WRITES_PER_IP: '400',
        SHUTDOWN_TIMEOUT_MS: '2500',
        INVOICE_SELLER_NAME: 'Evalmarket Inc.',
        INVOICE_SELLER_ADDRESS: '1 Main St, Springfield',
        INVOICE_SELLER_TAX_ID: 'US-1',
        INVOICE_TAX_RATE_PERCENT: '20',
      }),
    ).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/evalmarket',
      databaseUrl: 'postgresql://app:secret@db:5432/evalmarket',
      natsUrl: 'nats://n1:4222,nats://n2:4222',
      logLevel: 'warn',
      devEndpoints: false,
      minimumCashoutCredits: 25_000,
      bodyLimitBytes: 2048,
      publicUrl: 'https://evalmarket.example.com',
      authSecret: 'x'.repeat(40),
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'Evalmarket <hello@evalmarket.example.com>',
      adminEmails: ['ops@example.com', 'finance@example.com'],
      trustProxyHops: 1,
      demoSeed: false,
      magicLinkLimitPerEmail: 3,
      magicLinkLimitPerIp: 100,
      stripe: {
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_platform',
        connectWebhookSecret: 'whsec_connect',
        publishableKey: 'pk_live_abc',
      },
      blobDir: '/var/lib/evalmarket/blobs',
      linkedinClientId: 'li-client',
      linkedinClientSecret: 'li-secret',
      linkedinIssuer: 'https://idp.example.com/oauth',
      linkedinRedirectUri: 'https://app.example.com/api/v1/auth/linkedin/callback',
      s3: undefined,
      outboundAllowedOrigins: ['http://127.0.0.1:4010', 'https://langfuse.internal'],
      outboundTimeoutMs: 2500,
      secretsKey: Buffer.alloc(32, 7),
      claimLeaseSeconds: 300,
      evaluationWorkerIntervalMs: 500,
      analyticsRankingMaxAgeMs: 0,
      natsStream: 'EVENTS_EU',
      natsSubjectPrefix: 'eu.events',
      metricsToken: 'm'.repeat(24),
      projectionRetryAttempts: 3,
      projectionStuckRetryMs: 5_000,
      otlpEndpoint: 'http://otel-collector:4318',
      corsOrigins: ['https://console.example.com'],
      rateLimits: { windowSeconds: 30, authPerIp: 10, writesPerCaller: 100, writesPerIp: 400 },
      shutdownTimeoutMs: 2500,
      invoicing: {
        sellerName: 'Evalmarket Inc.',
        sellerAddress: '1 Main St, Springfield',
        sellerTaxId: 'US-1',
        taxRatePercent: 20,
      },
      roles: new Set(['api', 'writer']),
      writerLeaseRetryMs: 250,
      ledgerCommandDeadlineMs: 5_000,
    });
  });

  it('refuses a stream name or subject prefix NATS would not take, and a short METRICS_TOKEN', () => {
    const attempt = () =>
      loadConfig({ NATS_STREAM: 'EVENTS.EU', NATS_SUBJECT_PREFIX: 'events.>', METRICS_TOKEN: 'short' });
    expect(attempt).toThrow(/NATS_STREAM must be letters, digits/);
    expect(attempt).toThrow(/NATS_SUBJECT_PREFIX must be dot-separated tokens/);
    expect(attempt).toThrow(/METRICS_TOKEN must be at least 16 characters long/);
  });

  it('refuses a role it does not know', () => {
    expect(() => loadConfig({ ROLES: 'api,scheduler' })).toThrow(
      /ROLES must list roles from api, writer, projector, worker \(got "scheduler"\)/,
    );
  });

  it('turns the development endpoints off by default in production, on in test', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_NEEDS }).devEndpoints).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devEndpoints).toBe(true);
    expect(loadConfig({ DEV_ENDPOINTS: 'no' }).devEndpoints).toBe(false);
  });

  it('refuses a short AUTH_SECRET and malformed ADMIN_EMAILS, naming both', () => {
    const attempt = () => loadConfig({ AUTH_SECRET: 'hunter2', ADMIN_EMAILS: 'not an address' });
    expect(attempt).toThrow(
      /AUTH_SECRET must be at least 32 characters long \(got 7\)[\s\S]*ADMIN_EMAILS must be email addresses/,
    );
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('treats an empty value as not set', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('accepts a postgres:// URL and a socket URL without a host', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).databaseUrl).toBe(
      'postgres://u@localhost/db',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql:///db?host=/run/postgresql' }).databaseUrl).toBeDefined();
  });

  it.each([
    ['NODE_ENV', 'prod', 'NODE_ENV must be one of development, test, production (got "prod")'],
    ['PORT', 'abc', 'PORT must be a whole number between 1 and 65535 (got "abc")'],
    ['PORT', '0', 'PORT must be a whole number between 1 and 65535 (got "0")'],
    ['PORT', '65536', 'PORT must be a whole number between 1 and 65535 (got "65536")'],
    ['PORT', '80.5', 'PORT must be a whole number between 1 and 65535 (got "80.5")'],
    [
      'SHUTDOWN_TIMEOUT_MS',
      '50',
      'SHUTDOWN_TIMEOUT_MS must be a whole number between 100 and 600000 (got "50")',
    ],
    ['HOST', 'my host', 'HOST must be a host name or IP address without spaces or slashes (got "my host")'],
    [
      'DATABASE_URL',
      'mysql://db/app',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/app")',
    ],
    [
      'DATABASE_URL',
      'localhost:5432',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "localhost:5432")',
    ],
    [
      'DATABASE_URL',
      'db.internal',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got a value that is not a URL)',
    ],
    ['NATS_URL', 'http://nats:4222', 'NATS_URL must be a nats:// URL (got "http://nats:4222")'],
    ['NATS_URL', 'nats://n1:4222,oops', 'NATS_URL must be a nats:// URL (got a value that is not a URL)'],
    [
      'LOG_LEVEL',
      'verbose',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [
      'DEV_ENDPOINTS',
      'maybe',
      'DEV_ENDPOINTS must be true or false (also 1/0, yes/no, on/off) (got "maybe")',
    ],
    [
      'MINIMUM_CASHOUT_CREDITS',
      '-5',
      'MINIMUM_CASHOUT_CREDITS must be a whole number between 1 and 9007199254740991 (got "-5")',
    ],
    [
      'BODY_LIMIT_BYTES',
      '1MB',
      'BODY_LIMIT_BYTES must be a whole number between 1024 and 104857600 (got "1MB")',
    ],
    [
      'BODY_LIMIT_BYTES',
      '10',
      'BODY_LIMIT_BYTES must be a whole number between 1024 and 104857600 (got "10")',
    ],
    [
      'OUTBOUND_ALLOWED_ORIGINS',
      'http://127.0.0.1:4010/path',
      'OUTBOUND_ALLOWED_ORIGINS must list origins such as http://127.0.0.1:4010 (got "http://127.0.0.1:4010/path")',
    ],
    ['SECRETS_KEY', 'c2hvcnQ=', 'SECRETS_KEY must be 32 bytes written in base64'],
    ['CLAIM_LEASE_SECONDS', '0', 'CLAIM_LEASE_SECONDS must be a whole number between 1 and 86400 (got "0")'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('refuses the development endpoints in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', DEV_ENDPOINTS: 'true', ...PRODUCTION_NEEDS })).toEqual([
      'DEV_ENDPOINTS must not be on when NODE_ENV is production (those routes grant credits and read mailboxes)',
    ]);
  });

  it('never echoes a password from a wrong URL', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://app:hunter2@db/app' });
    expect(problem).toBe(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://app:***@db/app")',
    );
  });

  it('lists every mistake at once, each on its own line', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', BODY_LIMIT_BYTES: 'big' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const lines = (caught as Error).message.split('\n');
    expect(lines).toEqual([
      'The configuration is not valid:',
      '  - PORT must be a whole number between 1 and 65535 (got "abc")',
      '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '  - BODY_LIMIT_BYTES must be a whole number between 1024 and 104857600 (got "big")',
    ]);
  });
});

describe('Stripe settings', () => {
  it('uses the real Stripe only with all four settings, and says which are missing', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        PUBLIC_URL: 'https://market.example.com/',
      }),
    ).toMatchObject({
      stripe: {
        secretKey: 'sk_test_abc',
        webhookSecret: 'whsec_abc',
        connectWebhookSecret: 'whsec_connect',
        publishableKey: 'pk_test_abc',
      },
      publicUrl: 'https://market.example.com',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /missing STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'nope_not_a_secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must look like whsec_/,
    );
  });
});

describe('production refuses the local doubles', () => {
  it('names each missing Stripe setting and SMTP_URL on its own line', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'STRIPE_SECRET_KEY must be set when NODE_ENV is production (no local payments double there)',
      'STRIPE_WEBHOOK_SECRET must be set when NODE_ENV is production (no local payments double there)',
      'STRIPE_CONNECT_WEBHOOK_SECRET must be set when NODE_ENV is production (no local payments double there)',
      'STRIPE_PUBLISHABLE_KEY must be set when NODE_ENV is production (no local payments double there)',
      'SMTP_URL must be set when NODE_ENV is production (sign-in links go by email)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...PRODUCTION_STRIPE, STRIPE_PUBLISHABLE_KEY: '' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY must be set when NODE_ENV is production (no local payments double there)',
      'SMTP_URL must be set when NODE_ENV is production (sign-in links go by email)',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_NEEDS }).stripe?.secretKey).toBe('sk_live_abc');
  });
});

describe('evaluator onboarding settings', () => {
  it('needs the LinkedIn secret with the client id and refuses a non-http issuer', () => {
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'x' })).toThrow(
      'LINKEDIN_CLIENT_SECRET must be set when LINKEDIN_CLIENT_ID is set',
    );
    expect(() => loadConfig({ LINKEDIN_ISSUER: 'ftp://x' })).toThrow(
      'LINKEDIN_ISSUER must be an http:// or https:// URL',
    );
    expect(loadConfig({ BLOB_DIR: '/srv/blobs' }).blobDir).toBe('/srv/blobs');
    expect(() => loadConfig({ S3_BUCKET: 'cvs' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set',
    );
    expect(
      loadConfig({
        S3_BUCKET: 'cvs',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_REGION: 'eu-west-1',
      }).s3,
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'cvs',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
  });
});

describe('CONFIG_SETTINGS', () => {
  it('describes every setting loadConfig reads', () => {
    expect(CONFIG_SETTINGS.map((setting) => setting.name)).toEqual([
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'NATS_URL',
      'LOG_LEVEL',
      'DEV_ENDPOINTS',
      'MINIMUM_CASHOUT_CREDITS',
      'BODY_LIMIT_BYTES',
      'PUBLIC_URL',
      'AUTH_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'ADMIN_EMAILS',
      'TRUST_PROXY',
      'MAGIC_LINK_LIMIT_PER_EMAIL',
      'MAGIC_LINK_LIMIT_PER_IP',
      'DEMO_SEED',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_DOUBLE_URL',
      'BLOB_DIR',
      'LINKEDIN_CLIENT_ID',
      'LINKEDIN_CLIENT_SECRET',
      'LINKEDIN_ISSUER',
      'LINKEDIN_REDIRECT_URI',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'OUTBOUND_ALLOWED_ORIGINS',
      'OUTBOUND_TIMEOUT_MS',
      'SECRETS_KEY',
      'CLAIM_LEASE_SECONDS',
      'EVALUATION_WORKER_INTERVAL_MS',
      'ANALYTICS_RANKING_MAX_AGE_MS',
      'NATS_STREAM',
      'NATS_SUBJECT_PREFIX',
      'ROLES',
      'WRITER_LEASE_RETRY_MS',
      'LEDGER_COMMAND_DEADLINE_MS',
      'METRICS_TOKEN',
      'PROJECTION_RETRY_ATTEMPTS',
      'PROJECTION_STUCK_RETRY_MS',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'CORS_ORIGINS',
      'RATE_LIMIT_WINDOW_SECONDS',
      'RATE_LIMIT_AUTH_PER_IP',
      'RATE_LIMIT_WRITES_PER_CALLER',
      'RATE_LIMIT_WRITES_PER_IP',
      'SHUTDOWN_TIMEOUT_MS',
      'INVOICE_SELLER_NAME',
      'INVOICE_SELLER_ADDRESS',
      'INVOICE_SELLER_TAX_ID',
      'INVOICE_TAX_RATE_PERCENT',
    ]);
    expect(configSettingsMarkdown()).toContain('| `PORT` | 3000 |');
  });
});

describe('README', () => {
  it('documents every setting exactly as CONFIG_SETTINGS describes it', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    // Regenerate with: npx tsx -e "import('./services/api/src/config/config.ts').then(m => console.log(m.configSettingsMarkdown()))"
    expect(readme).toContain(configSettingsMarkdown());
  });
});

describe('invoice settings', () => {
  it('reads the seller and the tax rate, and refuses a rate that is not a percentage', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).invoicing).toEqual({
      sellerName: 'Evalmarket',
      sellerAddress: undefined,
      sellerTaxId: undefined,
      taxRatePercent: 0,
    });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        INVOICE_SELLER_NAME: 'Evalmarket Inc.',
        INVOICE_SELLER_ADDRESS: '1 Main St, Springfield, IL 62701, US',
        INVOICE_SELLER_TAX_ID: 'US-12-3456789',
        INVOICE_TAX_RATE_PERCENT: '8.25',
      }).invoicing,
    ).toEqual({
      sellerName: 'Evalmarket Inc.',
      sellerAddress: '1 Main St, Springfield, IL 62701, US',
      sellerTaxId: 'US-12-3456789',
      taxRatePercent: 8.25,
    });
    for (const bad of ['120', '-1', '8.255', 'ten']) {
      expect(() => loadConfig({ NODE_ENV: 'test', INVOICE_TAX_RATE_PERCENT: bad })).toThrow(
        /INVOICE_TAX_RATE_PERCENT must be a percentage from 0 to 100/,
      );
    }
  });
});
