import { ZStaffEvaluation, type TStaffEvaluation } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { atOrAfter, before, contains, equals, flag, raList, ZRaListQuery } from './ra-list.js';
import { iso } from './staff-rows.js';

// Credits spent and reserved from the per-evaluation roll-up the evaluation projection keeps
// (evaluation_credits, migration 024): one row per evaluation instead of its reward rows.
const EVALUATIONS_FROM = `(SELECT e.id, e.title, e.description, e.status, e.creator_id, u.email AS owner_email,
    e.model_type, e.is_public, e.budget_amount, e.reward_per_vote, e.created_at, e.updated_at,
    (SELECT count(*) FROM evaluation_items i WHERE i.evaluation_id = e.id) AS items,
    (SELECT count(*) FROM evaluation_votes v WHERE v.evaluation_id = e.id) AS votes,
    COALESCE(c.credits_spent, 0) AS credits_spent,
    COALESCE(c.credits_reserved, 0) AS credits_reserved
  FROM evaluations e LEFT JOIN users u ON u.id = e.creator_id
    LEFT JOIN evaluation_credits c ON c.evaluation_id = e.id) staff_evaluations`;

function toStaffEvaluation(row: Record<string, unknown>): TStaffEvaluation {
  return {
    id: String(row.id),
    title: String(row.title),
    description: (row.description as string | null) ?? null,
    status: String(row.status),
    creator_id: String(row.creator_id),
    owner_email: (row.owner_email as string | null) ?? null,
    model_type: String(row.model_type),
    is_public: row.is_public === true,
    budget_amount: Number(row.budget_amount),
    reward_per_vote: Number(row.reward_per_vote),
    items: Number(row.items),
    votes: Number(row.votes),
    credits_spent: Number(row.credits_spent),
    credits_reserved: Number(row.credits_reserved),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The staff `evaluations` resource (ra-data-simple-rest): every evaluation with its owner and figures. */
export async function staffEvaluationRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  app.get(
    '/admin/evaluations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Evaluations with owner email, status, items, votes and credits spent (react-admin list; filters status, creator, creator_id, owner_email, is_public, q, created_from, created_to)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffEvaluation) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'evaluations',
          select: '*',
          from: EVALUATIONS_FROM,
          id: 'id',
          sortFields: {
            id: 'id',
            title: 'title',
            status: 'status',
            owner_email: 'owner_email',
            created_at: 'created_at',
            updated_at: 'updated_at',
            items: 'items',
            votes: 'votes',
            credits_spent: 'credits_spent',
          },
          // The evaluations columns; the counts and sums are never NULL either.
          notNull: ['title', 'status', 'created_at', 'updated_at', 'items', 'votes', 'credits_spent'],
          defaultSort: ['created_at', 'DESC'],
          filters: {
            status: equals('status'),
            creator_id: equals('creator_id'),
            owner_email: equals('owner_email'),
            // The creator by id or by email.
            creator: (value, bind) => {
              const placeholder = bind(String(value).trim());
              return `(creator_id = ${placeholder} OR lower(owner_email) = lower(${placeholder}))`;
            },
            is_public: flag('is_public'),
            q: contains('title', 'description', 'id', 'owner_email'),
            created_from: atOrAfter('created_at'),
            created_to: before('created_at'),
          },
          toRecord: toStaffEvaluation,
        },
        request.query,
      )) as TStaffEvaluation[],
  );

  app.get(
    '/admin/evaluations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One evaluation (react-admin getOne)',
        params: z.object({ id: z.string().max(128) }),
        response: { 200: ZStaffEvaluation },
      },
    },
    async (request) => {
      const { rows } = await sql.query(`SELECT * FROM ${EVALUATIONS_FROM} WHERE id = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw new NotFoundError('Evaluation not found');
      return toStaffEvaluation(rows[0]);
    },
  );
}
