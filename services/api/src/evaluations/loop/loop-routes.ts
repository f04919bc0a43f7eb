import {
  ZAssignment,
  ZClaimRequest,
  ZEvaluatorProject,
  ZVoteReply,
  ZVoteRequest,
  type TEventMetadata,
} from '@evalmarket/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app/build-app.js';
import { requireUser } from '../../auth/guards.js';
import { eventMetadata } from '../../events/record-events.js';
import { requestEntityId, requestIdempotencyKey } from '../../http/request-ids.js';
import type { DomainContext } from '../../runtime/domain-context.js';
import { NO_ITEM, rewardFor } from './decide-claim.js';
import { voteComment } from './decide-vote.js';
import type { LoopCache } from './loop-cache.js';
import { countOpenItems, openEvaluations } from './loop-reads.js';
import type { ClaimedAssignment, ClaimResult } from './loop-writer.js';
import type { LoopProblem } from './loop-problems.js';
import { problemError } from './problem-errors.js';

/*
 * The evaluation loop's routes (DESIGN.md section 6): schema, one call, reply. Claims, votes and
 * skips are commands to the loop's writer (loop-writer.ts), which answers in plain JSON; claims
 * and votes reply without waiting for the projections (their routes skip the read barrier), so
 * every other request of this process waits at the read barrier until the read models include
 * their writes.
 */

const ZAssignmentParams = z.object({ id: z.string().max(100) });

/**
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
export async function loopRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  const { writer, cache } = context.loop;

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
      for (const { evaluation, config, who } of await openEvaluations(sql, userId)) {
        projects.push({
          evaluation_id: evaluation.id,
          title: evaluation.title,
          description: evaluation.description,
          model_type: evaluation.model_type,
          permission_level: config.permission_level,
          reward_credits: rewardFor(config, who),
          open_items: await countOpenItems(sql, {
            evaluationId: evaluation.id,
            userId,
            votesPerItem: config.votes_per_item,
            now,
          }),
          instructions: config.evaluation_instructions,
        });
      }
      return projects;
    },
  );

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
        : (await openEvaluations(sql, userId)).map((open) => open.evaluation.id);
      let lastProblem: LoopProblem = NO_ITEM;
      for (const evaluationId of candidates) {
        const outcome = await writer.claim({
          evaluation_id: evaluationId,
          evaluator_id: userId,
          assignment_id: requestEntityId(request, `loop-claim:${evaluationId}`),
          now: context.now().toISOString(),
          metadata: loopMetadata(request),
        });
        if (outcome.ok) {
          reply.status(201);
          return withItem(cache, outcome.assignment);
        }
        lastProblem = outcome.problem;
        if (wanted) break;
      }
      throw problemError(lastProblem);
    },
  );

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
      const voted = await writer.vote({
        assignment_id: request.params.id,
        evaluator_id: userId,
        vote: request.body.vote,
        comment: voteComment(request.body.comment),
        next: request.body.next
          ? { assignment_id: requestEntityId(request, `loop-next:${request.params.id}`) }
          : null,
        now: context.now().toISOString(),
        metadata: loopMetadata(request),
      });
      if (!voted.ok) throw problemError(voted.problem);
      reply.status(201);
      if (!voted.next) return voted.vote;
      return { ...voted.vote, ...(await nextOf(cache, voted.next)) };
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
      const userId = requireUser(request);
      const skipped = await writer.skip({
        assignment_id: request.params.id,
        evaluator_id: userId,
        now: context.now().toISOString(),
        metadata: loopMetadata(request),
      });
      if (!skipped.ok) throw problemError(skipped.problem);
      return { assignment_id: skipped.assignment_id, status: skipped.status };
    },
  );
}

/**
 * A loop command's metadata: with the request's Idempotency-Key, which the command transport
 * carries to the writer (the ids a retried request makes derive from it: requestEntityId).
 */
function loopMetadata(request: FastifyRequest): TEventMetadata {
  const key = requestIdempotencyKey(request);
  return { ...eventMetadata(request), ...(key === undefined ? {} : { idempotency_key: key }) };
}

/** A claim's reply: the writer's answer with the item's payload (from the loop cache). */
async function withItem(cache: LoopCache, claimed: ClaimedAssignment) {
  const item = await cache.item(claimed.item_id);
  return {
    assignment_id: claimed.assignment_id,
    evaluation_id: claimed.evaluation_id,
    item_id: claimed.item_id,
    external_id: item?.external_id ?? '',
    input: item?.input ?? null,
    output: item?.output ?? null,
    metadata: item?.metadata ?? null,
    reward_credits: claimed.reward_credits,
    tier: claimed.tier,
    expires_at: claimed.expires_at,
    instructions: claimed.instructions,
  };
}

/** vote + next: the next claim, or null and why there is none. */
async function nextOf(cache: LoopCache, next: ClaimResult) {
  if (next.ok) return { next: await withItem(cache, next.assignment) };
  const { status, code, detail } = next.problem;
  return { next: null, next_problem: { status, code, detail: typeof detail === 'string' ? detail : code } };
}
