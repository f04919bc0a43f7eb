import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DoubleState } from './double-state.js';
import { FakeError, invalidRequest, PUBLISHABLE_KEY_FORBIDDEN, RATE_LIMITED } from './errors.js';
import { type FormObject, parseFormBody } from './form-body.js';
import { apiKeyKind, expandOf, headerValue, readBody, str } from './params.js';
import type { Route } from './routes/route.js';
import { API_VERSION, type StripeList, type StripeObject } from './types.js';

type Send = (status: number, text: string, extra?: Record<string, string>) => void;
type KeyKind = NonNullable<ReturnType<typeof apiKeyKind>>;

const NO_API_KEY = JSON.stringify({
  error: { type: 'invalid_request_error', message: 'You did not provide an API key.' },
});

/*
 * The double's HTTP side: CORS for the console's origin, the fake hosted pages, API keys (a
 * publishable key only with an intent's client_secret), the rate-limit switch, Idempotency-Key
 * replays, routing and Stripe's error shape.
 */

/** The console in local test mode calls the double from the browser, like Stripe.js calls Stripe. */
const corsHeaders = (origin: string): Record<string, string> => ({
  'access-control-allow-origin': origin,
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  vary: 'Origin',
});

/**
 * The fake's own pages, standing in for Stripe's hosted onboarding and the Express dashboard:
 * answered here (true) or not one of them (false).
 */
function serveFakePage(
  url: URL,
  response: ServerResponse,
  requestId: string,
  completeOnboarding: (accountId: string) => void,
  send: Send,
): boolean {
  const onboarding = /^\/_fake\/onboarding\/([^/]+)$/.exec(url.pathname);
  if (onboarding) {
    try {
      completeOnboarding(onboarding[1]!);
    } catch {
      send(404, JSON.stringify({ error: { message: 'No such account' } }));
      return true;
    }
    const back = url.searchParams.get('return_url');
    response.writeHead(back ? 302 : 200, { ...(back ? { location: back } : {}), 'request-id': requestId });
    response.end(back ? '' : 'Onboarding complete');
    return true;
  }
  if (/^\/_fake\/express\/[^/]+$/.test(url.pathname)) {
    response.writeHead(200, { 'content-type': 'text/plain', 'request-id': requestId });
    response.end('Stripe Express dashboard (fake)');
    return true;
  }
  return false;
}

/**
 * A publishable key may only read or confirm a PaymentIntent or SetupIntent, with its
 * client_secret (PaymentIntents.d.ts: "We require it if you use a publishable key"); no
 * refunds, no lists, no other reads.
 */
function checkPublishableUse(
  objects: DoubleState['objects'],
  allowed: boolean,
  id: string | undefined,
  params: FormObject,
): void {
  if (!allowed)
    throw new FakeError(401, { type: 'invalid_request_error', message: PUBLISHABLE_KEY_FORBIDDEN });
  const target = id === undefined ? undefined : objects.get(id);
  if (!target || str(params.client_secret) !== target.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${target?.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'}.`,
      'client_secret',
      'resource_missing',
    );
  }
}

function presentReply(present: DoubleState['present'], reply: StripeObject | StripeList, expand: string[]) {
  if (reply.object !== 'list') return present(reply as StripeObject, expand);
  const inner = expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
  return { ...reply, data: (reply as StripeList).data.map((object) => present(object, inner)) };
}

/** A POST with a key seen before: the first reply again, or 400 when the parameters differ. */
function replayed(
  idempotent: DoubleState['idempotent'],
  key: string,
  fingerprint: string,
  send: Send,
): boolean {
  const previous = idempotent.get(key);
  if (!previous) return false;
  if (previous.fingerprint !== fingerprint) {
    send(
      400,
      JSON.stringify({
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        },
      }),
    );
  } else {
    send(previous.status, previous.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
  }
  return true;
}

export function createRequestHandler(
  state: DoubleState,
  routes: Route[],
  completeOnboarding: (accountId: string) => void,
  fakeUrl: () => string,
) {
  const { objects, idempotent, switches, persist, newId, present, options } = state;
  /** The API call itself: its route's answer, or Stripe's error body with its status. */
  const answer = (
    method: string,
    url: URL,
    params: FormObject,
    keyKind: KeyKind,
    key: string | undefined,
    requestId: string,
  ) => {
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
    );
    try {
      if (!route)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}).`,
          undefined,
          'url_invalid',
          404,
        );
      const match = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      if (keyKind === 'publishable')
        checkPublishableUse(objects, route.publishable === true, match[0], params);
      return {
        status: 200,
        text: JSON.stringify(
          presentReply(present, route.handle(match, params, key), expandOf(params)),
          null,
          2,
        ),
      };
    } catch (error) {
      if (!(error instanceof FakeError)) throw error;
      const text = JSON.stringify({
        error: { ...error.body, request_log_url: `${fakeUrl()}/logs/${requestId}` },
      });
      return { status: error.status, text };
    }
  };

  return async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = newId('req');
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stripe.fake');
    const method = request.method ?? 'GET';
    const origin = headerValue(request.headers.origin);
    const cors = origin !== undefined && origin === options.allowedOrigin ? corsHeaders(origin) : {};
    const send: Send = (status, text, extra = {}) => {
      response.writeHead(status, {
        ...cors,
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': API_VERSION,
        ...extra,
      });
      response.end(text);
    };

    if (method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'request-id': requestId });
      return response.end();
    }
    if (method === 'GET' && serveFakePage(url, response, requestId, completeOnboarding, send)) return;

    const keyKind = apiKeyKind(request.headers.authorization);
    if (!keyKind) return send(401, NO_API_KEY);
    if (switches.rateLimitNextRequests > 0) {
      switches.rateLimitNextRequests -= 1;
      return send(429, JSON.stringify({ error: RATE_LIMITED }));
    }

    const params =
      method === 'GET' || method === 'DELETE' ? parseFormBody(url.search.slice(1)) : parseFormBody(body);
    const key = headerValue(request.headers['idempotency-key']);
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${body}`).digest('hex');
    if (key && method === 'POST' && replayed(idempotent, key, fingerprint, send)) return;

    const { status, text } = answer(method, url, params, keyKind, key, requestId);
    if (key && method === 'POST' && status !== 401) idempotent.set(key, { fingerprint, status, body: text });
    if (method !== 'GET') persist();
    send(status, text, key ? { 'idempotency-key': key } : {});
  };
}
