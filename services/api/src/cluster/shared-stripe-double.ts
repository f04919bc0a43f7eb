import { randomBytes } from 'node:crypto';
import { startStripeFake, type StripeFake } from '@evalmarket/stripe-double';
import { CONNECT_WEBHOOK_PATH, WEBHOOK_PATH } from '../payments/payments-routes.js';

/**
 * The local cluster's payments: one Stripe double in the launcher's process, shared by every
 * member (STRIPE_DOUBLE_URL), so an intent created through one API replica can be confirmed,
 * refunded or reconciled through the other; its signed webhooks go to the load balancer, as
 * Stripe's go to the public endpoint. Each member would otherwise start a double of its own
 * that the other replicas know nothing of. Not started when the cluster is given real Stripe keys.
 */
export interface ClusterStripeDouble {
  fake: StripeFake;
  /** The settings every member gets. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSharedStripeDouble(
  frontUrl: string,
  publicUrl: string,
): Promise<ClusterStripeDouble> {
  const webhookSecret = `whsec_cluster${randomBytes(16).toString('hex')}`;
  const connectWebhookSecret = `whsec_clusterconnect${randomBytes(16).toString('hex')}`;
  const fake = await startStripeFake({
    webhookSecret,
    connectWebhookSecret,
    webhookTarget: { url: `${frontUrl}/api/v1${WEBHOOK_PATH}` },
    connectWebhookTarget: { url: `${frontUrl}/api/v1${CONNECT_WEBHOOK_PATH}` },
    // A fail-over answers 503 for a moment; Stripe retries for days, so keep trying for a while.
    maxDeliveryAttempts: 30,
    retryDelayMs: 100,
    allowedOrigin: new URL(publicUrl).origin,
  });
  return {
    fake,
    env: {
      STRIPE_DOUBLE_URL: fake.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
    },
    close: () => fake.close(),
  };
}
