/**
 * Building a world through the API, as a person would: sign in by magic link (read from the
 * development mailbox, absent in production), apply as an evaluator, buy credits in local
 * payments mode, create and configure an evaluation, ingest items through the SDK. Each step
 * is a checked request (see expectJson), so setup failures show in the summary.
 */
import http from 'k6/http';
import { sleep } from 'k6';
import { call, expectJson } from './api.ts';
import type { Session } from './session.ts';

const FORM = 'application/x-www-form-urlencoded';
/** The SDK takes at most this many items per request (MAX_SDK_BATCH_ITEMS). */
export const SDK_BATCH = 1_000;

interface SessionReply {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; is_admin?: boolean };
}

/** The sign-in token of the newest link mailed to `email` (the dev mailbox lists newest first). */
function mailedToken(email: string): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const reply = call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`, undefined, {
      endpoint: 'dev_mailbox',
    });
    const messages = expectJson<Array<{ links: string[] }>>(reply, 200, 'read the dev mailbox');
    const link = messages[0]?.links.find((candidate) => /[?&]token=/.test(candidate));
    const token = link && /[?&]token=([^&#]+)/.exec(link)?.[1];
    if (token) return decodeURIComponent(token);
    sleep(0.25);
  }
  throw new Error(`no sign-in link reached ${email}`);
}

/** Signs `email` in (registering it the first time) and names the person; returns the session. */
export function signIn(email: string): Session {
  expectJson(
    call('POST', '/auth/magic-link', { email }, { endpoint: 'magic_link' }),
    200,
    'ask for a sign-in link',
  );
  const verified = expectJson<SessionReply>(
    call('POST', '/auth/verify', { token: mailedToken(email) }, { endpoint: 'verify' }),
    200,
    'sign in with the link',
  );
  const session: Session = {
    access_token: verified.access_token,
    refresh_token: verified.refresh_token,
    expires_at: verified.expires_at,
    user_id: verified.user.id,
  };
  expectJson(
    call(
      'PUT',
      '/profile/',
      { first_name: 'Load', last_name: 'Tester' },
      { token: session.access_token, endpoint: 'profile' },
    ),
    200,
    'name the person',
  );
  return session;
}

/** Applies as an evaluator (pending evaluators may claim paid items). */
export function applyAsEvaluator(token: string): void {
  expectJson(
    call(
      'POST',
      '/evaluator/apply',
      { application_method: 'indeed', indeed_url: 'https://www.indeed.com/r/k6-load-test' },
      { token, endpoint: 'evaluator_apply' },
    ),
    201,
    'apply as an evaluator',
  );
}

/** Development only: credits granted to the signed-in person's spending account. */
export function grantCredits(token: string, credits: number): void {
  expectJson(
    call('POST', '/dev/grant-credits', { amount_credits: credits }, { token, endpoint: 'dev_grant_credits' }),
    201,
    'grant credits',
  );
}

/** The spending balance in credits. */
export function spendingBalance(token: string): number {
  return expectJson<{ credits_balance: number }>(
    call('GET', '/wallet/balance?context=spending', undefined, { token, endpoint: 'wallet_balance' }),
    200,
    'read the balance',
  ).credits_balance;
}

/**
 * Buys `usd` dollars of credits the way the console does: the API opens a PaymentIntent, the
 * card is confirmed at Stripe (in local payments mode the loopback double at `api_base`, with the
 * publishable key as bearer, DESIGN.md section 3), and the credits arrive with the webhook, so
 * the balance is read until they are there.
 */
export function buyCredits(token: string, usd: number): void {
  const before = spendingBalance(token);
  const config = expectJson<{ mode: 'local' | 'stripe'; api_base?: string; publishable_key: string }>(
    call('GET', '/payments/config', undefined, { endpoint: 'payments_config' }),
    200,
    'read the payments configuration',
  );
  const intent = expectJson<{ payment_intent_id: string; client_secret: string }>(
    call('POST', '/wallet/purchase-credits', { amount_usd: usd }, { token, endpoint: 'purchase_credits' }),
    200,
    'open a purchase',
  );
  const stripeBase = config.mode === 'local' ? config.api_base : 'https://api.stripe.com';
  // With a publishable key, Stripe's API (and the local double, as strict) confirms an intent
  // only with its client secret, as Stripe.js sends it.
  const form: Record<string, string> = {
    payment_method: 'pm_card_visa',
    client_secret: intent.client_secret,
  };
  const confirmed = http.post(`${stripeBase}/v1/payment_intents/${intent.payment_intent_id}/confirm`, form, {
    headers: { authorization: `Bearer ${config.publishable_key}`, 'content-type': FORM },
    responseType: 'text',
    tags: { endpoint: 'stripe_confirm', name: 'stripe_confirm' },
  });
  const paid = expectJson<{ status: string }>(confirmed, 200, 'confirm the card payment');
  if (paid.status !== 'succeeded') throw new Error(`the payment is ${paid.status}, not succeeded`);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (spendingBalance(token) >= before + usd * 1_000) return;
    sleep(0.1);
  }
  throw new Error('the purchased credits did not arrive (webhook) within 30 s');
}

export interface Evaluation {
  evaluationId: string;
  apiKey: string;
  projectId: string;
}

/**
 * An active evaluation paying `rate` credits a vote to paid (pending or verified) evaluators,
 * `votesPerItem` distinct evaluators per item, with a project API key for the SDK. Needs at
 * least 100 spendable credits (the console's budget_amount).
 */
export function createEvaluation(token: string, options: { rate: number; votesPerItem: number }): Evaluation {
  const created = expectJson<{ id: string }>(
    call(
      'POST',
      '/jobs',
      {
        title: 'Load test: chatbot answers',
        description: 'Are the answers helpful?',
        model_type: 'gpt-4',
        budget_amount: 100,
        reward_per_vote: options.rate,
        visibility_settings: { is_public: true },
      },
      { token, endpoint: 'create_evaluation' },
    ),
    201,
    'create an evaluation',
  );
  const key = expectJson<{ api_key: string; project_id: string }>(
    call(
      'POST',
      `/evaluations/${created.id}/api-keys`,
      { name: 'k6' },
      { token, endpoint: 'create_api_key' },
    ),
    201,
    'create a project API key',
  );
  expectJson(
    call(
      'POST',
      `/projects/${created.id}/evaluation-config`,
      {
        evaluation_enabled: true,
        permission_level: 'paid_only',
        credit_rates: { community_rate: options.rate, expert_rate: options.rate + 1 },
        app_detection: { primary_url: 'https://app.example.com', access_level: 'public' },
        votes_per_item: options.votesPerItem,
      },
      { token, endpoint: 'configure_evaluation' },
    ),
    200,
    'configure the evaluation',
  );
  return { evaluationId: created.id, apiKey: key.api_key, projectId: key.project_id };
}

/** Ingests `count` items with ids `{prefix}-{n}` through the SDK, in batches the SDK accepts. */
export function ingestItems(
  evaluation: Evaluation,
  prefix: string,
  count: number,
  batchSize = SDK_BATCH,
): void {
  for (let start = 0; start < count; start += batchSize) {
    const items = [];
    for (let n = start; n < Math.min(count, start + batchSize); n += 1) {
      items.push({ id: `${prefix}-${n}`, input: `question ${n}`, output: `answer ${n}` });
    }
    const accepted = expectJson<{ accepted: number }>(
      call(
        'POST',
        '/sdk/items',
        { project_id: evaluation.projectId, items },
        { token: evaluation.apiKey, endpoint: 'sdk_ingest' },
      ),
      202,
      'ingest items through the SDK',
    );
    if (accepted.accepted !== items.length)
      throw new Error(`the SDK accepted ${accepted.accepted} of ${items.length} items`);
  }
}
