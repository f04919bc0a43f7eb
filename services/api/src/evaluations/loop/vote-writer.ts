import {
  evaluationAssignmentStreamId,
  evaluationWorkStreamId,
  type TEventMetadata,
} from '@evalmarket/contracts';
import { recordEvents } from '../../events/record-events.js';
import type { Claim, ClaimBook } from './claim-book.js';
import {
  decideBookVote,
  decideStoredVote,
  postRewardProblem,
  voteCast,
  voteIdOf,
  votedProblem,
  type Voted,
} from './decide-vote.js';
import { readAssignment, recordedVote, type AssignmentRow } from './loop-reads.js';
import type { VoteCommand, VoteResult } from './loop-writer.js';
import { ASSIGNMENT_NOT_FOUND, LoopRefused } from './loop-problems.js';
import { ledgerProblem } from './problem-errors.js';
import { wrote, wroteUpTo, type LoopWriterDeps } from './writer-deps.js';

/*
 * The vote: it settles its claim once. A paid vote's VoteCast rides in the ledger's commit that
 * posts the reward; a volunteer's is group-committed. The claim book answers a vote's assignment;
 * the read model only answers assignments the book does not know (claimed before a restart).
 */

export type VoteAnswer = Extract<VoteResult, { ok: true }>['vote'];

/**
 * A vote on a claim the book knows: the answer once recorded (or a repeat of the recorded vote);
 * undefined when the book cannot tell (a vote it did not record), so the read model decides.
 */
export async function voteInBook(
  deps: LoopWriterDeps,
  { evaluationId, book, claim }: { evaluationId: string; book: ClaimBook; claim: Claim },
  command: VoteCommand,
): Promise<VoteAnswer | undefined> {
  await claim.ready;
  // Two votes on one assignment at once: the second sees the first's outcome.
  while (claim.voting) await claim.voting.catch(() => undefined);
  // Forgotten since the lookup (settled and its lease over): the read model answers it.
  if (claim.evicted) return undefined;
  if (book.find(claim.assignmentId) !== claim) throw new LoopRefused(ASSIGNMENT_NOT_FOUND);
  const decision = decideBookVote(claim, command.vote, Date.parse(command.now));
  if (decision.kind === 'unknown') return undefined;
  if (decision.kind === 'refuse') throw new LoopRefused(decision.problem);
  const answer = {
    vote_id: voteIdOf(claim.assignmentId),
    assignment_id: claim.assignmentId,
    item_id: claim.itemId,
    vote: command.vote,
    reward_credits: claim.reward,
  };
  if (decision.kind === 'repeat') return answer;
  const work = (async () => {
    let recorded: string = command.vote;
    if (claim.transferId) {
      recorded = await recordPaidVote(deps, evaluationId, claim.transferId, claim, command);
    } else {
      await deps.appender.append(
        evaluationWorkStreamId(evaluationId),
        [voteCast(evaluationId, claim, command.vote, command.comment)],
        {
          metadata: command.metadata,
        },
      );
    }
    book.voted(claim.assignmentId, recorded);
    const conflict = votedProblem(recorded, command.vote);
    if (conflict) throw new LoopRefused(conflict);
  })();
  claim.voting = work;
  try {
    await work;
  } finally {
    if (claim.voting === work) claim.voting = undefined;
  }
  return answer;
}

/**
 * A vote on an assignment the book does not know (claimed before a restart, or the book was
 * reloaded), from the read model.
 */
export async function voteFromReadModel(
  deps: LoopWriterDeps,
  command: VoteCommand,
): Promise<{ row: AssignmentRow; answer: VoteAnswer }> {
  await deps.settle();
  const row = await ownAssignment(deps, command.assignment_id, command.evaluator_id);
  const voteId = voteIdOf(row.assignment_id);
  const answer = {
    vote_id: voteId,
    assignment_id: row.assignment_id,
    item_id: row.item_id,
    vote: command.vote,
    reward_credits: Number(row.reward_credits),
  };
  const recordedBefore = row.status === 'voted' ? await recordedVote(deps.sql, voteId) : undefined;
  const decision = decideStoredVote(row, recordedBefore, command.vote, Date.parse(command.now));
  if (decision.kind === 'refuse') throw new LoopRefused(decision.problem);
  if (decision.kind !== 'record') return { row, answer };
  const voted = { assignmentId: row.assignment_id, itemId: row.item_id, evaluatorId: row.evaluator_id };
  let recorded: string = command.vote;
  if (row.transfer_id) {
    recorded = await recordPaidVote(deps, row.evaluation_id, row.transfer_id, voted, command);
  } else {
    await recordEvents(
      deps,
      evaluationWorkStreamId(row.evaluation_id),
      [voteCast(row.evaluation_id, voted, command.vote, command.comment)],
      {
        metadata: command.metadata,
      },
    );
  }
  (await deps.books.current(row.evaluation_id))?.voted(row.assignment_id, recorded);
  const conflict = votedProblem(recorded, command.vote);
  if (conflict) throw new LoopRefused(conflict);
  return { row, answer };
}

/**
 * The evaluator's own assignment from the read model. Perhaps claimed just before a restart, its
 * ItemClaimed not yet projected: the read model catches up once before the answer is "not found".
 */
export async function ownAssignment(
  deps: Pick<LoopWriterDeps, 'sql' | 'store' | 'domain'>,
  assignmentId: string,
  evaluatorId: string,
): Promise<AssignmentRow> {
  let row = await readAssignment(deps.sql, assignmentId);
  if (!row) {
    await deps.domain.waitFor(await deps.store.headPosition());
    row = await readAssignment(deps.sql, assignmentId);
  }
  if (!row || row.evaluator_id !== evaluatorId) throw new LoopRefused(ASSIGNMENT_NOT_FOUND);
  return row;
}

/**
 * Records a paid vote: its VoteCast rides in the ledger's commit that posts the reward, so both
 * land or neither does. The value recorded: this vote's, or, when the reward was already posted
 * with this vote id (a retry whose first attempt landed after all), the first one's.
 */
async function recordPaidVote(
  deps: LoopWriterDeps,
  evaluationId: string,
  transferId: string,
  voted: Voted,
  command: { vote: string; comment: string | null; metadata: TEventMetadata },
): Promise<string> {
  const cast = voteCast(evaluationId, voted, command.vote, command.comment);
  const posted = await deps.ledger.submit(
    { type: 'PostReward', data: { transfer_id: transferId, vote_id: cast.data.vote_id } },
    command.metadata,
    () => [
      { stream_id: evaluationAssignmentStreamId(voted.assignmentId), expected_version: 1, events: [cast] },
    ],
  );
  if (!posted.ok) throw new LoopRefused(postRewardProblem(posted.rejection) ?? ledgerProblem(posted));
  if (!posted.duplicate) {
    wrote(deps, posted);
    return command.vote;
  }
  // Posted earlier: its VoteCast landed with it, so the read model has the vote once caught up;
  // a reward posted before votes rode with their rewards may lack it, which is recorded now.
  // The posting is at or below the head: later reads of this process wait for both read
  // models to include it (the first attempt's request, if it ever ran here, may not have).
  const head = await deps.store.headPosition();
  wroteUpTo(deps, head);
  await deps.domain.waitFor(head);
  const earlier = await recordedVote(deps.sql, cast.data.vote_id);
  if (earlier !== undefined) return earlier;
  await recordEvents(deps, evaluationWorkStreamId(evaluationId), [cast], { metadata: command.metadata });
  return command.vote;
}
