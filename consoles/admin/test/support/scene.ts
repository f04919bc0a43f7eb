import { mailboxLink, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { TSession } from '@evalmarket/contracts';
import type { Page } from 'playwright-core';

export type Call = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

async function post(api: ApiProcess, path: string, body: unknown): Promise<unknown> {
  const reply = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** Emails a sign-in link and returns its token, as the staff member would read it. */
export async function signInToken(api: ApiProcess, email: string): Promise<string> {
  await post(api, '/api/v1/auth/magic-link', { email });
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  return new URL(link).searchParams.get('token')!;
}

/** A session for setting the scene through the API, named when asked. */
export async function apiSession(
  api: ApiProcess,
  email: string,
  name?: { first_name: string; last_name: string },
): Promise<TSession & { call: Call }> {
  const token = await signInToken(api, email);
  const session = (await post(api, '/api/v1/auth/verify', { token })) as TSession;
  const call: Call = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
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

/** Makes a pending evaluator applicant by the Indeed route. */
export async function applyByIndeed(person: { call: Call }, handle: string): Promise<void> {
  await person.call('/api/v1/evaluator/apply', {
    body: { application_method: 'indeed', indeed_url: `https://www.indeed.com/r/${handle}` },
  });
}

/** Buys credits by card through the API's local Stripe fake, and waits for the credits. */
export async function buyCredits(person: { call: Call }, amountUsd: number): Promise<void> {
  const config = await person.call<{ mode: string; api_base: string; publishable_key: string }>(
    '/api/v1/payments/config',
  );
  if (config.mode !== 'local') throw new Error('expected the local Stripe fake');
  const before = await person.call<{ credits_balance: number }>('/api/v1/wallet/balance');
  const intent = await person.call<{ payment_intent_id: string; client_secret: string }>(
    '/api/v1/wallet/purchase-credits',
    { body: { amount_usd: amountUsd } },
  );
  const confirm = await fetch(`${config.api_base}/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${config.publishable_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    // Like Stripe.js: a publishable key confirms only with the intent's client secret.
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: intent.client_secret }),
  });
  if (!confirm.ok) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const now = await person.call<{ credits_balance: number }>('/api/v1/wallet/balance');
    if (now.credits_balance > before.credits_balance) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the purchased credits never arrived');
}

/**
 * Signs a person in on the USER console the way they would: the emailed link opens its
 * /auth/callback, which lands on the home page at /.
 */
export async function signInToUserConsole(page: Page, api: ApiProcess, email: string): Promise<void> {
  await post(api, '/api/v1/auth/magic-link', { email });
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'detached' });
}
