import type { TEvaluationConfig, TPermissionLevel } from '@evalmarket/contracts';
import { budgetPeriodStart } from '../quality-metrics.js';
import type { LoopProblem } from './loop-problems.js';

/*
 * The evaluation loop's claim rules (DESIGN.md section 6), pure: no I/O, `now` passed in. The
 * writer (loop-writer.ts) reads what they need, asks them, and performs what they answer.
 */

/** Slack after the ledger's lease so the book never frees a slot the ledger would still pay. */
export const BOOK_EXPIRY_GRACE_MS = 1_000;

export interface Eligibility {
  paid: boolean;
  tier: 'community' | 'expert';
}

/** Who may claim at a permission level: paid needs an evaluator who is pending or verified. */
export function eligibility(
  level: TPermissionLevel,
  evaluator: { status: string | null; tier: string | null },
): Eligibility | undefined {
  const payable = evaluator.status === 'pending' || evaluator.status === 'verified';
  const tier = evaluator.tier === 'expert' ? 'expert' : 'community';
  if (evaluator.status === 'rejected') return undefined;
  if (level === 'volunteer_only') return { paid: false, tier };
  if (level === 'both') return { paid: payable, tier };
  if (level === 'paid_only' && payable) return { paid: true, tier };
  // 'disabled', paid_only without standing, and any level this code does not know: no claim.
  return undefined;
}

/** Credits one vote earns: the tier's rate when paid, nothing for a volunteer. */
export function rewardFor(config: TEvaluationConfig, who: Eligibility): number {
  if (!who.paid) return 0;
  return who.tier === 'expert' ? config.credit_rates.expert_rate : config.credit_rates.community_rate;
}

/** What the claim rules know of an evaluation. */
export interface ClaimableEvaluation {
  status: string;
  creator_id: string;
  config: TEvaluationConfig | undefined;
}

/**
 * Whether `evaluatorId` may claim in the evaluation: it exists, is active and visible to them
 * (`accessible`), is not theirs, takes claims, and their standing fits its permission level.
 */
export function decideClaimant(
  evaluation: ClaimableEvaluation | undefined,
  accessible: boolean,
  evaluatorId: string,
  evaluator: { status: string | null; tier: string | null },
):
  | { ok: true; who: Eligibility; config: TEvaluationConfig; requesterId: string }
  | { ok: false; problem: LoopProblem } {
  if (!evaluation || evaluation.status !== 'active' || !accessible)
    return {
      ok: false,
      problem: { status: 404, code: 'not_found', detail: 'Evaluation not found or not active' },
    };
  if (evaluation.creator_id === evaluatorId)
    return {
      ok: false,
      problem: { status: 403, code: 'forbidden', detail: 'You cannot evaluate your own evaluation' },
    };
  const config = evaluation.config;
  const who =
    config && config.evaluation_enabled ? eligibility(config.permission_level, evaluator) : undefined;
  if (!config || !who)
    return {
      ok: false,
      problem: { status: 403, code: 'forbidden', detail: 'You may not evaluate this evaluation' },
    };
  return { ok: true, who, config, requesterId: evaluation.creator_id };
}

export const CREDITS_EXHAUSTED: LoopProblem = {
  status: 409,
  code: 'requester_credits_exhausted',
  detail: "The requester's credits cannot pay for another vote on this evaluation",
};

export const BUDGET_EXHAUSTED: LoopProblem = {
  status: 409,
  code: 'budget_exhausted',
  detail: "The evaluation's budget for this period is used up",
};

export const NO_ITEM: LoopProblem = {
  status: 404,
  code: 'no_item_available',
  detail: 'No item is available to evaluate right now',
};

/**
 * The early answer from the requester's spendable credits (the ledger's ReserveReward stays the
 * real check): a paid claim needs at least one reward left.
 */
export function creditsProblem(reward: number, spendable: number): LoopProblem | undefined {
  return reward > 0 && spendable < reward ? CREDITS_EXHAUSTED : undefined;
}

/** Why the book refused a claim, as the reply says it. */
export function takeProblem(reason: 'no_item' | 'budget'): LoopProblem {
  return reason === 'budget' ? BUDGET_EXHAUSTED : NO_ITEM;
}

/**
 * Why the ledger refused a reward's reservation, when the loop names it: the requester cannot
 * pay. Undefined: another rejection, told as the ledger's.
 */
export function reservationProblem(rejection: string): LoopProblem | undefined {
  return rejection === 'insufficient_credits' || rejection === 'unknown_account'
    ? CREDITS_EXHAUSTED
    : undefined;
}

/** Limits a claim book enforces, from the evaluation's configuration at `now`. */
export interface BookLimits {
  votesPerItem: number;
  /** Both null when the budget is off. */
  maxCredits: number | null;
  maxEvaluations: number | null;
  periodStartMs: number;
}

/** The book limits of a configuration; the budget amount is in whole credits (x 1,000 millis). */
export function bookLimits(config: TEvaluationConfig, now: Date): BookLimits {
  const budget = config.budget_control;
  if (!budget.budget_enabled)
    return { votesPerItem: config.votes_per_item, maxCredits: null, maxEvaluations: null, periodStartMs: 0 };
  return {
    votesPerItem: config.votes_per_item,
    maxCredits: (budget.max_budget_amount ?? 0) * 1000,
    maxEvaluations: budget.max_evaluations ?? 0,
    periodStartMs: budgetPeriodStart(budget.budget_period, now).getTime(),
  };
}

/** A loaded book serves on while its limits are unchanged (same configuration, same period). */
export function sameBookLimits(a: BookLimits, b: BookLimits): boolean {
  return (
    a.votesPerItem === b.votesPerItem &&
    a.maxCredits === b.maxCredits &&
    a.maxEvaluations === b.maxEvaluations &&
    a.periodStartMs === b.periodStartMs
  );
}

/** What a book holds of a period's spend: settled votes and live claims. */
export interface BookSpend {
  spentCredits: number;
  votedCount: number;
  liveCredits: number;
  liveCount: number;
}

/**
 * Whether the period's budget leaves room for one more claim of `credits`: live claims count as
 * spent, so claims in flight can never together pass the budget.
 */
export function budgetAllows(limits: BookLimits, spend: BookSpend, credits: number): boolean {
  if (limits.maxCredits === null || limits.maxEvaluations === null) return true;
  if (spend.votedCount + spend.liveCount >= limits.maxEvaluations) return false;
  return spend.spentCredits + spend.liveCredits + credits <= limits.maxCredits;
}

/**
 * An item has room for one more claim while its votes and live claims together stay below
 * votes_per_item (live claims count, so claims in flight never pass it together).
 */
export function itemHasRoom(votes: number, liveClaims: number, votesPerItem: number): boolean {
  return votes + liveClaims < votesPerItem;
}

/** An item with votes_per_item votes is full for good (only live claims come and go). */
export function itemFull(votes: number, votesPerItem: number): boolean {
  return votes >= votesPerItem;
}

/** A lease has lapsed once its (book) end is reached. */
export function lapsed(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs <= nowMs;
}

/** Where the book frees a slot whose lease ends at `leaseEnd`: the grace after it. */
export function bookExpiryOf(leaseEnd: string): number {
  return Date.parse(leaseEnd) + BOOK_EXPIRY_GRACE_MS;
}

/** The terms of a new claim, from its reward and the lease length. */
export interface ClaimTerms {
  assignmentId: string;
  /** Credits the claim holds of the budget while live. */
  credits: number;
  reward: number;
  tier: 'community' | 'expert';
  /** The reward's ledger transfer (the assignment's id); null for a volunteer. */
  transferId: string | null;
  leaseExpiresAt: string;
  expiresAtMs: number;
}

export function claimTerms(
  assignmentId: string,
  reward: number,
  who: Eligibility,
  nowMs: number,
  leaseMs: number,
): ClaimTerms {
  const leaseExpiresAt = new Date(nowMs + leaseMs).toISOString();
  return {
    assignmentId,
    credits: reward,
    reward,
    tier: who.tier,
    transferId: reward > 0 ? assignmentId : null,
    leaseExpiresAt,
    expiresAtMs: bookExpiryOf(leaseExpiresAt),
  };
}

/** The lease end of a reservation among ledger events (as decided or as stored), if there is one. */
export function leaseEndOf(events: ReadonlyArray<{ type: string; data: unknown }>): string | undefined {
  const reserved = events.find((event) => event.type === 'RewardReserved');
  const expiresAt = (reserved?.data as { expires_at?: unknown } | undefined)?.expires_at;
  return typeof expiresAt === 'string' ? new Date(expiresAt).toISOString() : undefined;
}

/** The event that records a claim. */
export function itemClaimed(
  evaluationId: string,
  claim: {
    assignmentId: string;
    itemId: string;
    evaluatorId: string;
    tier: string;
    reward: number;
    transferId: string | null;
  },
  expiresAt: string,
) {
  return {
    type: 'ItemClaimed',
    data: {
      evaluation_id: evaluationId,
      assignment_id: claim.assignmentId,
      item_id: claim.itemId,
      evaluator_id: claim.evaluatorId,
      tier: claim.tier,
      reward_credits: claim.reward,
      transfer_id: claim.transferId,
      expires_at: expiresAt,
    },
  };
}

/** An assignment id as the loop makes them (a UUID); anything else is not found. */
export function isAssignmentId(value: string): boolean {
  return /^[0-9a-f-]{36}$/.test(value);
}
