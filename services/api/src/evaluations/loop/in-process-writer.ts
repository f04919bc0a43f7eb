import { evaluationWorkStreamId } from '@evalmarket/contracts';
import { recordEvents } from '../../events/record-events.js';
import { claimedAssignment, claimIn, type Claimed } from './claim-writer.js';
import { isAssignmentId } from './decide-claim.js';
import { decideSkip, itemReleased, releaseProblem } from './decide-vote.js';
import type {
  ClaimCommand,
  ClaimResult,
  ExpireCommand,
  LoopWriter,
  SkipCommand,
  VoteCommand,
  VoteResult,
} from './loop-writer.js';
import { ASSIGNMENT_NOT_FOUND, LoopRefused, NEXT_CLAIM_FAILED, type LoopProblem } from './loop-problems.js';
import { ledgerProblem } from './problem-errors.js';
import { ownAssignment, voteFromReadModel, voteInBook, type VoteAnswer } from './vote-writer.js';
import type { LoopWriterDeps } from './writer-deps.js';

/*
 * The loop's writer in this process: the commands of loop-writer.ts performed on this process's
 * claim books and ledger writer. Its results are plain JSON, as they would be from another process.
 */
export function createLoopWriter(deps: LoopWriterDeps): LoopWriter {
  return {
    claim: async (command) => claimResult(await claimIn(deps, command)),
    vote: (command) => vote(deps, command),
    skip: (command) => skip(deps, command),
    expire: (command) => expire(deps, command),
  };
}

function claimResult(outcome: Claimed | LoopProblem): ClaimResult {
  return 'claim' in outcome
    ? { ok: true, assignment: claimedAssignment(outcome) }
    : { ok: false, problem: outcome };
}

/** The claim vote + next asks for: its outcome as a result, whatever happens (the vote stands). */
async function nextClaim(
  deps: LoopWriterDeps,
  started: Promise<Claimed | LoopProblem>,
  assignmentId: string,
): Promise<ClaimResult> {
  try {
    return claimResult(await started);
  } catch (error) {
    deps.logger.error({ err: error, assignment_id: assignmentId }, 'the next claim after a vote failed');
    return { ok: false, problem: NEXT_CLAIM_FAILED };
  }
}

async function vote(deps: LoopWriterDeps, command: VoteCommand): Promise<VoteResult> {
  const found = isAssignmentId(command.assignment_id) ? deps.books.find(command.assignment_id) : undefined;
  if (found && found.claim.evaluatorId !== command.evaluator_id)
    return { ok: false, problem: ASSIGNMENT_NOT_FOUND };
  const nextCommand = (evaluationId: string): ClaimCommand | undefined =>
    command.next
      ? {
          evaluation_id: evaluationId,
          evaluator_id: command.evaluator_id,
          assignment_id: command.next.assignment_id,
          now: command.now,
          metadata: command.metadata,
        }
      : undefined;
  try {
    if (found) {
      // vote + next on a live claim: the next claim does not depend on this vote, so both go to
      // their commits at once (a retry of the same vote shares the same next claim). If the vote
      // fails, the new claim stays this evaluator's live claim, which their next claim gets back.
      const wanted = nextCommand(found.evaluationId);
      const next =
        wanted && found.claim.state === 'live'
          ? ((found.claim.nextClaim ??= claimIn(deps, wanted, found.claim)) as Promise<Claimed | LoopProblem>)
          : undefined;
      let answer: VoteAnswer | undefined;
      try {
        answer = await voteInBook(deps, found, command);
      } catch (error) {
        await next?.catch(() => undefined);
        throw error;
      }
      if (answer) return withNext(deps, answer, wanted, next);
      await next?.catch(() => undefined);
    }
    if (!isAssignmentId(command.assignment_id)) return { ok: false, problem: ASSIGNMENT_NOT_FOUND };
    const { row, answer } = await voteFromReadModel(deps, command);
    return withNext(deps, answer, nextCommand(row.evaluation_id));
  } catch (error) {
    if (error instanceof LoopRefused) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** The vote's result, with the next claim when vote + next asked for one. */
async function withNext(
  deps: LoopWriterDeps,
  answer: VoteAnswer,
  wanted: ClaimCommand | undefined,
  started?: Promise<Claimed | LoopProblem>,
): Promise<VoteResult> {
  if (!wanted) return { ok: true, vote: answer };
  return {
    ok: true,
    vote: answer,
    next: await nextClaim(deps, started ?? claimIn(deps, wanted), answer.assignment_id),
  };
}

/** A skip: the reservation is voided and the item goes back to others (not to this evaluator). */
async function skip(deps: LoopWriterDeps, command: SkipCommand) {
  try {
    if (!isAssignmentId(command.assignment_id)) return { ok: false as const, problem: ASSIGNMENT_NOT_FOUND };
    await deps.settle();
    const row = await ownAssignment(deps, command.assignment_id, command.evaluator_id);
    const decision = decideSkip(row.status);
    if (decision.kind === 'refuse') return { ok: false as const, problem: decision.problem };
    if (decision.kind === 'skip') {
      if (row.transfer_id) {
        const released = await deps.ledger.submit(
          { type: 'ReleaseReward', data: { transfer_id: row.transfer_id, reason: 'skipped' } },
          command.metadata,
        );
        if (!released.ok)
          return {
            ok: false as const,
            problem: releaseProblem(released.rejection) ?? ledgerProblem(released),
          };
        const last = released.events[released.events.length - 1];
        if (last) await deps.wallet.waitFor(last.global_position);
      }
      await recordEvents(
        deps,
        evaluationWorkStreamId(row.evaluation_id),
        [itemReleased(row.evaluation_id, row.assignment_id)],
        {
          metadata: command.metadata,
        },
      );
      (await deps.books.current(row.evaluation_id))?.released(row.assignment_id);
    }
    return { ok: true as const, assignment_id: row.assignment_id, status: 'released' as const };
  } catch (error) {
    if (error instanceof LoopRefused) return { ok: false as const, problem: error.problem };
    throw error;
  }
}

/** Lease expiry: the ledger voids reserved rewards whose lease ran out; the projection frees the claims. */
async function expire(deps: LoopWriterDeps, command: ExpireCommand) {
  const expired = await deps.ledger.submit(
    { type: 'ExpireRewards', data: { max_count: command.max_count } },
    command.metadata,
  );
  if (!expired.ok) return { ok: false as const, problem: ledgerProblem(expired) };
  const last = expired.events[expired.events.length - 1];
  return {
    ok: true as const,
    expired: expired.events.filter((event) => event.type === 'RewardReleased').length,
    position: last?.global_position ?? null,
  };
}
