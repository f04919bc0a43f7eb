import { createBalances } from './balances.js';
import { createIntentFlow } from './intent-flow.js';
import { createObjectStore } from './object-store.js';
import { createPaymentMethods } from './payment-methods.js';
import type { StripeFakeOptions, StripeFakeSwitches } from './types.js';
import { createWebhookDelivery } from './webhook-delivery.js';

/**
 * The double's state and the behaviour every route shares, composed from its parts: the objects
 * in memory, webhook delivery, balances, payment methods and the intent flow, plus the switches a
 * test sets and the idempotency replays.
 */
export function createDoubleState(options: StripeFakeOptions) {
  const switches: StripeFakeSwitches = {
    webhookMode: 'immediate',
    webhookCopies: 1,
    webhookDelayMs: 0,
    reverseOnFlush: false,
    fundsAvailableAfterSeconds: 0,
    refundsStartPending: false,
    rateLimitNextRequests: 0,
  };
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const objectStore = createObjectStore(options);
  const webhooks = createWebhookDelivery(options, switches, objectStore);
  const methods = createPaymentMethods(objectStore, webhooks);
  return {
    options,
    /** The double's own address, known once it listens (links to its fake hosted pages). */
    publicUrl: '',
    switches,
    idempotent,
    ...objectStore,
    ...webhooks,
    ...createBalances(objectStore),
    ...methods,
    ...createIntentFlow(objectStore, webhooks, methods, switches),
  };
}

export type DoubleState = ReturnType<typeof createDoubleState>;
