import { ALREADY_VOTED, ASSIGNMENT_OVER, type LoopProblem } from './loop-problems.js';
import { lapsed } from './decide-claim.js';

/*
 * The evaluation loop's vote, skip and expiry rules, pure: no I/O, `now` passed in. A vote
 * settles its claim once (a repeat of the same vote answers as the first did); a skip voids the
 * reservation once; a lapsed lease takes neither.
 */

/** What the vote on an assignment does next. */
export type VoteDecision =
  | { kind: 'record' }
  /** The same vote is already recorded: answer it again. */
  | { kind: 'repeat' }
  /** The claim book recorded a vote it does not know the value of: the read model decides. */
  | { kind: 'unknown' }
  | { kind: 'refuse'; problem: LoopProblem };

/** What the claim book holds of a claim, for its vote. */
export interface BookClaimState {
  state: 'live' | 'voted' | 'released' | 'expired';
  /** The vote recorded, when this book recorded it. */
  vote?: string;
  transferId: string | null;
  leaseExpiresAt: string;
}

/**
 * A vote on a claim the book knows. A volunteer's lease is checked here; a paid one by the
 * ledger, which alone knows when the reservation it holds lapses.
 */
export function decideBookVote(claim: BookClaimState, vote: string, nowMs: number): VoteDecision {
  if (claim.state === 'voted') {
    if (claim.vote === undefined) return { kind: 'unknown' };
    return repeatOrRefuse(claim.vote, vote);
  }
  if (claim.state !== 'live') return { kind: 'refuse', problem: ASSIGNMENT_OVER };
  if (!claim.transferId && lapsed(Date.parse(claim.leaseExpiresAt), nowMs))
    return { kind: 'refuse', problem: ASSIGNMENT_OVER };
  return { kind: 'record' };
}

/** What the read model holds of an assignment, for its vote or skip. */
export interface StoredAssignment {
  status: string;
  transfer_id: string | null;
  expires_at: Date | string;
}

/**
 * A vote on an assignment the book does not know, from the read model. `recorded`: the value
 * of the assignment's vote in the read model, read when it is voted.
 */
export function decideStoredVote(
  row: StoredAssignment,
  recorded: string | undefined,
  vote: string,
  nowMs: number,
): VoteDecision {
  if (row.status === 'voted') return repeatOrRefuse(recorded, vote);
  if (row.status !== 'claimed') return { kind: 'refuse', problem: ASSIGNMENT_OVER };
  if (!row.transfer_id && lapsed(new Date(row.expires_at).getTime(), nowMs))
    return { kind: 'refuse', problem: ASSIGNMENT_OVER };
  return { kind: 'record' };
}

/** A second vote: the same value answers as the first did, another is refused. */
export function repeatOrRefuse(recorded: string | undefined, vote: string): VoteDecision {
  return recorded === vote ? { kind: 'repeat' } : { kind: 'refuse', problem: ALREADY_VOTED };
}

/**
 * After recording: `recorded` is the value that landed, which is the first attempt's when a
 * retry found the reward posted already; another value than this vote's is a conflict.
 */
export function votedProblem(recorded: string, vote: string): LoopProblem | undefined {
  return recorded === vote ? undefined : ALREADY_VOTED;
}

/** Why the ledger refused to post a reward, when the loop names it: the lease is over. */
export function postRewardProblem(rejection: string): LoopProblem | undefined {
  return rejection === 'transfer_expired' || rejection === 'transfer_already_voided'
    ? ASSIGNMENT_OVER
    : undefined;
}

/** What a skip does: nothing again for a skipped assignment; only a live claim can be skipped. */
export function decideSkip(
  status: string,
): { kind: 'skip' } | { kind: 'repeat' } | { kind: 'refuse'; problem: LoopProblem } {
  if (status === 'released') return { kind: 'repeat' };
  if (status !== 'claimed') return { kind: 'refuse', problem: ASSIGNMENT_OVER };
  return { kind: 'skip' };
}

/** Why the ledger refused to void a skipped claim's reward, when the loop names it. */
export function releaseProblem(rejection: string): LoopProblem | undefined {
  return rejection === 'transfer_already_voided' ? ASSIGNMENT_OVER : undefined;
}

/** The vote id of an assignment: one vote per assignment, so a retry names the same vote. */
export function voteIdOf(assignmentId: string): string {
  return `vote-${assignmentId}`;
}

export interface Voted {
  assignmentId: string;
  itemId: string;
  evaluatorId: string;
}

/** The event that records a vote. */
export function voteCast(evaluationId: string, voted: Voted, value: string, comment: string | null) {
  return {
    type: 'VoteCast',
    data: {
      evaluation_id: evaluationId,
      vote_id: voteIdOf(voted.assignmentId),
      assignment_id: voted.assignmentId,
      item_id: voted.itemId,
      evaluator_id: voted.evaluatorId,
      value,
      comment,
    },
  };
}

/** The event that records a skip. */
export function itemReleased(evaluationId: string, assignmentId: string) {
  return {
    type: 'ItemReleased',
    data: { evaluation_id: evaluationId, assignment_id: assignmentId, reason: 'skipped' },
  };
}

/** A comment as stored: trimmed, and none when blank. */
export function voteComment(comment: string | null | undefined): string | null {
  return comment?.trim() || null;
}
