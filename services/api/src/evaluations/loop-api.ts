import { randomUUID } from 'node:crypto';
import {
  ZAssignment,
  ZClaimRequest,
  ZEvaluatorProject,
  ZVoteReply,
  ZVoteRequest,
  evaluationAssignmentStreamId,
  evaluationWorkStreamId,
  type TEvaluationConfig,
  type TPermissionLevel,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { groupAppender } from '../events/group-appender.js';
import { readBarrier } from '../events/read-barrier.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { spendableCredits, type EvaluationRow } from './evaluation-access.js';
import { invitedEvaluationIds, mayAccess, mayAccessEvaluation, needsInvitation } from './audience.js';
import { budgetPeriodStart } from './quality-metrics.js';
import {
  BOOK_EXPIRY_GRACE_MS,
  claimBooks,
  findClaim,
  loadClaimBook,
  loadedClaimBooks,
  onForgetClaimBook,
  type Claim,
  type ClaimBook,
} from './claim-book.js';
import { loopCache } from './loop-cache.js';

/*
 * The evaluation loop (DESIGN.md section 6). Which item a claim gets is decided synchronously by
 * the evaluation's claim book (claim-book.ts), so no item is handed out more than votes_per_item
 * times and the budget of the period holds; the ledger's ReserveReward is the final word on the
 * requester's balance, so no claim can overspend it. Votes and skips settle each reservation
 * once in the ledger, and the projection counts each vote once.
 *
 * Claims and votes are the hot path: they append ItemClaimed / VoteCast through the group
 * appender (many requests, one transaction) and reply once the events are committed, without
 * waiting for the projections; the claim book answers a vote's assignment (the read model only
 * for assignments the book does not know, e.g. after a restart), and every other request of this
 * process waits at the read barrier until the read models include these writes.
 */

interface Eligibility {
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
  switch (level) {
    case 'disabled':
      return undefined;
    case 'paid_only':
      return payable ? { paid: true, tier } : undefined;
    case 'volunteer_only':
      return { paid: false, tier };
    case 'both':
      return { paid: payable, tier };
    default: {
      const unknownLevel: never = level;
      return unknownLevel;
    }
  }
}

export function rewardFor(config: TEvaluationConfig, who: Eligibility): number {
  if (!who.paid) return 0;
  return who.tier === 'expert' ? config.credit_rates.expert_rate : config.credit_rates.community_rate;
}

async function evaluatorOf(sql: SqlExecutor, userId: string) {
  const { rows } = await sql.query<{ evaluator_status: string; qualification_tier: string | null }>(
    `SELECT evaluator_status, qualification_tier FROM evaluator_applications WHERE user_id = $1`,
    [userId],
  );
  return { status: rows[0]?.evaluator_status ?? null, tier: rows[0]?.qualification_tier ?? null };
}

interface AssignmentRow {
  assignment_id: string;
  evaluation_id: string;
  item_id: string;
  evaluator_id: string;
  tier: string;
  reward_credits: number | string;
  transfer_id: string | null;
  status: string;
  claimed_at: Date | string;
  expires_at: Date | string;
}

async function readAssignment(sql: SqlExecutor, assignmentId: string): Promise<AssignmentRow | undefined> {
  const { rows } = await sql.query<AssignmentRow & Record<string, unknown>>(
    `SELECT * FROM evaluation_assignments WHERE assignment_id = $1`,
    [assignmentId],
  );
  return rows[0];
}

const NO_ITEM = 'No item is available to evaluate right now';
const ASSIGNMENT_ID = /^[0-9a-f-]{36}$/;

export async function loopApi(app: App, context: DomainContext): Promise<void> {
  const { sql, config } = context;
  const leaseMs = config.claimLeaseSeconds * 1000;
  const cache = loopCache(context);
  const appender = groupAppender(context);
  const barrier = readBarrier(context);
  // A configuration change of this process drops the book; the cached evaluation goes with it.
  onForgetClaimBook(context, (evaluationId) => cache.forgetEvaluation(evaluationId));
  /** The evaluation's claim book, loaded once (again after a configuration change or a new period). */
  const bookFor = async (evaluationId: string, cfg: TEvaluationConfig, now: Date): Promise<ClaimBook> => {
    const books = claimBooks(context);
    const budget = cfg.budget_control;
    const limits = {
      votesPerItem: cfg.votes_per_item,
      maxCredits: budget.budget_enabled ? (budget.max_budget_amount ?? 0) * 1000 : null,
      maxEvaluations: budget.budget_enabled ? (budget.max_evaluations ?? 0) : null,
      periodStartMs: budget.budget_enabled ? budgetPeriodStart(budget.budget_period, now).getTime() : 0,
    };
    const current = books.get(evaluationId);
    if (current) {
      const book = await current.catch(() => undefined);
      if (
        book &&
        book.limits.votesPerItem === limits.votesPerItem &&
        book.limits.maxCredits === limits.maxCredits &&
        book.limits.maxEvaluations === limits.maxEvaluations &&
        book.limits.periodStartMs === limits.periodStartMs
      ) {
        return book;
      }
      if (books.get(evaluationId) === current) {
        books.delete(evaluationId);
        loadedClaimBooks(context).delete(evaluationId);
      }
    }
    let loading = books.get(evaluationId);
    if (!loading) {
      // The read models must hold every claim, vote and skip committed so far, or the book
      // would hand out slots that are taken.
      loading = (async () => {
        await barrier.settle();
        await context.domain.waitFor(await context.store.headPosition());
        return loadClaimBook(sql, evaluationId, limits, now.getTime());
      })();
      const started = loading;
      books.set(evaluationId, started);
      started.then(
        (book) => {
          if (books.get(evaluationId) === started) loadedClaimBooks(context).set(evaluationId, book);
        },
        () => {
          if (books.get(evaluationId) === started) books.delete(evaluationId);
        },
      );
    }
    return loading;
  };

  /** The claim's reply, from the book and the caches (no read model involved). */
  const assignmentReply = async (evaluationId: string, claim: Claim, cfg: TEvaluationConfig) => {
    const item = await cache.item(claim.itemId);
    return {
      assignment_id: claim.assignmentId,
      evaluation_id: evaluationId,
      item_id: claim.itemId,
      external_id: item?.external_id ?? '',
      input: item?.input ?? null,
      output: item?.output ?? null,
      metadata: item?.metadata ?? null,
      reward_credits: claim.reward,
      tier: claim.tier,
      expires_at: claim.leaseExpiresAt,
      instructions: cfg.evaluation_instructions ?? null,
    };
  };

  /** Evaluations this person may claim in now, with their configuration. */
  const openEvaluations = async (userId: string) => {
    const evaluator = await evaluatorOf(sql, userId);
    const { rows } = await sql.query<EvaluationRow & { config: TEvaluationConfig } & Record<string, unknown>>(
      `SELECT e.*, c.config FROM evaluations e JOIN evaluation_configs c ON c.evaluation_id = e.id
       WHERE e.status = 'active' AND e.creator_id <> $1 ORDER BY e.created_at, e.id LIMIT 200`,
      [userId],
    );
    const invited = rows.some((row) => needsInvitation(row, userId))
      ? await invitedEvaluationIds(sql, userId)
      : new Set<string>();
    const open: Array<{ evaluation: EvaluationRow; config: TEvaluationConfig; who: Eligibility }> = [];
    for (const row of rows) {
      const cfg = row.config;
      if (!cfg.evaluation_enabled) continue;
      if (!mayAccessEvaluation(row, { userId, invited: invited.has(row.id) })) continue;
      const who = eligibility(cfg.permission_level, evaluator);
      if (who) open.push({ evaluation: row, config: cfg, who });
    }
    return open;
  };

  const countOpenItems = async (evaluationId: string, userId: string, votesPerItem: number, now: Date) => {
    const { rows } = await sql.query<{ count: string | number }>(
      `SELECT COUNT(*) AS count FROM evaluation_items i
       WHERE i.evaluation_id = $1 ${OPEN_ITEM_CONDITION}`,
      [evaluationId, userId, votesPerItem, now.toISOString()],
    );
    return Number(rows[0]?.count ?? 0);
  };

  app.get(
    '/evaluator/projects',
    {
      schema: {
        tags: ['evaluation loop'],
        summary: 'Active evaluations the signed-in person may evaluate now, with their reward and open items',
        response: { 200: z.array(ZEvaluatorProject) },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const now = context.now();
      const projects = [];
      for (const { evaluation, config: cfg, who } of await openEvaluations(userId)) {
        projects.push({
          evaluation_id: evaluation.id,
          title: evaluation.title,
          description: evaluation.description,
          model_type: evaluation.model_type,
          permission_level: cfg.permission_level,
          reward_credits: rewardFor(cfg, who),
          open_items: await countOpenItems(evaluation.id, userId, cfg.votes_per_item, now),
          instructions: cfg.evaluation_instructions,
        });
      }
      return projects;
    },
  );

  type Claimed = { evaluationId: string; claim: Claim; config: TEvaluationConfig };

  /**
   * Claims the next item of an evaluation for `userId`. `voting` is the claim whose vote runs at
   * the same time (vote + next): it is not handed back as the evaluator's live claim.
   */
  const claimIn = async (
    request: FastifyRequest,
    userId: string,
    evaluationId: string,
    voting?: Claim,
  ): Promise<Claimed | AppError> => {
    const evaluation = await cache.evaluation(evaluationId);
    if (!evaluation || evaluation.status !== 'active' || !(await mayAccess(sql, evaluation, userId)))
      return new NotFoundError('Evaluation not found or not active');
    if (evaluation.creator_id === userId)
      return new ForbiddenError('You cannot evaluate your own evaluation');
    const cfg = evaluation.config;
    const who =
      cfg && cfg.evaluation_enabled
        ? eligibility(cfg.permission_level, await cache.evaluator(userId))
        : undefined;
    if (!cfg || !who) return new ForbiddenError('You may not evaluate this evaluation');
    const now = context.now();

    const book = await bookFor(evaluationId, cfg, now);

    // One live claim per evaluator and evaluation: a repeated claim returns it.
    const live = book.liveClaimOf(userId, now.getTime());
    if (live && live !== voting) {
      await live.ready;
      if (live.state === 'live' && book.find(live.assignmentId) === live)
        return { evaluationId, claim: live, config: cfg };
    }

    const reward = rewardFor(cfg, who);
    // Cheap early answer from the ledger writer's books; ReserveReward below stays the real check.
    if (reward > 0 && spendableCredits(context, evaluation.creator_id) < reward) {
      return new ConflictError(
        "The requester's credits cannot pay for another vote on this evaluation",
        'requester_credits_exhausted',
      );
    }
    const assignmentId = randomUUID();
    const transferId = reward > 0 ? assignmentId : null;
    let settle!: () => void;
    const ready = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const taken = book.take(
      userId,
      {
        assignmentId,
        credits: reward,
        reward,
        expiresAtMs: now.getTime() + leaseMs + BOOK_EXPIRY_GRACE_MS,
        ready,
        tier: who.tier,
        transferId,
        leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
      },
      now.getTime(),
    );
    if (!taken.ok) {
      settle();
      return taken.reason === 'budget'
        ? new ConflictError("The evaluation's budget for this period is used up", 'budget_exhausted')
        : new AppError(404, 'no_item_available', NO_ITEM);
    }
    const claim = taken.claim;
    try {
      const metadata = eventMetadata(request);
      const itemClaimed = (expiresAt: string) => ({
        type: 'ItemClaimed',
        data: {
          evaluation_id: evaluationId,
          assignment_id: assignmentId,
          item_id: claim.itemId,
          evaluator_id: userId,
          tier: who.tier,
          reward_credits: reward,
          transfer_id: transferId,
          expires_at: expiresAt,
        },
      });
      if (transferId) {
        // ItemClaimed rides in the ledger's commit of the reservation, with its lease end: both
        // land or neither does.
        const submitted = context.ledger.submitMany(
          [
            { type: 'OpenUserAccounts', data: { user_id: userId } },
            {
              command: {
                type: 'ReserveReward',
                data: {
                  transfer_id: transferId,
                  requester_id: evaluation.creator_id,
                  evaluator_id: userId,
                  credits: reward,
                  timeout_ms: leaseMs,
                  item_id: claim.itemId,
                },
              },
              companions: (decided) => [
                {
                  stream_id: evaluationAssignmentStreamId(assignmentId),
                  expected_version: 'no_stream',
                  events: [itemClaimed(leaseEndOf(decided) ?? claim.leaseExpiresAt)],
                },
              ],
            },
          ],
          metadata,
        );
        // Refused outright (companions that cannot ride, a programming error): no claim happened.
        const [opened, reserved] = await submitted.catch((error: unknown) => {
          book.cancel(assignmentId);
          throw error;
        });
        if (!opened!.ok) {
          book.cancel(assignmentId);
          return ledgerRejectionError(opened!);
        }
        if (!reserved!.ok) {
          book.cancel(assignmentId);
          if (reserved!.rejection === 'insufficient_credits' || reserved!.rejection === 'unknown_account') {
            return new ConflictError(
              "The requester's credits cannot pay for another vote on this evaluation",
              'requester_credits_exhausted',
            );
          }
          return ledgerRejectionError(reserved!);
        }
        // The ledger's lease started when it decided, a little after the claim's.
        const leaseEnd = leaseEndOf(reserved!.events);
        if (leaseEnd) {
          claim.leaseExpiresAt = leaseEnd;
          claim.expiresAtMs = Date.parse(leaseEnd) + BOOK_EXPIRY_GRACE_MS;
        }
        wrote(reserved!);
      } else {
        try {
          // Committed (group commit) before the reply; the read models follow without being awaited.
          await appender.append(evaluationWorkStreamId(evaluationId), [itemClaimed(claim.leaseExpiresAt)], {
            metadata,
          });
        } catch (error) {
          // The claim did not happen: give the slot back.
          book.cancel(assignmentId);
          throw error;
        }
      }
    } finally {
      settle();
    }
    return { evaluationId, claim, config: cfg };
  };

  app.post(
    '/evaluator/assignments',
    {
      schema: {
        tags: ['evaluation loop'],
        summary:
          'Claim the next item (of evaluation_id, or of any open evaluation): a lease with the reward reserved. 404 no_item_available; 409 budget_exhausted or requester_credits_exhausted.',
        body: ZClaimRequest.optional(),
        response: { 201: ZAssignment },
      },
      config: { readBarrier: false },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const wanted = request.body?.evaluation_id;
      const candidates = wanted
        ? [wanted]
        : (await openEvaluations(userId)).map((open) => open.evaluation.id);
      // Made only when no claim succeeds: an error captures a stack trace.
      let lastProblem: AppError | undefined;
      for (const evaluationId of candidates) {
        const outcome = await claimIn(request, userId, evaluationId);
        if (!(outcome instanceof AppError)) {
          reply.status(201);
          return assignmentReply(outcome.evaluationId, outcome.claim, outcome.config);
        }
        lastProblem = outcome;
        if (wanted) break;
      }
      throw lastProblem ?? new AppError(404, 'no_item_available', NO_ITEM);
    },
  );

  const ZAssignmentParams = z.object({ id: z.string().max(100) });
  const ownAssignment = async (request: FastifyRequest, assignmentId: string) => {
    const userId = requireUser(request);
    if (!ASSIGNMENT_ID.test(assignmentId)) throw new NotFoundError('Assignment not found');
    let row = await readAssignment(sql, assignmentId);
    if (!row) {
      // Perhaps claimed just before a restart, its ItemClaimed not yet projected: catch up once.
      await context.domain.waitFor(await context.store.headPosition());
      row = await readAssignment(sql, assignmentId);
    }
    if (!row || row.evaluator_id !== userId) throw new NotFoundError('Assignment not found');
    return row;
  };
  const assignmentOver = () =>
    new ConflictError(
      'This assignment is no longer active (skipped or its lease expired)',
      'assignment_expired',
    );

  const alreadyVoted = () => new ConflictError('This item already has your vote', 'already_voted');

  /** The value the read model holds for a vote, if it holds it. */
  const recordedVote = async (voteId: string): Promise<string | undefined> => {
    const { rows } = await sql.query<{ value: string }>(
      `SELECT value FROM evaluation_votes WHERE vote_id = $1`,
      [voteId],
    );
    return rows[0]?.value;
  };

  /** Later reads of this process wait for both read models to include `position`. */
  const wroteUpTo = (position: number) => {
    barrier.walletWrote(position);
    barrier.domainWrote(position);
  };
  /** Notes a ledger commit that carried the loop's own events: both read models must see it. */
  const wrote = (result: { events: ReadonlyArray<{ global_position: number }> }) => {
    const last = result.events[result.events.length - 1]?.global_position;
    if (last) wroteUpTo(last);
  };

  type Voted = { assignmentId: string; itemId: string; evaluatorId: string };
  const voteCast = (evaluationId: string, voted: Voted, value: string, comment: string | null) => ({
    type: 'VoteCast',
    data: {
      evaluation_id: evaluationId,
      vote_id: `vote-${voted.assignmentId}`,
      assignment_id: voted.assignmentId,
      item_id: voted.itemId,
      evaluator_id: voted.evaluatorId,
      value,
      comment,
    },
  });

  /**
   * Records a paid vote: its VoteCast rides in the ledger's commit that posts the reward, so both
   * land or neither does. The value recorded: this vote's, or, when the reward was already
   * posted with this vote id (a retry whose first attempt landed after all), the first one's.
   */
  const recordPaidVote = async (
    evaluationId: string,
    transferId: string,
    voted: Voted,
    value: 'good' | 'bad',
    comment: string | null,
    metadata: ReturnType<typeof eventMetadata>,
  ): Promise<string> => {
    const cast = voteCast(evaluationId, voted, value, comment);
    const posted = await context.ledger.submit(
      { type: 'PostReward', data: { transfer_id: transferId, vote_id: cast.data.vote_id } },
      metadata,
      () => [
        { stream_id: evaluationAssignmentStreamId(voted.assignmentId), expected_version: 1, events: [cast] },
      ],
    );
    if (!posted.ok) {
      if (posted.rejection === 'transfer_expired' || posted.rejection === 'transfer_already_voided')
        throw assignmentOver();
      throw ledgerRejectionError(posted);
    }
    if (!posted.duplicate) {
      wrote(posted);
      return value;
    }
    // Posted earlier: its VoteCast landed with it, so the read model has the vote once caught up;
    // a reward posted before votes rode with their rewards may lack it, which is recorded now.
    // The posting is at or below the head: later reads of this process wait for both read
    // models to include it (the first attempt's request, if it ever ran here, may not have).
    const head = await context.store.headPosition();
    wroteUpTo(head);
    await context.domain.waitFor(head);
    const earlier = await recordedVote(cast.data.vote_id);
    if (earlier !== undefined) return earlier;
    await recordEvents(context, evaluationWorkStreamId(evaluationId), [cast], { metadata });
    return value;
  };

  /**
   * A vote on a claim the book knows: true once recorded (or a repeat of the recorded vote);
   * false when the book cannot tell (a vote it did not record), so the read model decides.
   */
  const voteInBook = async (
    request: FastifyRequest,
    { evaluationId, book, claim }: { evaluationId: string; book: ClaimBook; claim: Claim },
    vote: 'good' | 'bad',
    comment: string | null,
  ): Promise<boolean> => {
    await claim.ready;
    // Two votes on one assignment at once: the second sees the first's outcome.
    while (claim.voting) await claim.voting.catch(() => undefined);
    if (book.find(claim.assignmentId) !== claim) throw new NotFoundError('Assignment not found');
    if (claim.state === 'voted') {
      if (claim.vote === undefined) return false;
      if (claim.vote === vote) return true;
      throw alreadyVoted();
    }
    if (claim.state !== 'live') throw assignmentOver();
    if (!claim.transferId && Date.parse(claim.leaseExpiresAt) <= context.now().getTime())
      throw assignmentOver();
    const metadata = eventMetadata(request);
    const work = (async () => {
      let recorded: string = vote;
      if (claim.transferId) {
        recorded = await recordPaidVote(evaluationId, claim.transferId, claim, vote, comment, metadata);
      } else {
        await appender.append(
          evaluationWorkStreamId(evaluationId),
          [voteCast(evaluationId, claim, vote, comment)],
          { metadata },
        );
      }
      book.voted(claim.assignmentId, recorded);
      if (recorded !== vote) throw alreadyVoted();
    })();
    claim.voting = work;
    try {
      await work;
    } finally {
      if (claim.voting === work) claim.voting = undefined;
    }
    return true;
  };

  app.post(
    '/evaluator/assignments/:id/vote',
    {
      schema: {
        tags: ['evaluation loop'],
        summary:
          'Vote good or bad (optional comment) on a claimed item; posts the reserved reward. With next: true, also claims the next item of the evaluation (reply.next, or null and next_problem).',
        params: ZAssignmentParams,
        body: ZVoteRequest,
        response: { 201: ZVoteReply },
      },
      // Answered from the claim book; the read model only for assignments the book does not know.
      config: { readBarrier: false },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      // With next: true, the vote's reply carries the next claim of the same evaluation (or why
      // there is none); the vote is recorded whatever happens to that claim.
      const withNext = async <T extends object>(
        evaluationId: string,
        answer: T,
        started?: Promise<Claimed | AppError>,
      ) => {
        if (!request.body.next) return answer;
        try {
          const outcome = await (started ?? claimIn(request, userId, evaluationId));
          if (outcome instanceof AppError) {
            return {
              ...answer,
              next: null,
              next_problem: {
                status: outcome.status,
                code: outcome.code,
                detail: typeof outcome.detail === 'string' ? outcome.detail : outcome.message,
              },
            };
          }
          return {
            ...answer,
            next: await assignmentReply(outcome.evaluationId, outcome.claim, outcome.config),
          };
        } catch (error) {
          request.log.error({ err: error }, 'the next claim after a vote failed');
          return {
            ...answer,
            next: null,
            next_problem: {
              status: 503,
              code: 'claim_failed',
              detail: 'The next item could not be claimed; claim it again',
            },
          };
        }
      };
      const found = ASSIGNMENT_ID.test(request.params.id) ? findClaim(context, request.params.id) : undefined;
      if (found) {
        if (found.claim.evaluatorId !== userId) throw new NotFoundError('Assignment not found');
        const voting = voteInBook(request, found, request.body.vote, request.body.comment?.trim() || null);
        // vote + next on a live claim: the next claim does not depend on this vote, so both go to
        // their commits at once (a retry of the same vote shares the same next claim). If the vote
        // fails, the new claim stays this evaluator's live claim, which their next claim request
        // gets back.
        const next =
          request.body.next && found.claim.state === 'live'
            ? ((found.claim.nextClaim ??= claimIn(
                request,
                userId,
                found.evaluationId,
                found.claim,
              )) as Promise<Claimed | AppError>)
            : undefined;
        let recorded: boolean;
        try {
          recorded = await voting;
        } catch (error) {
          await next?.catch(() => undefined);
          throw error;
        }
        if (recorded) {
          reply.status(201);
          return withNext(
            found.evaluationId,
            {
              vote_id: `vote-${found.claim.assignmentId}`,
              assignment_id: found.claim.assignmentId,
              item_id: found.claim.itemId,
              vote: request.body.vote,
              reward_credits: found.claim.reward,
            },
            next,
          );
        }
        await next?.catch(() => undefined);
      }
      // Not in a book of this process (claimed before a restart, or the book was reloaded).
      await barrier.settle();
      const row = await ownAssignment(request, request.params.id);
      const voteId = `vote-${row.assignment_id}`;
      const comment = request.body.comment?.trim() || null;
      const answer = () => {
        reply.status(201);
        return withNext(row.evaluation_id, {
          vote_id: voteId,
          assignment_id: row.assignment_id,
          item_id: row.item_id,
          vote: request.body.vote,
          reward_credits: Number(row.reward_credits),
        });
      };
      if (row.status === 'voted') {
        if ((await recordedVote(voteId)) === request.body.vote) return answer();
        throw alreadyVoted();
      }
      if (row.status !== 'claimed') throw assignmentOver();
      const metadata = eventMetadata(request);
      const voted = { assignmentId: row.assignment_id, itemId: row.item_id, evaluatorId: row.evaluator_id };
      let recorded: string = request.body.vote;
      if (row.transfer_id) {
        recorded = await recordPaidVote(
          row.evaluation_id,
          row.transfer_id,
          voted,
          request.body.vote,
          comment,
          metadata,
        );
      } else {
        if (new Date(row.expires_at).getTime() <= context.now().getTime()) throw assignmentOver();
        await recordEvents(
          context,
          evaluationWorkStreamId(row.evaluation_id),
          [voteCast(row.evaluation_id, voted, request.body.vote, comment)],
          { metadata },
        );
      }
      (
        await claimBooks(context)
          .get(row.evaluation_id)
          ?.catch(() => undefined)
      )?.voted(row.assignment_id, recorded);
      if (recorded !== request.body.vote) throw alreadyVoted();
      return answer();
    },
  );

  app.post(
    '/evaluator/assignments/:id/release',
    {
      schema: {
        tags: ['evaluation loop'],
        summary: 'Skip a claimed item: the reservation is voided and the item goes back to others',
        params: ZAssignmentParams,
        response: { 200: z.object({ assignment_id: z.string(), status: z.string() }) },
      },
    },
    async (request) => {
      const row = await ownAssignment(request, request.params.id);
      if (row.status === 'released') return { assignment_id: row.assignment_id, status: 'released' };
      if (row.status !== 'claimed') throw assignmentOver();
      const metadata = eventMetadata(request);
      if (row.transfer_id) {
        const released = await context.ledger.submit(
          { type: 'ReleaseReward', data: { transfer_id: row.transfer_id, reason: 'skipped' } },
          metadata,
        );
        if (!released.ok) {
          if (released.rejection === 'transfer_already_voided') throw assignmentOver();
          throw ledgerRejectionError(released);
        }
        const last = released.events[released.events.length - 1];
        if (last) await context.wallet.waitFor(last.global_position);
      }
      await recordEvents(
        context,
        evaluationWorkStreamId(row.evaluation_id),
        [
          {
            type: 'ItemReleased',
            data: { evaluation_id: row.evaluation_id, assignment_id: row.assignment_id, reason: 'skipped' },
          },
        ],
        { metadata },
      );
      (
        await claimBooks(context)
          .get(row.evaluation_id)
          ?.catch(() => undefined)
      )?.released(row.assignment_id);
      return { assignment_id: row.assignment_id, status: 'released' };
    },
  );
}

/** The lease end of a reservation among ledger events (as decided or as stored), if there is one. */
function leaseEndOf(events: ReadonlyArray<{ type: string; data: unknown }>): string | undefined {
  const reserved = events.find((event) => event.type === 'RewardReserved');
  const expiresAt = (reserved?.data as { expires_at?: unknown } | undefined)?.expires_at;
  return typeof expiresAt === 'string' ? new Date(expiresAt).toISOString() : undefined;
}

/**
 * An item still open to evaluator $2: fewer than $3 votes and live claims together, and this
 * evaluator has neither voted on it, nor skipped it, nor holds a live claim on it ($4 = now).
 */
const OPEN_ITEM_CONDITION = `
  AND i.vote_count + (SELECT COUNT(*) FROM evaluation_assignments a
       WHERE a.item_id = i.item_id AND a.status = 'claimed' AND a.expires_at > $4) < $3
  AND NOT EXISTS (SELECT 1 FROM evaluation_assignments a WHERE a.item_id = i.item_id AND a.evaluator_id = $2
       AND (a.status IN ('voted', 'released') OR (a.status = 'claimed' AND a.expires_at > $4)))`;
