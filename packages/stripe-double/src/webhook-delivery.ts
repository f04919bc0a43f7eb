import { sleep } from './params.js';
import {
  API_VERSION,
  type DeliveredWebhook,
  type StripeFakeOptions,
  type StripeFakeSwitches,
  type StripeObject,
  type WebhookTarget,
} from './types.js';
import { signatureHeader } from './webhook-signature.js';
import type { ObjectStore } from './object-store.js';

/**
 * Events and their delivery as signed webhooks: to the platform's endpoint, or the Connect
 * endpoint for events on connected accounts; held, copied, delayed or reordered as the switches
 * say, retried with backoff on a non-2xx answer.
 */
export function createWebhookDelivery(
  options: StripeFakeOptions,
  switches: StripeFakeSwitches,
  { newId, nowSeconds, present }: Pick<ObjectStore, 'newId' | 'nowSeconds' | 'present'>,
) {
  const events: StripeObject[] = [];
  const held: StripeObject[] = [];
  const delivered: DeliveredWebhook[] = [];
  const running = new Set<Promise<void>>();
  /** Where webhooks go now; a test may move them (`setWebhookTarget`). */
  const targets: { platform?: WebhookTarget; connect?: WebhookTarget } = {
    platform: options.webhookTarget,
    connect: options.connectWebhookTarget,
  };
  const maxAttempts = options.maxDeliveryAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 50;
  // Webhooks -------------------------------------------------------------------------------

  /**
   * Records an event. `connectedAccount` marks an event that happened on a connected account:
   * Stripe sends those only to Connect endpoints, with `account` set.
   */
  const emit = (
    type: string,
    object: StripeObject,
    requestIdempotencyKey?: string,
    connectedAccount?: string,
  ) => {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: requestIdempotencyKey ?? null },
      // Events cannot expand: a charge comes without its refunds (API 2022-11-15 and later).
      data: { object: present(object, []) },
      ...(connectedAccount ? { account: connectedAccount } : {}),
    };
    events.push(event);
    if (switches.webhookMode === 'hold') held.push(event);
    else track(deliverCopies(event));
  };

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const deliverCopies = async (event: StripeObject) => {
    await Promise.all(Array.from({ length: Math.max(1, switches.webhookCopies) }, () => deliver(event)));
  };

  const deliver = async (event: StripeObject) => {
    if (switches.webhookDelayMs > 0) await sleep(switches.webhookDelayMs);
    const payload = JSON.stringify(event, null, 2);
    const connect = typeof event.account === 'string';
    const secret = connect ? options.connectWebhookSecret : options.webhookSecret;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const target = connect ? targets.connect : targets.platform;
      if (!target || !secret) return;
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(payload, secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      let status = 0;
      try {
        if ('url' in target) {
          const response = await fetch(target.url, { method: 'POST', headers, body: payload });
          status = response.status;
          await response.arrayBuffer();
        } else {
          status = await target.deliver(payload, headers);
        }
      } catch {
        status = 0;
      }
      delivered.push({ event_id: event.id, type: String(event.type), status });
      if (status >= 200 && status < 300) return;
      await sleep(retryDelayMs * attempt);
    }
  };

  return { events, held, delivered, running, targets, emit, track, deliverCopies };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
