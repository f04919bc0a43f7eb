import { mailboxLink, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { TSession } from '@evalmarket/contracts';
import type { Page } from 'playwright-core';

/** Signs a person in through the console the way a person does: the emailed link, in the page. */
export async function signInInBrowser(page: Page, api: ApiProcess, email: string): Promise<void> {
  await requestLink(api, email);
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'detached' });
}

/**
 * A session for setting the scene through the API (credits, evaluations, ...) before the browser
 * looks at it. Names the person when asked, so the account label is predictable.
 */
export async function apiSession(
  api: ApiProcess,
  email: string,
  name?: { first_name: string; last_name: string },
): Promise<TSession & { call: <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T> }> {
  await requestLink(api, email);
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  const token = new URL(link).searchParams.get('token');
  const session = (await post(api, '/api/v1/auth/verify', { token })) as TSession;
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const reply = await fetch(`${api.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${session.access_token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${reply.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  if (name) await call('/api/v1/profile/', { method: 'PUT', body: name });
  return { ...session, call };
}

async function requestLink(api: ApiProcess, email: string): Promise<void> {
  await post(api, '/api/v1/auth/magic-link', { email });
}

async function post(api: ApiProcess, path: string, body: unknown): Promise<unknown> {
  const reply = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/**
 * Buys credits the way Stripe.js would: the API's PaymentIntent, confirmed at the local Stripe
 * double with the publishable key and the intent's client secret.
 */
export async function buyCredits(
  api: ApiProcess,
  person: Awaited<ReturnType<typeof apiSession>>,
  amountUsd: number,
): Promise<void> {
  const intent = await person.call<{ payment_intent_id: string; client_secret: string }>(
    '/api/v1/wallet/purchase-credits',
    { body: { amount_usd: amountUsd } },
  );
  const config = (await (await fetch(`${api.baseUrl}/api/v1/payments/config`)).json()) as {
    api_base: string;
    publishable_key: string;
  };
  const reply = await fetch(`${config.api_base}/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${config.publishable_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: intent.client_secret }),
  });
  if (!reply.ok) throw new Error(`confirming the purchase: ${reply.status} ${await reply.text()}`);
}

/**
 * Puts card money in the platform's Stripe balance (local test mode): someone buys credits.
 * Cash-outs need available funds, as they do at Stripe.
 */
export async function fundPlatform(api: ApiProcess, email: string, amountUsd: number): Promise<void> {
  await buyCredits(api, await apiSession(api, email), amountUsd);
}
