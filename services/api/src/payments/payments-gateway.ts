import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startStripeFake, type StripeFake } from '@evalmarket/stripe-double';
import Stripe from 'stripe';
import type { SharedStripeDouble } from '../config/app-config.js';
import type { DomainContext } from '../runtime/domain-context.js';

/**
 * How the API reaches Stripe. With STRIPE_SECRET_KEY the real Stripe; otherwise (the embedded
 * default, DESIGN section 3) the loopback double (@evalmarket/stripe-double) that speaks the same REST API and
 * signs its webhooks with a secret made up at start. Either way production code talks to Stripe
 * only through the `stripe` SDK.
 */
export interface PaymentsGateway {
  stripe: Stripe;
  webhookSecret: string;
  /** Signing secret of the Connect endpoint (events of connected accounts). */
  connectWebhookSecret: string;
  mode: 'stripe' | 'local';
  publishableKey: string;
  /** Local mode: the fake's base URL (the console confirms payments there). */
  apiBase: string | undefined;
  /** Local mode with a double of this process's own (not with STRIPE_DOUBLE_URL). */
  fake: StripeFake | undefined;
  close(): Promise<void>;
}

/**
 * The one gateway of a runtime, made by the composition root: `get` starts it on first use (so
 * a runtime that never takes a payment starts no double), `close` stops it with the runtime.
 */
export function paymentsGatewayOnDemand(context: Pick<DomainContext, 'config' | 'logger'>): {
  get(): Promise<PaymentsGateway>;
  close(): Promise<void>;
} {
  let gateway: Promise<PaymentsGateway> | undefined;
  return {
    get: () => (gateway ??= openGateway(context)),
    async close() {
      const started = gateway;
      gateway = undefined;
      if (started) await (await started).close();
    },
  };
}

async function openGateway(context: Pick<DomainContext, 'config' | 'logger'>): Promise<PaymentsGateway> {
  const settings = context.config.stripe;
  if (settings) {
    return {
      stripe: new Stripe(settings.secretKey, { maxNetworkRetries: 2 }),
      webhookSecret: settings.webhookSecret,
      connectWebhookSecret: settings.connectWebhookSecret,
      mode: 'stripe',
      publishableKey: settings.publishableKey,
      apiBase: undefined,
      fake: undefined,
      close: async () => undefined,
    };
  }
  if (context.config.nodeEnv === 'production') {
    // loadConfig already refuses this; the double must never stand in for Stripe in production.
    throw new Error('Stripe settings are required in production; the local Stripe double is not used there');
  }
  if (context.config.stripeDouble) return sharedDoubleGateway(context.config.stripeDouble, context);
  const webhookSecret = `whsec_local${randomBytes(16).toString('hex')}`;
  const connectWebhookSecret = `whsec_localconnect${randomBytes(16).toString('hex')}`;
  // The embedded default keeps its database in DATA_DIR; the fake's objects live next to it so
  // the Stripe ids stored in events still resolve after a restart.
  const fake = await startStripeFake({
    webhookSecret,
    connectWebhookSecret,
    // Only the console (Stripe.js stand-in) may call the double from a browser.
    allowedOrigin: new URL(context.config.publicUrl).origin,
    stateFile: context.config.databaseUrl ? undefined : path.join(context.config.dataDir, 'stripe-fake.json'),
  });
  context.logger.info({ api_base: fake.url }, 'payments in local test mode (loopback Stripe fake)');
  return {
    stripe: localDoubleSdk(fake.url, LOCAL_SECRET_KEY),
    webhookSecret,
    connectWebhookSecret,
    mode: 'local',
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    apiBase: fake.url,
    fake,
    close: () => fake.close(),
  };
}

const LOCAL_SECRET_KEY = 'sk_test_local';
const LOCAL_PUBLISHABLE_KEY = 'pk_test_local';

/**
 * Local test mode against a double another process runs (STRIPE_DOUBLE_URL: the local cluster's
 * launcher), so every replica sees the same payments; that process delivers the webhooks (to the
 * load balancer), so this runtime has no `fake` to point at itself.
 */
function sharedDoubleGateway(
  double: SharedStripeDouble,
  context: Pick<DomainContext, 'logger'>,
): PaymentsGateway {
  context.logger.info({ api_base: double.url }, 'payments in local test mode (shared Stripe double)');
  return {
    stripe: localDoubleSdk(double.url, LOCAL_SECRET_KEY),
    webhookSecret: double.webhookSecret,
    connectWebhookSecret: double.connectWebhookSecret,
    mode: 'local',
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    apiBase: double.url,
    fake: undefined,
    close: async () => undefined,
  };
}

/** The real `stripe` SDK pointed at a loopback double (`key`: the secret or publishable key). */
export function localDoubleSdk(apiBase: string, key: string): Stripe {
  const url = new URL(apiBase);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}
