import type Stripe from 'stripe';
import { localDoubleSdk } from '../../src/payments/payments-gateway.js';
import { postUntilAnswered, runLoad, type Load, type LoadPerson } from './cluster-load.js';

/*
 * The money half of the cluster's load, through the load balancer and the cluster's one shared
 * Stripe double, as people do it: requesters buy credits with a card (the API makes the intent,
 * the browser confirms it at "Stripe", the signed webhook brings the credits), evaluators connect
 * a bank account and cash out what their votes earned.
 */

/** What the console reads from GET /payments/config to reach Stripe (local test mode). */
export interface LocalStripeConfig {
  api_base: string;
  publishable_key: string;
}

export async function readStripeConfig(baseUrl: string): Promise<LocalStripeConfig> {
  const config = (await (await fetch(`${baseUrl}/api/v1/payments/config`)).json()) as Record<string, string>;
  if (config.mode !== 'local')
    throw new Error(`the cluster is not in local payments mode: ${JSON.stringify(config)}`);
  return { api_base: config.api_base!, publishable_key: config.publishable_key! };
}

/**
 * Each person buys `usd` of credits again and again. Acknowledged: the intent the API made
 * (id: its purchase id) once the card payment is confirmed; its credits come by webhook, so
 * wait for the double to be idle before reading balances.
 */
export function startPurchaseLoad(
  baseUrl: string,
  people: readonly LoadPerson[],
  stripe: LocalStripeConfig,
  usd = 50,
): Load {
  const browser = localDoubleSdk(stripe.api_base, stripe.publishable_key);
  return runLoad(people, async (person, index, n, load) => {
    const key = `purchase-${index}-${n}`;
    const url = `${baseUrl}/api/v1/wallet/purchase-credits`;
    const reply = await postUntilAnswered(
      url,
      person.authorization,
      { amount_usd: usd },
      key,
      load.failedAttempts,
    );
    if (reply.status !== 200)
      throw new Error(`purchase ${key}: ${reply.status} ${JSON.stringify(reply.json)}`);
    const id = String(reply.json.payment_intent_id);
    // What Stripe.js does with the client secret the console got.
    await browser.paymentIntents.confirm(id, {
      payment_method: 'pm_card_visa',
      client_secret: String(reply.json.client_secret),
    } as Stripe.PaymentIntentConfirmParams);
    load.acknowledged.push({
      id,
      userId: person.userId,
      amount: Number(reply.json.credits),
      sentAt: reply.sentAt,
      ackedAt: Date.now(),
    });
    return 'more';
  });
}

/**
 * Connects each evaluator's bank account (Connect account, hosted onboarding at the double) and
 * puts `cents` in the platform's available Stripe balance so transfers can be paid.
 */
export async function preparePayouts(
  baseUrl: string,
  evaluators: readonly LoadPerson[],
  stripe: LocalStripeConfig & { secret_key: string },
  cents: number,
): Promise<void> {
  const call = async (person: LoadPerson, method: string, path: string) => {
    const reply = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: person.authorization },
    });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as Record<string, unknown>;
  };
  for (const person of evaluators) {
    await call(person, 'POST', '/payments/connect/create-account');
    const link = await call(person, 'POST', '/payments/connect/onboarding-link');
    await fetch(String(link.onboarding_url), { redirect: 'manual' });
  }
  // Stripe's test card 4000000000000077: funds available at once, no credits bought.
  await localDoubleSdk(stripe.api_base, stripe.secret_key).paymentIntents.create({
    amount: cents,
    currency: 'usd',
    payment_method: 'pm_card_bypassPending',
    allowed_payment_method_types: ['card'],
    confirm: true,
  });
  for (const person of evaluators) {
    const deadline = Date.now() + 30_000;
    while (!(await call(person, 'GET', '/payments/connect/status')).payouts_enabled) {
      if (Date.now() > deadline) throw new Error(`${person.userId}: payouts not enabled after onboarding`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Each evaluator cashes out everything cashable every `everyMs` (a 422 "Minimum Balance Not Met"
 * just waits for more votes). Acknowledged: the cash-outs (id: the cash-out id).
 */
export function startCashoutLoad(baseUrl: string, evaluators: readonly LoadPerson[], everyMs = 1_000): Load {
  return runLoad(evaluators, async (person, index, n, load) => {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    const key = `cashout-${index}-${n}`;
    const url = `${baseUrl}/api/v1/evaluator/cashout`;
    const reply = await postUntilAnswered(url, person.authorization, {}, key, load.failedAttempts);
    if (reply.status === 422) return 'more';
    if (reply.status !== 200)
      throw new Error(`cash-out ${key}: ${reply.status} ${JSON.stringify(reply.json)}`);
    load.acknowledged.push({
      id: String(reply.json.cashout_id),
      userId: person.userId,
      amount: Number(reply.json.gross_credits),
      sentAt: reply.sentAt,
      ackedAt: Date.now(),
    });
    return 'more';
  });
}
