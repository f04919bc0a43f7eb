import type { TEvaluationConfig, TEventMetadata } from '@evalmarket/contracts';
import type { LoopProblem } from './loop-problems.js';

/*
 * The one-owner part of the evaluation loop as a narrow service: the claim books and the ledger
 * submissions that carry the loop's events as companions. Every command and every result is plain
 * JSON (ids, amounts, the vote, `now` as an ISO string, the event metadata), so the HTTP side,
 * which calls only this interface, can reach the writer in this process (createLoopWriter) or,
 * later, behind a request/reply transport. ARCHITECTURE.md, "The evaluation loop", describes
 * the seam.
 *
 * Retries: a command names what it acts on, so a retry acts once. A claim carries the assignment
 * id it makes (chosen by the caller) and a repeated claim of the same evaluator and evaluation
 * returns the live claim; a vote or skip names its assignment, whose vote id and transfer are
 * derived from it, so the ledger and the book answer a retry as the first attempt.
 */

interface CommandBase {
  /** The clock of the caller: the rules decide with this time. */
  now: string;
  /** Who caused the events and in answer to which request (request id, correlation id). */
  metadata: TEventMetadata;
}

export interface ClaimCommand extends CommandBase {
  evaluation_id: string;
  evaluator_id: string;
  /** The id of the assignment this claim makes, if it makes one (a UUID). */
  assignment_id: string;
}

/** A claim as its reply tells it, without the item's payload (the caller adds it). */
export interface ClaimedAssignment {
  assignment_id: string;
  evaluation_id: string;
  item_id: string;
  reward_credits: number;
  tier: string;
  expires_at: string;
  instructions: TEvaluationConfig['evaluation_instructions'] | null;
}

export type ClaimResult = { ok: true; assignment: ClaimedAssignment } | { ok: false; problem: LoopProblem };

export interface VoteCommand extends CommandBase {
  assignment_id: string;
  evaluator_id: string;
  vote: 'good' | 'bad';
  /** Trimmed; null when blank. */
  comment: string | null;
  /** vote + next: also claim the next item of the same evaluation, with this assignment id. */
  next: { assignment_id: string } | null;
}

export type VoteResult =
  | {
      ok: true;
      vote: {
        vote_id: string;
        assignment_id: string;
        item_id: string;
        vote: 'good' | 'bad';
        reward_credits: number;
      };
      /** With next: the next claim, or why there is none (the vote stands either way). */
      next?: ClaimResult;
    }
  | { ok: false; problem: LoopProblem };

export interface SkipCommand extends CommandBase {
  assignment_id: string;
  evaluator_id: string;
}

export type SkipResult =
  { ok: true; assignment_id: string; status: 'released' } | { ok: false; problem: LoopProblem };

export interface ExpireCommand extends CommandBase {
  /** At most this many lapsed reservations are voided by one command. */
  max_count: number;
}

/** How many reservations lapsed, and the log position the read models must reach to show it. */
export type ExpireResult =
  { ok: true; expired: number; position: number | null } | { ok: false; problem: LoopProblem };

export interface LoopWriter {
  claim(command: ClaimCommand): Promise<ClaimResult>;
  vote(command: VoteCommand): Promise<VoteResult>;
  skip(command: SkipCommand): Promise<SkipResult>;
  expire(command: ExpireCommand): Promise<ExpireResult>;
}
