import type { SqlExecutor } from '@evalmarket/db';

/*
 * Who an evaluation is for. A public evaluation is open to everyone; a private one only to its
 * owner and to the people the owner invited by email (invitations-routes.ts). This one rule decides
 * the evaluator's list of projects, reading an evaluation and claiming its items.
 */

export interface Audience {
  is_public: boolean;
  creator_id: string;
}

export interface Viewer {
  /** Undefined when signed out. */
  userId: string | undefined;
  /** Whether the viewer's account address holds an invitation to this evaluation. */
  invited: boolean;
}

export function mayAccessEvaluation(evaluation: Audience, viewer: Viewer): boolean {
  if (evaluation.is_public) return true;
  if (viewer.userId === undefined) return false;
  return viewer.userId === evaluation.creator_id || viewer.invited;
}

/** Whether the rule needs to know about invitations at all (saves a query for the common cases). */
export function needsInvitation(evaluation: Audience, userId: string | undefined): boolean {
  return !evaluation.is_public && userId !== undefined && userId !== evaluation.creator_id;
}

/** The evaluations whose invitations name this person's account address. */
export async function invitedEvaluationIds(sql: SqlExecutor, userId: string): Promise<Set<string>> {
  const { rows } = await sql.query<{ evaluation_id: string }>(
    `SELECT i.evaluation_id FROM evaluation_invitations i JOIN users u ON u.email = i.email WHERE u.id = $1`,
    [userId],
  );
  return new Set(rows.map((row) => row.evaluation_id));
}

/** Whether this person may access the evaluation, reading invitations only when it matters. */
export async function mayAccess(
  sql: SqlExecutor,
  evaluation: Audience & { id: string },
  userId: string | undefined,
): Promise<boolean> {
  let invited = false;
  if (needsInvitation(evaluation, userId)) {
    const { rows } = await sql.query(
      `SELECT 1 FROM evaluation_invitations i JOIN users u ON u.email = i.email
       WHERE u.id = $1 AND i.evaluation_id = $2`,
      [userId, evaluation.id],
    );
    invited = rows.length > 0;
  }
  return mayAccessEvaluation(evaluation, { userId, invited });
}
