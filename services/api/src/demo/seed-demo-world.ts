import type { TAssignment, TCreatedApiKey, TEvaluation, TSession } from '@evalmarket/contracts';
import type { LangfuseFake } from '@evalmarket/langfuse-double';
import type { App } from '../app/build-app.js';
import { grantAdminRole } from '../identity/admin-role.js';
import { localBrowserStripe } from '../payments/local-browser-stripe.js';
import type { DomainContext } from '../runtime/domain-context.js';

/** The demo world's people (spec: "a fixed demo account exists"; here real accounts). */
export const DEMO_PEOPLE = {
  requester: { email: 'demo.requester@evalmarket.local', first_name: 'Dana', last_name: 'Requester' },
  community: { email: 'demo.community@evalmarket.local', first_name: 'Cory', last_name: 'Community' },
  expert: { email: 'demo.expert@evalmarket.local', first_name: 'Eva', last_name: 'Expert' },
  admin: { email: 'demo.admin@evalmarket.local', first_name: 'Ada', last_name: 'Admin' },
  applicant: { email: 'demo.applicant@evalmarket.local', first_name: 'Pat', last_name: 'Pending' },
  rejected: { email: 'demo.rejected@evalmarket.local', first_name: 'Rae', last_name: 'Rejected' },
} as const;

type DemoRole = keyof typeof DEMO_PEOPLE;
type Call = <T>(method: string, url: string, body?: unknown) => Promise<T>;

const DEMO_ITEMS = [
  ['How do I reset my password?', 'Open Settings, choose Security, then Reset password.'],
  ['What are your opening hours?', 'We are open around the clock, every day.'],
  ['Can I export my data as CSV?', 'Yes: Reports, then Export, then CSV.'],
  ['Do you ship to Canada?', 'We only ship within the EU at the moment.'],
  ['How do I cancel my plan?', 'Plans cannot be cancelled.'],
  ['Is there a student discount?', 'Students get 30% off with a valid university email.'],
] as const;

/**
 * Seeds the embedded default's demo world on first start (no one registered yet), through the
 * same HTTP routes people use, so everything in it is real events: six people signed in by magic
 * link, an admin, evaluator applications (verified community and expert, one pending, one
 * rejected), a card purchase, a saved card with auto-recharge, an evaluation fed by the SDK with
 * votes from both evaluators, and a cash-out of the expert's earnings through Connect (all in
 * the local Stripe test mode). Returns false when the world already exists.
 */
export async function seedDemoWorld(
  app: App,
  context: DomainContext,
  localLangfuse?: LangfuseFake,
): Promise<boolean> {
  const { rows } = await context.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (Number(rows[0]?.n ?? 0) > 0) return false;

  const sessions = {} as Record<DemoRole, { call: Call; userId: string }>;
  for (const role of Object.keys(DEMO_PEOPLE) as DemoRole[]) {
    const person = DEMO_PEOPLE[role];
    const session = await signIn(app, context, person.email);
    const call = caller(app, session.access_token);
    await call('PUT', '/api/v1/profile/', { first_name: person.first_name, last_name: person.last_name });
    sessions[role] = { call, userId: session.user.id };
  }
  await grantAdminRole(context, sessions.admin.userId, 'system:demo-seed', { actor: 'system:demo-seed' });

  // Evaluators: apply by Indeed; the admin verifies two (one per tier) and rejects one.
  for (const role of ['community', 'expert', 'applicant', 'rejected'] as const) {
    await sessions[role].call('POST', '/api/v1/evaluator/apply', {
      application_method: 'indeed',
      indeed_url: `https://www.indeed.com/r/demo-${role}`,
    });
  }
  const admin = sessions.admin.call;
  await admin('POST', `/api/v1/admin/evaluator/approve/${sessions.community.userId}`, {
    qualification_tier: 'community',
  });
  await admin('POST', `/api/v1/admin/evaluator/approve/${sessions.expert.userId}`, {
    qualification_tier: 'expert',
  });
  await admin('POST', `/api/v1/admin/evaluator/reject/${sessions.rejected.userId}`, {
    rejection_reason: 'The resume does not show experience reviewing AI output yet.',
  });

  // The requester buys $100 of credits with the test card, as the console does in local mode.
  const requester = sessions.requester.call;
  await purchaseCredits(context, requester, 100);
  await saveCardAndAutoRecharge(context, requester);

  // An evaluation fed by the SDK, paid to community and expert evaluators.
  const evaluation = await requester<TEvaluation>('POST', '/api/v1/jobs', {
    title: 'Support chatbot answers',
    description: 'Are the answers of our support chatbot correct and helpful?',
    data_selection_id: 'temp-selection-id',
    model_type: 'gpt-4',
    budget_amount: 100,
    reward_per_vote: 10,
    visibility_settings: { is_public: true },
  });
  const key = await requester<TCreatedApiKey>('POST', `/api/v1/evaluations/${evaluation.id}/api-keys`, {
    name: 'demo',
  });
  await requester('POST', `/api/v1/projects/${evaluation.id}/evaluation-config`, {
    evaluation_enabled: true,
    permission_level: 'paid_only',
    credit_rates: { community_rate: 1000, expert_rate: 4000 },
    app_detection: { primary_url: 'https://chat.example.com', access_level: 'public' },
    evaluation_instructions: {
      general_guidelines: 'Vote good when the answer is correct, complete and polite.',
      evaluation_criteria: 'Correctness first, then helpfulness.',
      app_context: 'A support chatbot for an online shop.',
      good_example: 'A precise answer that points to the right menu.',
      poor_example: 'A wrong or evasive answer.',
    },
    votes_per_item: 2,
  });
  await caller(app, key.api_key)('POST', '/api/v1/sdk/items', {
    project_id: evaluation.sdk_project_id,
    items: DEMO_ITEMS.map(([input, output], index) => ({ id: `demo-item-${index + 1}`, input, output })),
  });
  for (const [role, votes] of [
    ['community', ['good', 'good', 'bad']],
    ['expert', ['good', 'bad', 'bad', 'good']],
  ] as const) {
    for (const vote of votes) {
      const claim = await sessions[role].call<TAssignment>('POST', '/api/v1/evaluator/assignments', {
        evaluation_id: evaluation.id,
      });
      await sessions[role].call('POST', `/api/v1/evaluator/assignments/${claim.assignment_id}/vote`, {
        vote,
      });
    }
  }
  // The expert connects a payout account and cashes out part of the earnings.
  await cashOut(context, sessions.expert.call, 12_000);
  if (localLangfuse) await connectLocalLangfuse(requester, localLangfuse);
  return true;
}

/**
 * A second evaluation whose items come from the embedded default's own Langfuse: tested, a
 * project picked and connected through the same routes as the console, so its traces sync in
 * and votes go back to Langfuse as scores.
 */
async function connectLocalLangfuse(requester: Call, langfuse: LangfuseFake): Promise<void> {
  const evaluation = await requester<TEvaluation>('POST', '/api/v1/jobs', {
    title: 'Shop assistant traces (local Langfuse)',
    description: 'Traces of a shop assistant, synced from the local Langfuse project.',
    data_selection_id: 'temp-selection-id',
    model_type: 'gpt-4',
    budget_amount: 100,
    reward_per_vote: 10,
    visibility_settings: { is_public: true },
  });
  const keys = {
    langfuse_public_key: langfuse.publicKey,
    langfuse_secret_key: langfuse.secretKey,
    langfuse_host: langfuse.url,
  };
  const tested = await requester<{ projects: Array<{ id: string; name: string }> }>(
    'POST',
    `/api/v1/evaluations/${evaluation.id}/langfuse/test`,
    keys,
  );
  const project = tested.projects[0]!;
  await requester('POST', `/api/v1/evaluations/${evaluation.id}/langfuse/connect`, {
    ...keys,
    langfuse_project_id: project.id,
    langfuse_project_name: project.name,
  });
  await requester('POST', `/api/v1/projects/${evaluation.id}/evaluation-config`, {
    evaluation_enabled: true,
    permission_level: 'both',
    credit_rates: { community_rate: 500, expert_rate: 2000 },
    app_detection: { primary_url: 'https://shop.example.com', access_level: 'public' },
    evaluation_instructions: {
      general_guidelines: 'Vote good when the answer is correct and answers the question asked.',
    },
    votes_per_item: 2,
  });
}

/** Fresh sign-in links for the demo people (printed at start; each works once, for 15 minutes). */
export async function demoSignInLinks(app: App, context: DomainContext): Promise<Array<[string, string]>> {
  const links: Array<[string, string]> = [];
  for (const role of ['requester', 'community', 'expert', 'admin'] as const) {
    const { email } = DEMO_PEOPLE[role];
    await app.inject({ method: 'POST', url: '/api/v1/auth/magic-link', payload: { email } });
    const link = signInLink(context, email);
    if (link) links.push([`${role} (${email})`, link]);
  }
  return links;
}

function signInLink(context: DomainContext, email: string): string | undefined {
  for (const message of context.mailer.mailbox(email)) {
    const link = message.links.find((candidate) => candidate.includes('/auth/callback'));
    if (link) return link;
  }
  return undefined;
}

async function signIn(app: App, context: DomainContext, email: string): Promise<TSession> {
  const sent = await app.inject({ method: 'POST', url: '/api/v1/auth/magic-link', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`demo seed: magic link for ${email}: ${sent.body}`);
  // The newest sign-in link: transactional emails (receipts, ...) reach the same mailbox.
  const link = signInLink(context, email);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`demo seed: no sign-in link reached ${email}`);
  const verified = await app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`demo seed: sign-in of ${email}: ${verified.body}`);
  return verified.json<TSession>();
}

function caller(app: App, bearer: string): Call {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const reply = await app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${bearer}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (reply.statusCode >= 400)
      throw new Error(`demo seed: ${method} ${url}: ${reply.statusCode} ${reply.body}`);
    return (reply.body ? reply.json() : undefined) as T;
  };
}

/** What Stripe.js does in the browser, against the local test mode's fake. */
async function localStripeJs(context: DomainContext) {
  const gateway = await context.payments();
  if (!gateway.fake) return undefined; // real Stripe: demo payments need a real card
  return { fake: gateway.fake, browser: localBrowserStripe(gateway) };
}

async function saveCardAndAutoRecharge(context: DomainContext, call: Call): Promise<void> {
  const stripe = await localStripeJs(context);
  if (!stripe) return;
  const setup = await call<{ setup_intent_id: string }>('POST', '/api/v1/wallet/setup-payment-method');
  await stripe.browser.setupIntents.confirm(setup.setup_intent_id, { payment_method: 'pm_card_visa' });
  await stripe.fake.idle();
  await call('POST', '/api/v1/wallet/auto-recharge/configure', {
    threshold_credits: 10_000,
    purchase_amount_credits: 50_000,
  });
}

async function cashOut(context: DomainContext, call: Call, amountCredits: number): Promise<void> {
  const stripe = await localStripeJs(context);
  if (!stripe) return;
  await call('POST', '/api/v1/payments/connect/create-account');
  const link = await call<{ onboarding_url: string }>('POST', '/api/v1/payments/connect/onboarding-link');
  // The person finishes onboarding at "Stripe"; account.updated then enables payouts.
  await fetch(link.onboarding_url, { redirect: 'manual' });
  await stripe.fake.idle();
  await call('POST', '/api/v1/evaluator/cashout', { amount_credits: amountCredits });
}

async function purchaseCredits(context: DomainContext, call: Call, amountUsd: number): Promise<void> {
  const stripe = await localStripeJs(context);
  if (!stripe) return;
  const intent = await call<{ payment_intent_id: string }>('POST', '/api/v1/wallet/purchase-credits', {
    amount_usd: amountUsd,
  });
  await stripe.browser.paymentIntents.confirm(intent.payment_intent_id, { payment_method: 'pm_card_visa' });
  // The credits arrive with the webhook; wait for them so the evaluation below can be funded.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const balance = await call<{ credits_balance: number }>('GET', '/api/v1/wallet/balance');
    if (balance.credits_balance >= amountUsd * 1000) return;
    if (Date.now() > deadline) throw new Error('demo seed: the purchase webhook did not arrive');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
