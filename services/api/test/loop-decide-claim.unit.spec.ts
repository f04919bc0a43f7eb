import type { TEvaluationConfig, TPermissionLevel } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import {
  BOOK_EXPIRY_GRACE_MS,
  BUDGET_EXHAUSTED,
  CREDITS_EXHAUSTED,
  NO_ITEM,
  bookExpiryOf,
  bookLimits,
  budgetAllows,
  claimTerms,
  creditsProblem,
  decideClaimant,
  eligibility,
  isAssignmentId,
  itemClaimed,
  itemFull,
  itemHasRoom,
  lapsed,
  leaseEndOf,
  reservationProblem,
  rewardFor,
  sameBookLimits,
  takeProblem,
  type BookLimits,
} from '../src/evaluations/loop/decide-claim.js';

/* The claim rules of the evaluation loop (DESIGN.md section 6), given / when / then. */

function config(overrides: Partial<TEvaluationConfig> = {}): TEvaluationConfig {
  return {
    evaluation_enabled: true,
    permission_level: 'both',
    credit_rates: { community_rate: 10, expert_rate: 25 },
    votes_per_item: 3,
    budget_control: { budget_enabled: false, budget_period: 'monthly' },
    evaluation_instructions: null,
    ...overrides,
  } as unknown as TEvaluationConfig;
}

const person = (status: string | null, tier: string | null = null) => ({ status, tier });

describe('eligibility', () => {
  it('given a rejected evaluator, when any level is asked, then nobody may claim', () => {
    for (const level of ['paid_only', 'volunteer_only', 'both', 'disabled'] as const)
      expect(eligibility(level, person('rejected', 'expert'))).toBeUndefined();
  });

  it('given a disabled evaluation, when a verified expert asks, then they may not claim', () => {
    expect(eligibility('disabled', person('verified', 'expert'))).toBeUndefined();
  });

  it('given a level it does not know, then nobody may claim', () => {
    expect(eligibility('everyone' as TPermissionLevel, person('verified', 'expert'))).toBeUndefined();
  });

  it('given paid_only, when the evaluator is pending or verified, then they claim paid in their tier', () => {
    expect(eligibility('paid_only', person('pending'))).toEqual({ paid: true, tier: 'community' });
    expect(eligibility('paid_only', person('verified', 'expert'))).toEqual({ paid: true, tier: 'expert' });
  });

  it('given paid_only, when the person never applied, then they may not claim', () => {
    expect(eligibility('paid_only', person(null))).toBeUndefined();
    expect(eligibility('paid_only', person('withdrawn'))).toBeUndefined();
  });

  it('given volunteer_only, when even a verified expert claims, then the claim is unpaid', () => {
    expect(eligibility('volunteer_only', person('verified', 'expert'))).toEqual({
      paid: false,
      tier: 'expert',
    });
    expect(eligibility('volunteer_only', person(null))).toEqual({ paid: false, tier: 'community' });
  });

  it('given both, when payable or not, then paid follows the standing', () => {
    expect(eligibility('both', person('verified', 'community'))).toEqual({ paid: true, tier: 'community' });
    expect(eligibility('both', person(null, 'expert'))).toEqual({ paid: false, tier: 'expert' });
  });
});

describe('rewardFor', () => {
  it('pays the tier rate to a paid claim and nothing to a volunteer', () => {
    expect(rewardFor(config(), { paid: true, tier: 'community' })).toBe(10);
    expect(rewardFor(config(), { paid: true, tier: 'expert' })).toBe(25);
    expect(rewardFor(config(), { paid: false, tier: 'expert' })).toBe(0);
  });
});

describe('decideClaimant', () => {
  const active = { status: 'active', creator_id: 'owner', config: config() };
  const verified = person('verified');

  it('given no evaluation, a paused one or one the person cannot see, then it is not found', () => {
    const notFound = {
      ok: false,
      problem: { status: 404, code: 'not_found', detail: 'Evaluation not found or not active' },
    };
    expect(decideClaimant(undefined, true, 'ann', verified)).toEqual(notFound);
    expect(decideClaimant({ ...active, status: 'paused' }, true, 'ann', verified)).toEqual(notFound);
    expect(decideClaimant(active, false, 'ann', verified)).toEqual(notFound);
  });

  it('given the owner, when they claim in their own evaluation, then it is forbidden', () => {
    expect(decideClaimant(active, true, 'owner', verified)).toEqual({
      ok: false,
      problem: { status: 403, code: 'forbidden', detail: 'You cannot evaluate your own evaluation' },
    });
  });

  it('given claims switched off, no configuration or no standing, then the person may not evaluate', () => {
    const mayNot = {
      ok: false,
      problem: { status: 403, code: 'forbidden', detail: 'You may not evaluate this evaluation' },
    };
    const off = { ...active, config: config({ evaluation_enabled: false }) };
    expect(decideClaimant(off, true, 'ann', verified)).toEqual(mayNot);
    expect(decideClaimant({ ...active, config: undefined }, true, 'ann', verified)).toEqual(mayNot);
    const paidOnly = { ...active, config: config({ permission_level: 'paid_only' }) };
    expect(decideClaimant(paidOnly, true, 'ann', person(null))).toEqual(mayNot);
  });

  it('given an open evaluation and an eligible person, then the claim goes ahead with their terms', () => {
    expect(decideClaimant(active, true, 'ann', person('verified', 'expert'))).toEqual({
      ok: true,
      who: { paid: true, tier: 'expert' },
      config: active.config,
      requesterId: 'owner',
    });
  });
});

describe('claim refusals', () => {
  it('given a paid claim, when the requester cannot pay one reward, then credits are exhausted', () => {
    expect(creditsProblem(10, 9)).toEqual({
      status: 409,
      code: 'requester_credits_exhausted',
      detail: "The requester's credits cannot pay for another vote on this evaluation",
    });
    expect(creditsProblem(10, 10)).toBeUndefined();
    expect(creditsProblem(0, 0)).toBeUndefined();
    expect(creditsProblem(0, -5)).toBeUndefined();
  });

  it('tells the book refusals apart', () => {
    expect(takeProblem('budget')).toEqual({
      status: 409,
      code: 'budget_exhausted',
      detail: "The evaluation's budget for this period is used up",
    });
    expect(takeProblem('no_item')).toEqual({
      status: 404,
      code: 'no_item_available',
      detail: 'No item is available to evaluate right now',
    });
    expect(BUDGET_EXHAUSTED.code).toBe('budget_exhausted');
    expect(NO_ITEM.status).toBe(404);
  });

  it('names the reservation refusals that mean the requester cannot pay, and only those', () => {
    expect(reservationProblem('insufficient_credits')).toBe(CREDITS_EXHAUSTED);
    expect(reservationProblem('unknown_account')).toBe(CREDITS_EXHAUSTED);
    expect(reservationProblem('ledger_unavailable')).toBeUndefined();
  });
});

describe('book limits', () => {
  const now = new Date('2026-03-17T12:00:00Z');

  it('given no budget, then only votes_per_item limits the book', () => {
    expect(bookLimits(config({ votes_per_item: 5 }), now)).toEqual({
      votesPerItem: 5,
      maxCredits: null,
      maxEvaluations: null,
      periodStartMs: 0,
    });
  });

  it('given a monthly budget in dollars, then credits are x1,000 from the month start', () => {
    const budget = {
      budget_enabled: true,
      budget_period: 'monthly',
      max_budget_amount: 2,
      max_evaluations: 7,
    };
    expect(bookLimits(config({ budget_control: budget } as Partial<TEvaluationConfig>), now)).toEqual({
      votesPerItem: 3,
      maxCredits: 2_000,
      maxEvaluations: 7,
      periodStartMs: Date.parse('2026-03-01T00:00:00Z'),
    });
  });

  it('given a total budget without amounts, then both limits are zero since the epoch', () => {
    const budget = { budget_enabled: true, budget_period: 'total' };
    expect(bookLimits(config({ budget_control: budget } as Partial<TEvaluationConfig>), now)).toEqual({
      votesPerItem: 3,
      maxCredits: 0,
      maxEvaluations: 0,
      periodStartMs: 0,
    });
  });

  it('keeps a book only while every limit is the same', () => {
    const limits: BookLimits = { votesPerItem: 3, maxCredits: 100, maxEvaluations: 5, periodStartMs: 10 };
    expect(sameBookLimits(limits, { ...limits })).toBe(true);
    expect(sameBookLimits(limits, { ...limits, votesPerItem: 4 })).toBe(false);
    expect(sameBookLimits(limits, { ...limits, maxCredits: 101 })).toBe(false);
    expect(sameBookLimits(limits, { ...limits, maxEvaluations: 6 })).toBe(false);
    expect(sameBookLimits(limits, { ...limits, periodStartMs: 11 })).toBe(false);
  });
});

describe('budgetAllows', () => {
  const limits: BookLimits = { votesPerItem: 3, maxCredits: 100, maxEvaluations: 4, periodStartMs: 0 };
  const spend = { spentCredits: 40, votedCount: 2, liveCredits: 30, liveCount: 1 };

  it('given no budget, then any claim fits', () => {
    const off = { ...limits, maxCredits: null, maxEvaluations: null };
    expect(budgetAllows(off, { ...spend, votedCount: 1_000, spentCredits: 1e9 }, 1e9)).toBe(true);
    expect(budgetAllows({ ...limits, maxCredits: null }, { ...spend, votedCount: 9 }, 1)).toBe(true);
    expect(budgetAllows({ ...limits, maxEvaluations: null }, spend, 1_000)).toBe(true);
  });

  it('given votes and live claims at the evaluation count, then no claim fits', () => {
    expect(budgetAllows(limits, { ...spend, votedCount: 3 }, 0)).toBe(false);
    expect(budgetAllows(limits, { ...spend, votedCount: 2, liveCount: 2 }, 0)).toBe(false);
    expect(budgetAllows(limits, { ...spend, votedCount: 2, liveCount: 1 }, 0)).toBe(true);
  });

  it('given credits spent and held, then a claim fits up to exactly the budget', () => {
    expect(budgetAllows(limits, spend, 30)).toBe(true);
    expect(budgetAllows(limits, spend, 31)).toBe(false);
    expect(budgetAllows(limits, { ...spend, liveCredits: 31 }, 30)).toBe(false);
    expect(budgetAllows(limits, { ...spend, spentCredits: 41 }, 30)).toBe(false);
  });
});

describe('item slots', () => {
  it('given votes and live claims below votes_per_item, then the item has room', () => {
    expect(itemHasRoom(1, 1, 3)).toBe(true);
    expect(itemHasRoom(2, 1, 3)).toBe(false);
    expect(itemHasRoom(1, 2, 3)).toBe(false);
    expect(itemHasRoom(0, 0, 1)).toBe(true);
  });

  it('an item with votes_per_item votes is full', () => {
    expect(itemFull(2, 3)).toBe(false);
    expect(itemFull(3, 3)).toBe(true);
    expect(itemFull(4, 3)).toBe(true);
  });
});

describe('leases', () => {
  it('a lease has lapsed at its end, not before', () => {
    expect(lapsed(1_000, 999)).toBe(false);
    expect(lapsed(1_000, 1_000)).toBe(true);
    expect(lapsed(1_000, 1_001)).toBe(true);
  });

  it('the book frees a slot the grace after the lease end', () => {
    expect(BOOK_EXPIRY_GRACE_MS).toBe(1_000);
    expect(bookExpiryOf('2026-01-01T00:00:00.000Z')).toBe(Date.parse('2026-01-01T00:00:01.000Z'));
  });

  it('given a paid claim at now, then its terms hold the reward and a transfer named after it', () => {
    const nowMs = Date.parse('2026-01-01T00:00:00Z');
    expect(claimTerms('a-1', 10, { paid: true, tier: 'expert' }, nowMs, 60_000)).toEqual({
      assignmentId: 'a-1',
      credits: 10,
      reward: 10,
      tier: 'expert',
      transferId: 'a-1',
      leaseExpiresAt: '2026-01-01T00:01:00.000Z',
      expiresAtMs: nowMs + 60_000 + BOOK_EXPIRY_GRACE_MS,
    });
  });

  it('given a volunteer claim, then it has no transfer and holds no credits', () => {
    const terms = claimTerms('a-2', 0, { paid: false, tier: 'community' }, 0, 1_000);
    expect(terms).toMatchObject({ credits: 0, reward: 0, tier: 'community', transferId: null });
  });

  it('reads the lease end from the reservation among the ledger events', () => {
    const events = [
      { type: 'AccountsOpened', data: { expires_at: '2030-01-01T00:00:00Z' } },
      { type: 'RewardReserved', data: { expires_at: '2026-01-01T00:01:00+00:00' } },
    ];
    expect(leaseEndOf(events)).toBe('2026-01-01T00:01:00.000Z');
    expect(leaseEndOf([{ type: 'RewardReserved', data: { expires_at: 17 } }])).toBeUndefined();
    expect(leaseEndOf([{ type: 'RewardReserved', data: undefined }])).toBeUndefined();
    expect(leaseEndOf([])).toBeUndefined();
  });
});

describe('claim events and ids', () => {
  it('records a claim as ItemClaimed with its lease end', () => {
    const claim = {
      assignmentId: 'a',
      itemId: 'i',
      evaluatorId: 'e',
      tier: 'expert',
      reward: 25,
      transferId: 'a',
    };
    expect(itemClaimed('ev', claim, '2026-01-01T00:00:00.000Z')).toEqual({
      type: 'ItemClaimed',
      data: {
        evaluation_id: 'ev',
        assignment_id: 'a',
        item_id: 'i',
        evaluator_id: 'e',
        tier: 'expert',
        reward_credits: 25,
        transfer_id: 'a',
        expires_at: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('accepts assignment ids as the loop makes them (UUIDs) and nothing else', () => {
    const id = '0b7c9e1a-3f2d-4c5b-9a8e-7d6c5b4a3f2e';
    expect(isAssignmentId(id)).toBe(true);
    expect(isAssignmentId('-'.repeat(36))).toBe(true);
    expect(isAssignmentId('x' + id.slice(1))).toBe(false);
    expect(isAssignmentId(id.slice(0, 35) + 'x')).toBe(false);
    expect(isAssignmentId('x' + id)).toBe(false);
    expect(isAssignmentId(id + 'x')).toBe(false);
    expect(isAssignmentId(id.slice(1))).toBe(false);
    expect(isAssignmentId(id.toUpperCase().replace(/[0-9]/g, 'A'))).toBe(false);
    expect(isAssignmentId('')).toBe(false);
  });
});
