import type { Runtime } from '../../src/runtime/start-runtime.js';
import type { LoadPerson } from './cluster-load.js';
import { evaluationClient } from './evaluations.js';
import { makeEvaluator } from './evaluators.js';
import { signIn, type SignedIn } from './sign-in.js';

/** Credits per vote of the world's evaluation. */
export const RATE = 10;

export const asLoadPerson = (person: SignedIn): LoadPerson => ({
  userId: person.userId,
  authorization: person.headers.authorization!,
});

/**
 * An evaluation of `items` items (`votesPerItem` votes each, RATE credits a vote, funded twice
 * over) and `evaluators` evaluators (the first `verified` of them verified experts), made
 * through `setup` (any API process of the cluster).
 */
export async function evaluationWorld(
  setup: Runtime,
  {
    evaluators: count,
    items: itemCount,
    votesPerItem,
    verified = 0,
  }: { evaluators: number; items: number; votesPerItem: number; verified?: number },
) {
  const api = evaluationClient(setup);
  const owner = await signIn(setup, 'owner@example.com');
  const granted = await api.call('POST', '/dev/grant-credits', owner.headers, {
    amount_credits: itemCount * votesPerItem * RATE * 2,
  });
  if (granted.status !== 201) throw new Error(`grant: ${granted.status} ${JSON.stringify(granted.body)}`);
  const created = await api.createEvaluation(owner.headers);
  const evaluationId = created.body.id as string;
  const key = await api.createKey(owner.headers, evaluationId);
  await api.configure(owner.headers, evaluationId, {
    credit_rates: { community_rate: RATE, expert_rate: RATE + 1 },
    votes_per_item: votesPerItem,
  });
  const items = Array.from({ length: itemCount }, (_, i) => ({ id: `item-${i}`, output: `answer ${i}` }));
  await api.ingest(key.body.api_key as string, created.body.sdk_project_id as string, items);
  const evaluators: LoadPerson[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await signIn(setup, `evaluator-${i}@example.com`);
    // The first `verified` are experts (they may cash out); the rest community members.
    await makeEvaluator(setup, person.userId, { status: i < verified ? 'verified' : 'pending' });
    evaluators.push(asLoadPerson(person));
  }
  // The owner's funding is a grant of its own, beside the load's.
  const fundingAdjustmentId = (granted.body as { adjustment_id: string }).adjustment_id;
  return { evaluationId, evaluators, owner: asLoadPerson(owner), fundingAdjustmentId };
}
