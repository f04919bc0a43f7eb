import {
  evaluationStreamId,
  evaluatorStreamId,
  ZEvaluationConfig,
  type TEventMetadata,
} from '@evalmarket/contracts';
import { EventStoreError } from '@evalmarket/eventstore';
import type { LedgerCommand } from '@evalmarket/ledger';
import { recordEvents } from '../events/record-events.js';
import { findOrRegisterUser } from '../identity/registration.js';
import { findUserIdByEmail } from '../identity/profiles.js';
import { sealPersonalData } from '../identity/personal-data.js';
import { ingestItems } from '../evaluations/items-ingest.js';
import type { DomainContext } from '../runtime/domain-context.js';
import {
  COMMUNITY_RATE,
  EXPERT_EVERY,
  EXPERT_RATE,
  ownerOf,
  personEmail,
  VOTES_PER_ITEM,
  worldUuid,
  type WorldOptions,
} from './world-plan.js';

/*
 * The world's setup steps: people, evaluators, evaluations with their items. Everything goes
 * through the code paths the routes use (registration, recordEvents with the routes' events,
 * item ingestion, the ledger writer), and every step is idempotent: a resumed run repeats the
 * step that was under way and adds nothing twice.
 */

export const SEED_ACTOR = 'system:seed-scale';
/**
 * People signed up or onboarded at once: each waits for the domain projection (read your
 * writes), so the rate comes from many at a time, and their commits group.
 */
const SETUP_LANES = 200;
const metadata: TEventMetadata = { actor: SEED_ACTOR };

/**
 * Runs `work` over `items`, at most `limit` at a time. After a failure no new item starts; the
 * ones under way finish (none is left to fail unobserved), then the first error is thrown.
 */
export async function runConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}

/** A `no_stream` append found the stream: an earlier run wrote it. */
function existedBefore(error: unknown): boolean {
  return error instanceof EventStoreError && error.code === 'wrong_expected_version';
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
}

/** People `from..to-1` sign up as the sign-in route registers them (idempotent by address). */
export async function registerPeople(context: DomainContext, seed: number, people: number[]): Promise<void> {
  await runConcurrently(people, SETUP_LANES, async (person) => {
    await findOrRegisterUser(context, personEmail(seed, person), metadata);
  });
}

/** The user id of person `index` (registered by an earlier step). */
export async function personId(context: DomainContext, seed: number, person: number): Promise<string> {
  const id = await findUserIdByEmail(context.sql, personEmail(seed, person));
  if (!id) throw new Error(`seed-scale: person ${person} is not registered; the world's log is incomplete`);
  return id;
}

/**
 * Evaluators apply (Indeed) and an admin verifies them, with the onboarding routes' events; one
 * in EXPERT_EVERY is an expert. An evaluator stream that exists already was done before.
 */
export async function onboardEvaluators(
  context: DomainContext,
  seed: number,
  people: number[],
): Promise<void> {
  await runConcurrently(people, SETUP_LANES, async (person) => {
    const userId = await personId(context, seed, person);
    const application_data = await sealPersonalData(context.sql, userId, {
      indeed_url: `https://www.indeed.com/r/world-${person}`,
    });
    const tier = person % EXPERT_EVERY === 0 ? 'expert' : 'community';
    try {
      await recordEvents(
        context,
        evaluatorStreamId(userId),
        [
          {
            type: 'EvaluatorApplied',
            data: { user_id: userId, application_method: 'indeed', application_data },
          },
          {
            type: 'EvaluatorVerified',
            data: { user_id: userId, qualification_tier: tier, reviewed_by: SEED_ACTOR },
          },
        ],
        { expectedVersion: 'no_stream', metadata },
      );
    } catch (error) {
      if (!existedBefore(error)) throw error;
    }
  });
}

export function evaluationId(seed: number, evaluation: number): string {
  return worldUuid(seed, `evaluation:${evaluation}`);
}

export function purchaseId(seed: number, label: string): string {
  return `pi_world${seed}_${label}`;
}

/** Submits money commands; a refusal the world expects (e.g. an adjustment below zero) is fine. */
export async function submitMoney(context: DomainContext, commands: LedgerCommand[]): Promise<number> {
  const results = await Promise.all(commands.map((command) => context.ledger.submit(command, metadata)));
  for (const result of results)
    if (!result.ok && result.rejection === 'ledger_unavailable')
      throw new Error(`seed-scale: ${result.message}`);
  return results.filter((result) => result.ok).length;
}

/**
 * Evaluation `index`: created active and public as POST /jobs records it, configured as POST
 * /projects/:id/evaluation-config does, its items ingested as the SDK does; the owner's first
 * evaluation comes with their first card purchase.
 */
export async function createEvaluation(
  context: DomainContext,
  options: WorldOptions,
  index: number,
  items: number,
  firstPurchaseUsd: number,
): Promise<void> {
  const owner = await personId(context, options.seed, ownerOf(index));
  const id = evaluationId(options.seed, index);
  if (index % 2 === 0)
    await submitMoney(context, [
      {
        type: 'PurchaseCredits',
        data: {
          purchase_id: purchaseId(options.seed, `first_${index}`),
          user_id: owner,
          amount_usd: firstPurchaseUsd,
        },
      },
    ]);
  const config = ZEvaluationConfig.parse({
    evaluation_enabled: true,
    permission_level: 'paid_only',
    credit_rates: { community_rate: COMMUNITY_RATE, expert_rate: EXPERT_RATE },
    evaluation_instructions: { general_guidelines: 'Vote good when the answer is correct and helpful.' },
    votes_per_item: VOTES_PER_ITEM,
  });
  try {
    await recordEvents(
      context,
      evaluationStreamId(id),
      [
        {
          type: 'EvaluationCreated',
          data: {
            evaluation_id: id,
            creator_id: owner,
            title: `World evaluation ${index}`,
            description: `Answers of model ${index % 17} on support questions`,
            status: 'active',
            is_public: true,
            model_type: index % 3 === 0 ? 'gpt-4' : 'claude-3',
            parameters: { data_selection_id: 'world' },
            input_data: null,
            budget_amount: 0,
            reward_per_vote: COMMUNITY_RATE,
          },
        },
        { type: 'EvaluationConfigured', data: { evaluation_id: id, config } },
      ],
      { expectedVersion: 'no_stream', metadata },
    );
  } catch (error) {
    if (!existedBefore(error)) throw error;
  }
  const batch = range(0, items).map((item) => ({
    external_id: `item-${item}`,
    input: `Question ${item} of evaluation ${index}`,
    output: `Answer ${item}`,
  }));
  await ingestItems(context, id, 'sdk', batch, metadata);
}
