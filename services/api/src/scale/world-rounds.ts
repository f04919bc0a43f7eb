import type { TEventMetadata } from '@evalmarket/contracts';
import type { LedgerCommand } from '@evalmarket/ledger';
import type { DomainContext } from '../runtime/domain-context.js';
import {
  evaluationId,
  personId,
  purchaseId,
  runConcurrently,
  SEED_ACTOR,
  submitMoney,
} from './world-setup.js';
import {
  COMMUNITY_RATE,
  EXPERT_EVERY,
  EXPERT_RATE,
  pick,
  seededRandom,
  worldUuid,
  type WorldOptions,
  type WorldShape,
} from './world-plan.js';

/*
 * One round of the world's life: the claims and votes of VOTES_PER_ROUND evaluations of items,
 * the requesters' top-up purchases that pay for them, and some refunds, cash-outs and staff
 * adjustments. What a round does depends only on the seed and the round's number; a round that
 * was under way when a run died is done again, and adds nothing twice: money commands carry
 * natural ids (the ledger answers a seen one as a duplicate), and claims carry the assignment id
 * they make, which the round looks up first.
 */

const metadata: TEventMetadata = { actor: SEED_ACTOR };
const VOTES_PER_EVALUATOR = 4;
/** Evaluators voting at once (each claims, then votes, on its list in turn). */
const VOTE_LANES = 500;
/** Each requester tops up once every this many rounds. */
export const TOP_UP_EVERY = 20;
const REFUNDS_PER_ROUND = 3;
const CASHOUTS_PER_ROUND = 4;
const ADJUSTMENTS_PER_ROUND = 2;
/** The staff member the adjustments name (a ledger id: no colon). */
const STAFF_ID = 'seed-scale-staff';
/** The world's cash-outs: small, above a small platform minimum, so evaluators reach it. */
const CASHOUT_CREDITS = 2_000;
const CASHOUT_MINIMUM_CREDITS = 1_000;

/** The ledger's smallest card purchase. */
const MINIMUM_PURCHASE_USD = 50;

/** Whole dollars a requester buys per top-up: half as much again as their votes cost meanwhile. */
export function topUpUsd(shape: { requesters: number; votesPerRound: number }): number {
  const averageRate = ((EXPERT_EVERY - 1) * COMMUNITY_RATE + EXPERT_RATE) / EXPERT_EVERY;
  const spend = (TOP_UP_EVERY * shape.votesPerRound * averageRate) / shape.requesters;
  return Math.max(MINIMUM_PURCHASE_USD, Math.ceil((1.5 * spend) / 1000));
}

interface PlannedVote {
  assignmentId: string;
  evaluation: number;
  vote: 'good' | 'bad';
}

/**
 * Who votes what in round `round`: distinct evaluators, each on distinct evaluations (one live
 * claim per evaluator and evaluation), `votesPerRound` in all.
 */
export function planVotes(
  options: WorldOptions,
  shape: { firstEvaluator: number; votesPerRound: number },
  round: number,
): Map<number, PlannedVote[]> {
  const random = seededRandom(options.seed, round);
  const voters = Math.min(options.evaluators, Math.ceil(shape.votesPerRound / VOTES_PER_EVALUATOR));
  const each = Math.min(options.evaluations, Math.ceil(shape.votesPerRound / voters));
  const chosen = new Set<number>();
  while (chosen.size < voters) chosen.add(shape.firstEvaluator + pick(random, options.evaluators));
  const plans = new Map<number, PlannedVote[]>();
  let index = 0;
  for (const evaluator of chosen) {
    const taken = new Set<number>();
    const list: PlannedVote[] = [];
    for (let vote = 0; vote < each && index < shape.votesPerRound; vote += 1, index += 1) {
      let evaluation = pick(random, options.evaluations);
      while (taken.has(evaluation)) evaluation = (evaluation + 1) % options.evaluations;
      taken.add(evaluation);
      list.push({
        assignmentId: worldUuid(options.seed, `assignment:${round}:${index}`),
        evaluation,
        vote: random() < 0.7 ? 'good' : 'bad',
      });
    }
    plans.set(evaluator, list);
  }
  return plans;
}

/** The round's money besides rewards: top-ups, refunds, cash-outs, adjustments. */
export async function roundMoney(
  context: DomainContext,
  options: WorldOptions,
  shape: WorldShape,
  round: number,
): Promise<void> {
  const random = seededRandom(options.seed, 1_000_000_000 + round);
  const commands: LedgerCommand[] = [];
  const amount = topUpUsd(shape);
  const buyers: number[] = [];
  for (let requester = round % TOP_UP_EVERY; requester < shape.requesters; requester += TOP_UP_EVERY)
    buyers.push(requester);
  const buyerIds = await Promise.all(buyers.map((requester) => personId(context, options.seed, requester)));
  buyers.forEach((requester, index) =>
    commands.push({
      type: 'PurchaseCredits',
      data: {
        purchase_id: purchaseId(options.seed, `r${round}_${requester}`),
        user_id: buyerIds[index]!,
        amount_usd: amount,
      },
    }),
  );
  for (let index = 0; index < REFUNDS_PER_ROUND && buyers.length > 0; index += 1) {
    const requester = buyers[pick(random, buyers.length)]!;
    commands.push({
      type: 'RefundPurchase',
      data: {
        refund_id: `re_world${options.seed}_r${round}_${index}`,
        purchase_id: purchaseId(options.seed, `r${round}_${requester}`),
        amount_credits: 1_000 + pick(random, 4) * 1_000,
        reason: random() < 0.9 ? 'refund' : 'dispute',
      },
    });
  }
  for (let index = 0; index < ADJUSTMENTS_PER_ROUND; index += 1) {
    const person = pick(random, shape.requesters);
    commands.push({
      type: 'AdjustCredits',
      data: {
        adjustment_id: `adj_world${options.seed}_r${round}_${index}`,
        user_id: await personId(context, options.seed, person),
        context: 'spending',
        amount_credits: random() < 0.8 ? 500 : -200,
        reason: 'Goodwill credit after a support ticket',
        actor_id: STAFF_ID,
      },
    });
  }
  await submitMoney(context, commands);
  await roundCashouts(context, options, shape.firstEvaluator, round, random);
}

/** Evaluators with earnings cash some out; Stripe (here: the world) pays the transfer. */
async function roundCashouts(
  context: DomainContext,
  options: WorldOptions,
  firstEvaluator: number,
  round: number,
  random: () => number,
): Promise<void> {
  for (let index = 0; index < CASHOUTS_PER_ROUND; index += 1) {
    const evaluator = firstEvaluator + pick(random, options.evaluators);
    const cashoutId = `co_world${options.seed}_r${round}_${index}`;
    const accepted = await submitMoney(context, [
      {
        type: 'RequestCashout',
        data: {
          cashout_id: cashoutId,
          user_id: await personId(context, options.seed, evaluator),
          gross_credits: CASHOUT_CREDITS,
          minimum_cashout_credits: CASHOUT_MINIMUM_CREDITS,
        },
      },
    ]);
    if (accepted === 1)
      await submitMoney(context, [
        {
          type: 'MarkCashoutPaid',
          data: { cashout_id: cashoutId, stripe_transfer_id: `tr_world_${cashoutId}` },
        },
      ]);
  }
}

/** The round's claims and votes through the evaluation loop's writer; returns the votes cast. */
export async function roundVotes(
  context: DomainContext,
  options: WorldOptions,
  shape: WorldShape,
  round: number,
  resuming: boolean,
): Promise<number> {
  const plans = planVotes(options, shape, round);
  const done = resuming
    ? await assignmentStatuses(context, [...plans.values()].flat())
    : new Map<string, string>();
  const now = context.now().toISOString();
  let votes = 0;
  await runConcurrently([...plans.entries()], VOTE_LANES, async ([evaluator, planned]) => {
    const evaluatorId = await personId(context, options.seed, evaluator);
    for (const plan of planned) {
      const status = done.get(plan.assignmentId);
      if (status && status !== 'claimed') continue;
      let assignmentId = plan.assignmentId;
      if (!status) {
        const claim = await context.loop.writer.claim({
          evaluation_id: evaluationId(options.seed, plan.evaluation),
          evaluator_id: evaluatorId,
          assignment_id: plan.assignmentId,
          now,
          metadata,
        });
        // Full, or its requester ran dry until the next top-up: the world moves on.
        if (!claim.ok) continue;
        assignmentId = claim.assignment.assignment_id;
      }
      const voted = await context.loop.writer.vote({
        assignment_id: assignmentId,
        evaluator_id: evaluatorId,
        vote: plan.vote,
        comment: null,
        next: null,
        now,
        metadata,
      });
      if (!voted.ok) throw new Error(`seed-scale: vote on ${plan.assignmentId}: ${voted.problem.detail}`);
      votes += 1;
    }
  });
  return votes;
}

/** Which of the planned assignments a run that died already made (after the projection caught up). */
async function assignmentStatuses(
  context: DomainContext,
  planned: PlannedVote[],
): Promise<Map<string, string>> {
  await context.domain.waitFor(await context.store.headPosition());
  const { rows } = await context.sql.query<{ assignment_id: string; status: string }>(
    'SELECT assignment_id, status FROM evaluation_assignments WHERE assignment_id = ANY($1)',
    [planned.map((plan) => plan.assignmentId)],
  );
  return new Map(rows.map((row) => [row.assignment_id, row.status]));
}
