import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { problemsOf } from './support/config-problems.js';

/** What the local cluster's launcher gives every member (services/api/src/cluster). */
const SHARED_DOUBLE = {
  STRIPE_DOUBLE_URL: 'http://127.0.0.1:41234/',
  STRIPE_WEBHOOK_SECRET: 'whsec_clusterabc',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_clusterconnectabc',
};

describe('STRIPE_DOUBLE_URL: one Stripe double shared by a local cluster', () => {
  it('is local test mode against the given double with its signing secrets', () => {
    const config = loadConfig(SHARED_DOUBLE);
    expect(config.stripe).toBeUndefined();
    expect(config.stripeDouble).toEqual({
      url: 'http://127.0.0.1:41234',
      webhookSecret: 'whsec_clusterabc',
      connectWebhookSecret: 'whsec_clusterconnectabc',
    });
    expect(loadConfig({}).stripeDouble).toBeUndefined();
  });

  it('needs both signing secrets and an http URL', () => {
    expect(problemsOf({ STRIPE_DOUBLE_URL: 'http://127.0.0.1:41234' })).toEqual([
      "STRIPE_DOUBLE_URL needs STRIPE_WEBHOOK_SECRET (the double's signing secret)",
      "STRIPE_DOUBLE_URL needs STRIPE_CONNECT_WEBHOOK_SECRET (the double's signing secret)",
    ]);
    expect(problemsOf({ ...SHARED_DOUBLE, STRIPE_DOUBLE_URL: 'ftp://127.0.0.1' })).toContain(
      'STRIPE_DOUBLE_URL must be an http:// or https:// URL (got "ftp://127.0.0.1")',
    );
  });

  it('is not Stripe: the secret and publishable keys exclude it', () => {
    expect(
      problemsOf({
        ...SHARED_DOUBLE,
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY and STRIPE_DOUBLE_URL exclude each other (the double is not Stripe)',
      'STRIPE_PUBLISHABLE_KEY and STRIPE_DOUBLE_URL exclude each other (the double is not Stripe)',
    ]);
  });

  it('is refused in production', () => {
    expect(
      problemsOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', ...SHARED_DOUBLE }),
    ).toContain(
      'STRIPE_DOUBLE_URL must not be set when NODE_ENV is production (no local payments double there)',
    );
  });
});
