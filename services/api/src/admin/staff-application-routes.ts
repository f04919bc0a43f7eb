import {
  evaluatorStreamId,
  REJECTION_REASON_MESSAGE,
  REJECTION_REASON_MIN_LENGTH,
  ZApplicationsQuery,
  ZApplicationsReply,
  ZApproveRequest,
  ZEvaluatorApplicationItem,
  ZRejectRequest,
  ZReviewReply,
  type TEvaluatorApplicationItem,
} from '@evalmarket/contracts';
import { ZEntityId } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { appendDecision } from '../events/append-decision.js';
import { eventMetadata } from '../events/record-events.js';
import { loadEvaluator } from '../evaluator/evaluator-state.js';
import {
  APPLICATION_COLUMNS,
  APPLICATION_FROM,
  APPLICATION_SORT_FIELDS,
  getApplication,
  listApplications,
  toApplicationItem,
  type ApplicationRow,
} from '../evaluator/list-applications.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { contains, equals, raList } from './ra-list.js';

const ONLY_PENDING = 'Only pending applications can be reviewed';
const ALREADY_REVIEWED = 'This application was reviewed by someone else a moment ago; reload it';

/**
 * Admin review of evaluator applications (spec 001 sections 2.12 and 7) and the same list as a
 * react-admin resource: with `sort`, `range` or `filter` in the query the reply is a bare array
 * with Content-Range; without them it is the spec's `{applications, total}`.
 */
export async function staffApplicationRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.get(
    '/admin/evaluator-applications',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Evaluator applications by status, newest first (react-admin list when sort/range/filter are given)',
        querystring: ZApplicationsQuery,
        response: { 200: z.union([ZApplicationsReply, z.array(ZEvaluatorApplicationItem)]) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { status, limit, sort, range, filter, after } = request.query;
      if (sort === undefined && range === undefined && filter === undefined) {
        return listApplications(sql, { status, limit });
      }
      return (await raList<ApplicationRow & Record<string, unknown>>(
        sql,
        reply,
        {
          resource: 'evaluator-applications',
          select: APPLICATION_COLUMNS,
          from: APPLICATION_FROM,
          id: 'a.user_id',
          sortFields: APPLICATION_SORT_FIELDS,
          defaultSort: ['applied_at', 'DESC'],
          filters: {
            evaluator_status: (value, bind) =>
              value === 'all' ? undefined : equals('a.evaluator_status')(value, bind),
            status: (value, bind) =>
              value === 'all' ? undefined : equals('a.evaluator_status')(value, bind),
            application_method: equals('a.application_method'),
            qualification_tier: equals('a.qualification_tier'),
            q: contains('u.email', 'u.first_name', 'u.last_name', 'a.user_id'),
          },
          toRecord: toApplicationItem,
        },
        { sort, range, filter, after, limit },
      )) as TEvaluatorApplicationItem[];
    },
  );

  app.get(
    '/admin/evaluator-applications/:user_id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One evaluator application (react-admin getOne)',
        params: z.object({ user_id: ZEntityId }),
        response: { 200: ZEvaluatorApplicationItem },
      },
    },
    async (request) => {
      requireAdmin(request);
      const application = await getApplication(sql, request.params.user_id);
      if (!application) throw new NotFoundError('Application not found');
      return application;
    },
  );

  reviewRoutes(app, context);
}

/** The stream version of a pending application, the one a review decision must follow. */
async function pendingVersion(store: DomainContext['store'], userId: string): Promise<number> {
  const state = await loadEvaluator(store, userId);
  if (state.status === 'not_applied') throw new NotFoundError('Application not found');
  if (state.status !== 'pending') throw new ConflictError(`${ONLY_PENDING}; this one is ${state.status}`);
  return state.version;
}

/** Approve or reject a pending application, once: a concurrent second review is a 409. */
function reviewRoutes(app: App, context: DomainContext): void {
  const { sql, store } = context;
  app.post(
    '/admin/evaluator/approve/:user_id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Verify a pending evaluator at a qualification tier (community by default)',
        params: z.object({ user_id: ZEntityId }),
        body: ZApproveRequest,
        response: { 200: ZReviewReply },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request);
      const { user_id } = request.params;
      const { qualification_tier } = request.body;
      const version = await pendingVersion(store, user_id);
      await appendDecision(
        context,
        evaluatorStreamId(user_id),
        [{ type: 'EvaluatorVerified', data: { user_id, qualification_tier, reviewed_by: adminId } }],
        { expectedVersion: version, metadata: eventMetadata(request), conflictDetail: ALREADY_REVIEWED },
      );
      return { message: 'Application approved', application: (await getApplication(sql, user_id))! };
    },
  );

  app.post(
    '/admin/evaluator/reject/:user_id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending evaluator with a reason shown to them (at least 10 characters)',
        params: z.object({ user_id: ZEntityId }),
        body: ZRejectRequest,
        response: { 200: ZReviewReply },
      },
    },
    async (request) => {
      const adminId = requireAdmin(request);
      const { user_id } = request.params;
      const rejection_reason = request.body.rejection_reason.trim();
      if (rejection_reason.length < REJECTION_REASON_MIN_LENGTH) {
        throw ValidationError.at(['body', 'rejection_reason'], REJECTION_REASON_MESSAGE);
      }
      const version = await pendingVersion(store, user_id);
      await appendDecision(
        context,
        evaluatorStreamId(user_id),
        [{ type: 'EvaluatorRejected', data: { user_id, rejection_reason, reviewed_by: adminId } }],
        { expectedVersion: version, metadata: eventMetadata(request), conflictDetail: ALREADY_REVIEWED },
      );
      return { message: 'Application rejected', application: (await getApplication(sql, user_id))! };
    },
  );
}
