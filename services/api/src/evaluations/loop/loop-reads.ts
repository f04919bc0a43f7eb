import type { TEvaluationConfig } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { invitedEvaluationIds, mayAccessEvaluation, needsInvitation } from '../audience.js';
import type { EvaluationRow } from '../evaluation-access.js';
import { eligibility, type Eligibility } from './decide-claim.js';

/** What the loop reads from the read models (the claim books aside: claim-book.ts loads those). */

export interface AssignmentRow {
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

export async function readAssignment(
  sql: SqlExecutor,
  assignmentId: string,
): Promise<AssignmentRow | undefined> {
  const { rows } = await sql.query<AssignmentRow & Record<string, unknown>>(
    `SELECT * FROM evaluation_assignments WHERE assignment_id = $1`,
    [assignmentId],
  );
  return rows[0];
}

/** The value the read model holds for a vote, if it holds it. */
export async function recordedVote(sql: SqlExecutor, voteId: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ value: string }>(
    `SELECT value FROM evaluation_votes WHERE vote_id = $1`,
    [voteId],
  );
  return rows[0]?.value;
}

async function evaluatorOf(sql: SqlExecutor, userId: string) {
  const { rows } = await sql.query<{ evaluator_status: string; qualification_tier: string | null }>(
    `SELECT evaluator_status, qualification_tier FROM evaluator_applications WHERE user_id = $1`,
    [userId],
  );
  return { status: rows[0]?.evaluator_status ?? null, tier: rows[0]?.qualification_tier ?? null };
}

export interface OpenEvaluation {
  evaluation: EvaluationRow;
  config: TEvaluationConfig;
  who: Eligibility;
}

/** Evaluations this person may claim in now, with their configuration. */
export async function openEvaluations(sql: SqlExecutor, userId: string): Promise<OpenEvaluation[]> {
  const evaluator = await evaluatorOf(sql, userId);
  const { rows } = await sql.query<EvaluationRow & { config: TEvaluationConfig } & Record<string, unknown>>(
    `SELECT e.*, c.config FROM evaluations e JOIN evaluation_configs c ON c.evaluation_id = e.id
     WHERE e.status = 'active' AND e.creator_id <> $1 ORDER BY e.created_at, e.id LIMIT 200`,
    [userId],
  );
  const invited = rows.some((row) => needsInvitation(row, userId))
    ? await invitedEvaluationIds(sql, userId)
    : new Set<string>();
  const open: OpenEvaluation[] = [];
  for (const row of rows) {
    const cfg = row.config;
    if (!cfg.evaluation_enabled) continue;
    if (!mayAccessEvaluation(row, { userId, invited: invited.has(row.id) })) continue;
    const who = eligibility(cfg.permission_level, evaluator);
    if (who) open.push({ evaluation: row, config: cfg, who });
  }
  return open;
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

export async function countOpenItems(
  sql: SqlExecutor,
  {
    evaluationId,
    userId,
    votesPerItem,
    now,
  }: { evaluationId: string; userId: string; votesPerItem: number; now: Date },
): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>(
    `SELECT COUNT(*) AS count FROM evaluation_items i
     WHERE i.evaluation_id = $1 ${OPEN_ITEM_CONDITION}`,
    [evaluationId, userId, votesPerItem, now.toISOString()],
  );
  return Number(rows[0]?.count ?? 0);
}
