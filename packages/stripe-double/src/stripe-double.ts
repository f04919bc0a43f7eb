import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDoubleState } from './double-state.js';
import type { StripeFake, StripeFakeOptions } from './types.js';

import { createRequestHandler } from './http-handler.js';
import { allRoutes } from './routes/index.js';
import { testControls } from './test-controls.js';

/*
 * A fake of the parts of Stripe's REST API the marketplace uses, spoken over loopback HTTP so the
 * real `stripe` SDK talks to it unchanged (`new Stripe(key, { host, port, protocol: 'http' })`).
 * Objects live in memory. Behaviour follows Stripe's test mode: magic payment methods
 * (`pm_card_visa` succeeds, `pm_card_chargeDeclined` declines, `pm_card_authenticationRequired`
 * needs the customer present), errors as `{error: {type, code, message, ...}}` with Stripe's
 * statuses, a `request-id` on every reply, `Idempotency-Key` replays. Events are delivered as
 * signed webhooks (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, "t.payload")`).
 */

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const state = createDoubleState(options);
  const { objects, events, held, delivered, running, switches, targets, deliverCopies, newId } = state;
  const controls = testControls(state);
  const handle = createRequestHandler(state, allRoutes(state), controls.completeOnboarding, () => fakeUrl());

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fakeUrl = () => `http://127.0.0.1:${port}`;
  state.publicUrl = fakeUrl();

  const fake: StripeFake = {
    url: fakeUrl(),
    host: '127.0.0.1',
    port,
    switches,
    delivered,
    setWebhookTarget(target) {
      targets.platform = target;
    },
    setConnectWebhookTarget(target) {
      targets.connect = target;
    },
    async flushWebhooks() {
      const batch = held.splice(0, held.length);
      if (switches.reverseOnFlush) batch.reverse();
      for (const event of batch) await deliverCopies(event);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get: (id) => objects.get(id),
    events: () => [...events],
    ...controls,
    async close() {
      await fake.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

export { signatureHeader } from './webhook-signature.js';
export { API_VERSION } from './types.js';
export type {
  StripeFake,
  StripeFakeOptions,
  StripeFakeSwitches,
  StripeObject,
  WebhookTarget,
  DeliveredWebhook,
} from './types.js';
