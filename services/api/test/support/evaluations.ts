import type { Runtime } from '../../src/runtime/start-runtime.js';
import { makeEvaluator } from './evaluators.js';
import { injector, type Headers, type Method } from './inject.js';
import { signIn, type SignedIn } from './sign-in.js';

/** Small HTTP helpers for the evaluation tests (everything goes through app.inject). */
export function evaluationClient(runtime: Runtime) {
  const api = injector(() => runtime.app);
  const call = async (method: Method, url: string, headers: Headers = {}, payload?: unknown) => {
    const reply = await api.call(method, url, headers, payload);
    // Tests assert on replies field by field, like `reply.json()` elsewhere.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let body: any;
    try {
      body = reply.json();
    } catch {
      body = reply.body;
    }
    return { status: reply.statusCode, body, headers: reply.headers };
  };
  return {
    call,
    createEvaluation: (headers: Headers, body: Record<string, unknown> = {}) =>
      call('POST', '/jobs', headers, {
        title: 'Chatbot answers',
        description: 'Are the answers helpful?',
        data_selection_id: 'temp-selection-id',
        model_type: 'gpt-4',
        budget_amount: 100,
        reward_per_vote: 10,
        visibility_settings: { is_public: true },
        ...body,
      }),
    createKey: (headers: Headers, evaluationId: string) =>
      call('POST', `/evaluations/${evaluationId}/api-keys`, headers, { name: 'ci' }),
    configure: (headers: Headers, evaluationId: string, config: Record<string, unknown>) =>
      call('POST', `/projects/${evaluationId}/evaluation-config`, headers, {
        evaluation_enabled: true,
        permission_level: 'paid_only',
        credit_rates: { community_rate: 100, expert_rate: 150 },
        app_detection: { primary_url: 'https://app.example.com', access_level: 'public' },
        votes_per_item: 3,
        ...config,
      }),
    ingest: (apiKey: string, projectId: string, items: unknown[]) =>
      call('POST', '/sdk/items', { authorization: `Bearer ${apiKey}` }, { project_id: projectId, items }),
    claim: (headers: Headers, evaluationId?: string) =>
      call('POST', '/evaluator/assignments', headers, evaluationId ? { evaluation_id: evaluationId } : {}),
    vote: (headers: Headers, assignmentId: string, vote: 'good' | 'bad', comment?: string) =>
      call('POST', `/evaluator/assignments/${assignmentId}/vote`, headers, {
        vote,
        ...(comment ? { comment } : {}),
      }),
    release: (headers: Headers, assignmentId: string) =>
      call('POST', `/evaluator/assignments/${assignmentId}/release`, headers),
    balance: async (headers: Headers, context: 'spending' | 'earning' = 'spending') =>
      (await call('GET', `/wallet/balance?context=${context}`, headers)).body.credits_balance as number,
  };
}

/**
 * An owner's active evaluation paying `rate` credits a vote (votes_per_item 2) with `items`
 * ingested through the SDK, and `evaluators` pending (so paid) evaluators to claim in it.
 */
export async function paidEvaluationWithCrowd(
  runtime: Runtime,
  options: { name: string; evaluators: number; items: number; rate: number },
): Promise<{ owner: SignedIn; evaluators: SignedIn[]; evaluationId: string }> {
  const api = evaluationClient(runtime);
  const owner = await signIn(runtime, `${options.name}-owner@example.com`);
  const evaluators: SignedIn[] = [];
  for (let i = 0; i < options.evaluators; i += 1) {
    const person = await signIn(runtime, `${options.name}-${i}@example.com`);
    await makeEvaluator(runtime, person.userId, { status: 'pending' });
    evaluators.push(person);
  }
  const created = await api.createEvaluation(owner.headers);
  const evaluationId = created.body.id as string;
  const key = await api.createKey(owner.headers, evaluationId);
  await api.configure(owner.headers, evaluationId, {
    credit_rates: { community_rate: options.rate, expert_rate: options.rate + 1 },
    votes_per_item: 2,
  });
  await api.ingest(
    key.body.api_key,
    created.body.sdk_project_id,
    Array.from({ length: options.items }, (_, i) => ({
      id: `${options.name}-item-${i}`,
      output: `answer ${i}`,
    })),
  );
  return { owner, evaluators, evaluationId };
}

/**
 * Each evaluator claims and votes until the evaluation has no item left for them (404). Another
 * answer (a claim racing the read models between processes) is tried again, a bounded number of
 * times, so the world ends with every vote the items can take.
 */
export async function voteUntilNoItemLeft(
  runtime: Runtime,
  evaluationId: string,
  evaluators: readonly SignedIn[],
  voteOf: (evaluator: number, externalId: string) => 'good' | 'bad' = () => 'good',
  comment?: string,
): Promise<void> {
  const api = evaluationClient(runtime);
  for (const [index, who] of evaluators.entries()) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const claimed = await api.claim(who.headers, evaluationId);
      if (claimed.status === 404) break;
      if (claimed.status !== 201) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const vote = voteOf(index, String(claimed.body.external_id));
      const voted = await api.vote(who.headers, claimed.body.assignment_id, vote, comment);
      if (voted.status !== 201)
        throw new Error(`vote answered ${voted.status}: ${JSON.stringify(voted.body)}`);
    }
  }
  // Tests read the tables next: the domain read model holds every vote first.
  await runtime.domainProjector.waitFor(await runtime.store.headPosition());
}
