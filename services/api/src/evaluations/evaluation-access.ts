import { MESSAGES, sdkProjectId, type TAccountBalance, type TEvaluation } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { availableBalance } from '@evalmarket/ledger';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guards.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { mayAccess } from './audience.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface EvaluationRow {
  id: string;
  creator_id: string;
  title: string;
  description: string | null;
  status: string;
  is_public: boolean;
  model_type: string;
  parameters: Record<string, unknown>;
  input_data: unknown;
  budget_amount: number | string;
  reward_per_vote: number | string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function toEvaluation(row: EvaluationRow): TEvaluation {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    is_public: row.is_public,
    model_type: row.model_type,
    parameters: row.parameters ?? {},
    input_data: row.input_data ?? null,
    creator_id: row.creator_id,
    budget_amount: Number(row.budget_amount),
    reward_per_vote: Number(row.reward_per_vote),
    sdk_project_id: sdkProjectId(row.id),
    version: Number(row.version),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export async function findEvaluation(sql: SqlExecutor, id: string): Promise<EvaluationRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql.query<EvaluationRow & Record<string, unknown>>(
    `SELECT * FROM evaluations WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Public evaluations for anyone, private ones for their owner and invited people (audience.ts);
 * 404 otherwise (no existence leak).
 */
export async function readableEvaluation(
  sql: SqlExecutor,
  request: FastifyRequest,
  id: string,
): Promise<EvaluationRow> {
  const row = await findEvaluation(sql, id);
  if (!row || !(await mayAccess(sql, row, request.userId))) {
    throw new NotFoundError(MESSAGES.evaluationNotFound);
  }
  return row;
}

/**
 * The evaluation for its owner: 401 signed out, 404 when it does not exist (or is private and not
 * theirs), 403 when it is readable but not theirs.
 */
export async function ownedEvaluation(
  sql: SqlExecutor,
  request: FastifyRequest,
  id: string,
  forbidden: string = MESSAGES.notOwnerConfig,
): Promise<EvaluationRow> {
  const userId = requireUser(request);
  const row = await readableEvaluation(sql, request, id);
  if (row.creator_id !== userId) throw new ForbiddenError(forbidden);
  return row;
}

/**
 * Credits the person can spend now (pending reservations held back), answerable in any process:
 * from the active writer's in-memory books when this process holds it, else from the wallet read
 * model once it has caught up with the log's head, which makes it as exact as the books were then.
 */
export async function spendableCredits(
  context: Pick<DomainContext, 'ledger' | 'sql' | 'store' | 'wallet'>,
  userId: string,
): Promise<number> {
  const local = context.ledger.local;
  if (local) {
    const accounts = local.state.users.get(userId);
    return accounts ? availableBalance(accounts.spending) : 0;
  }
  await context.wallet.waitFor(await context.store.headPosition());
  const { rows } = await context.sql.query<TAccountBalance>(
    `SELECT account_id, debits_pending::float8 AS debits_pending, debits_posted::float8 AS debits_posted,
            credits_pending::float8 AS credits_pending, credits_posted::float8 AS credits_posted
       FROM account_balances WHERE user_id = $1 AND kind = 'spending'`,
    [userId],
  );
  return rows[0] ? availableBalance(rows[0]) : 0;
}
