import {
  evaluationAssignmentStreamId,
  evaluationWorkStreamId,
  type TEvaluationConfig,
} from '@evalmarket/contracts';
import type { TEventMetadata } from '@evalmarket/contracts';
import { mayAccess } from '../audience.js';
import { spendableCredits } from '../evaluation-access.js';
import type { Claim, ClaimBook } from './claim-book.js';
import {
  bookExpiryOf,
  bookLimits,
  claimTerms,
  creditsProblem,
  decideClaimant,
  itemClaimed,
  leaseEndOf,
  reservationProblem,
  rewardFor,
  takeProblem,
  type ClaimTerms,
} from './decide-claim.js';
import type { ClaimCommand, ClaimedAssignment } from './loop-writer.js';
import type { LoopProblem } from './loop-problems.js';
import { readAssignment } from './loop-reads.js';
import { ledgerProblem } from './problem-errors.js';
import { wrote, type LoopWriterDeps } from './writer-deps.js';

/*
 * The claim (DESIGN.md section 6): which item a claim gets is decided synchronously by the
 * evaluation's claim book, so no item is handed out more than votes_per_item times and the
 * budget of the period holds; the ledger's ReserveReward is the final word on the requester's
 * balance, so no claim can overspend it. The claim replies once ItemClaimed is committed, without
 * waiting for the projections (reads of this process wait at the read barrier instead).
 */

export interface Claimed {
  evaluationId: string;
  claim: Claim;
  config: TEvaluationConfig;
}

/**
 * Claims the next item of an evaluation. `voting` is the claim whose vote runs at the same time
 * (vote + next): it is not handed back as the evaluator's live claim.
 */
export async function claimIn(
  deps: LoopWriterDeps,
  command: ClaimCommand,
  voting?: Claim,
): Promise<Claimed | LoopProblem> {
  const { evaluation_id: evaluationId, evaluator_id: userId } = command;
  const evaluation = await deps.cache.evaluation(evaluationId);
  const accessible = evaluation?.status === 'active' && (await mayAccess(deps.sql, evaluation, userId));
  const enabled = accessible && evaluation.creator_id !== userId && evaluation.config?.evaluation_enabled;
  const evaluator = enabled ? await deps.cache.evaluator(userId) : { status: null, tier: null };
  const claimant = decideClaimant(evaluation, accessible, userId, evaluator);
  if (!claimant.ok) return claimant.problem;
  const { who, config, requesterId } = claimant;
  const now = new Date(command.now);
  const book = await deps.books.bookFor(evaluationId, bookLimits(config, now), now.getTime());

  // One live claim per evaluator and evaluation: a repeated claim returns it.
  const live = book.liveClaimOf(userId, now.getTime());
  if (live && live !== voting) {
    await live.ready;
    if (live.state === 'live' && book.find(live.assignmentId) === live)
      return { evaluationId, claim: live, config };
  }

  const reward = rewardFor(config, who);
  const refused = creditsProblem(reward, await spendableCredits(deps, requesterId));
  if (refused) return refused;
  const terms = claimTerms(command.assignment_id, reward, who, now.getTime(), deps.leaseMs);
  let settle!: () => void;
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const taken = book.take(userId, { ...terms, ready }, now.getTime());
  if (!taken.ok) {
    settle();
    return takeProblem(taken.reason);
  }
  try {
    const problem = terms.transferId
      ? await reserveAndClaim(
          deps,
          { evaluationId, requesterId, book, claim: taken.claim, terms },
          command.metadata,
        )
      : await appendClaim(deps, evaluationId, book, taken.claim, command.metadata);
    if (problem === CLAIMED_BEFORE) {
      const earlier = await earlierClaim(deps, taken.claim.assignmentId, userId);
      return earlier ? { evaluationId, claim: earlier, config } : CLAIM_CONFLICT;
    }
    if (problem) return problem;
  } finally {
    settle();
  }
  return { evaluationId, claim: taken.claim, config };
}

/**
 * The claim's reservation exists with other terms: an earlier attempt of this same request (its
 * assignment id comes from the request's Idempotency-Key) landed, and this resend, decided anew
 * by a writer that took over, picked another item or lease. The earlier claim is the answer.
 */
const CLAIMED_BEFORE = 'claimed_before';
const CLAIM_CONFLICT: LoopProblem = {
  status: 409,
  code: 'idempotency_key_reused_with_different_payload',
  detail: 'This Idempotency-Key was used for another claim',
};

/**
 * The claim an earlier attempt of the request recorded, from the assignments read model once the
 * domain projection has passed the log's head (the attempt committed before this one was decided;
 * its ItemClaimed rides in the packed journal with the reservation, so the read model is where a
 * single assignment is found).
 */
async function earlierClaim(
  deps: LoopWriterDeps,
  assignmentId: string,
  evaluatorId: string,
): Promise<Claim | undefined> {
  await deps.domain.waitFor(await deps.store.headPosition());
  const row = await readAssignment(deps.sql, assignmentId);
  if (!row || row.evaluator_id !== evaluatorId) return undefined;
  const leaseExpiresAt = new Date(row.expires_at).toISOString();
  const reward = Number(row.reward_credits);
  return {
    assignmentId,
    itemId: row.item_id,
    evaluatorId,
    credits: reward,
    expiresAtMs: bookExpiryOf(leaseExpiresAt),
    reward,
    tier: row.tier,
    transferId: row.transfer_id,
    leaseExpiresAt,
    state: row.status === 'claimed' ? 'live' : (row.status as Claim['state']),
    ready: Promise.resolve(),
  };
}

/**
 * A paid claim: ItemClaimed rides in the ledger's commit of the reservation, with its lease end,
 * so both land or neither does. Undefined once both landed; the refusal otherwise.
 */
async function reserveAndClaim(
  deps: LoopWriterDeps,
  {
    evaluationId,
    requesterId,
    book,
    claim,
    terms,
  }: { evaluationId: string; requesterId: string; book: ClaimBook; claim: Claim; terms: ClaimTerms },
  metadata: TEventMetadata,
): Promise<LoopProblem | typeof CLAIMED_BEFORE | undefined> {
  const submitted = deps.ledger.submitMany(
    [
      { type: 'OpenUserAccounts', data: { user_id: claim.evaluatorId } },
      {
        command: {
          type: 'ReserveReward',
          data: {
            transfer_id: terms.transferId!,
            requester_id: requesterId,
            evaluator_id: claim.evaluatorId,
            credits: terms.reward,
            timeout_ms: deps.leaseMs,
            item_id: claim.itemId,
          },
        },
        companions: (decided) => [
          {
            stream_id: evaluationAssignmentStreamId(claim.assignmentId),
            expected_version: 'no_stream',
            events: [itemClaimed(evaluationId, claim, leaseEndOf(decided) ?? claim.leaseExpiresAt)],
          },
        ],
      },
    ],
    metadata,
  );
  // Refused outright (companions that cannot ride, a programming error): no claim happened.
  const [opened, reserved] = await submitted.catch((error: unknown) => {
    book.cancel(claim.assignmentId);
    throw error;
  });
  if (!opened!.ok) {
    book.cancel(claim.assignmentId);
    return ledgerProblem(opened!);
  }
  if (!reserved!.ok) {
    book.cancel(claim.assignmentId);
    if (reserved!.rejection === 'idempotency_key_reused_with_different_payload') return CLAIMED_BEFORE;
    return reservationProblem(reserved!.rejection) ?? ledgerProblem(reserved!);
  }
  // The ledger's lease started when it decided, a little after the claim's.
  const leaseEnd = leaseEndOf(reserved!.events);
  if (leaseEnd) {
    claim.leaseExpiresAt = leaseEnd;
    claim.expiresAtMs = bookExpiryOf(leaseEnd);
  }
  wrote(deps, reserved!);
  return undefined;
}

/** A volunteer's claim: committed (group commit) before the reply; the read models follow. */
async function appendClaim(
  deps: LoopWriterDeps,
  evaluationId: string,
  book: ClaimBook,
  claim: Claim,
  metadata: TEventMetadata,
): Promise<undefined> {
  try {
    await deps.appender.append(
      evaluationWorkStreamId(evaluationId),
      [itemClaimed(evaluationId, claim, claim.leaseExpiresAt)],
      {
        metadata,
      },
    );
  } catch (error) {
    // The claim did not happen: give the slot back.
    book.cancel(claim.assignmentId);
    throw error;
  }
  return undefined;
}

/** The claim as its reply tells it (plain JSON; the item's payload is the caller's to add). */
export function claimedAssignment({ evaluationId, claim, config }: Claimed): ClaimedAssignment {
  return {
    assignment_id: claim.assignmentId,
    evaluation_id: evaluationId,
    item_id: claim.itemId,
    reward_credits: claim.reward,
    tier: claim.tier,
    expires_at: claim.leaseExpiresAt,
    instructions: config.evaluation_instructions ?? null,
  };
}
