import type { SqlClient } from '@evalmarket/db';
import type { WorldFacts } from './read-routes.js';
import { LOOP_EVALUATION_TITLE } from './loop-setup.js';

/**
 * Who the bench signs in as, read from the world's read models: the requester with the most
 * evaluations, the evaluator with the most votes, someone else for the staff admin, and another
 * person who owns the projection-lag loop's evaluations. What the lag loop added in earlier runs
 * (evaluations titled LOOP_EVALUATION_TITLE and their votes) is left out, and it is never the
 * measured requester's: every run reads the same people, evaluation and money.
 */
export async function findWorldPeople(sql: SqlClient) {
  const one = async (text: string, params: unknown[] = []) => {
    const { rows } = await sql.query<{ id: string; email: string }>(text, params);
    if (!rows[0])
      throw new Error(
        `bench:reads: the world has no row for ${text}; generate it first (npm run seed:scale)`,
      );
    return rows[0];
  };
  const worldEvaluations = `SELECT * FROM evaluations WHERE title <> $1`;
  const requester = await one(
    `SELECT u.id, u.email FROM users u JOIN (SELECT creator_id, count(*) AS n FROM (${worldEvaluations}) w
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1) e ON e.creator_id = u.id`,
    [LOOP_EVALUATION_TITLE],
  );
  const evaluator = await one(
    `SELECT u.id, u.email FROM users u JOIN (SELECT v.evaluator_id FROM evaluation_votes v
      JOIN (${worldEvaluations}) w ON w.id = v.evaluation_id
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) v ON v.evaluator_id = u.id`,
    [LOOP_EVALUATION_TITLE],
  );
  const admin = await one(`SELECT id, email FROM users WHERE id <> ALL($1) ORDER BY email DESC LIMIT 1`, [
    [requester.id, evaluator.id],
  ]);
  // Whoever owns an earlier run's loop evaluation, else someone who is none of the above.
  const loopRequester = await one(
    `SELECT id, email FROM users WHERE id <> ALL($1)
      ORDER BY id IN (SELECT creator_id FROM evaluations WHERE title = $2) DESC, email LIMIT 1`,
    [[requester.id, evaluator.id, admin.id], LOOP_EVALUATION_TITLE],
  );
  const evaluation = await one(
    `SELECT e.id, '' AS email FROM (${worldEvaluations}) e WHERE e.creator_id = $2
      ORDER BY (SELECT count(*) FROM evaluation_votes v WHERE v.evaluation_id = e.id) DESC LIMIT 1`,
    [LOOP_EVALUATION_TITLE, requester.id],
  );
  return { requester, evaluator, admin, loopRequester, evaluationId: evaluation.id };
}

/** Follows the transactions' x-next-before cursor to page 100 (or the last page there is). */
export async function transactionsPage100(
  origin: string,
  headers: Record<string, string>,
): Promise<WorldFacts['transactionsPage100']> {
  let before: string | undefined;
  let page = 1;
  for (; page < 100; page += 1) {
    const reply = await fetch(
      `${origin}/api/v1/wallet/transactions${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      { headers },
    );
    if (!reply.ok)
      throw new Error(`bench:reads: transactions page ${page}: ${reply.status} ${await reply.text()}`);
    await reply.arrayBuffer();
    const next = reply.headers.get('x-next-before');
    if (!next) break;
    before = next;
  }
  return before ? { before, page } : undefined;
}
