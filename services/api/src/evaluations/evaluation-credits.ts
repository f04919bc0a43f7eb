/*
 * The per-evaluation credits roll-up (`evaluation_credits`, migration 024): what an evaluation's
 * claims hold reserved (assignments `claimed`) and what its votes spent (`voted`), counting the
 * assignments with a reward transfer. The evaluation projection keeps it in the statement that
 * changes the assignments: each statement's RETURNING rows are turned into signed amounts here
 * and added, so a replay in any batch size ends with the same rows.
 */

/**
 * Adds the amounts of `changes` (rows of evaluation_id, reserved, spent) to the roll-up, in
 * evaluation order (one lock order for every writer, as for the other roll-ups).
 */
export const addEvaluationCredits = (changes: string) => `INSERT INTO evaluation_credits AS c
    (evaluation_id, credits_reserved, credits_spent)
  SELECT evaluation_id, sum(reserved), sum(spent) FROM ${changes} changes
  GROUP BY evaluation_id ORDER BY evaluation_id
  ON CONFLICT (evaluation_id) DO UPDATE SET credits_reserved = c.credits_reserved + EXCLUDED.credits_reserved,
    credits_spent = c.credits_spent + EXCLUDED.credits_spent`;

/**
 * The signed amounts of assignments whose status went from `was` to `now` (columns of `rows`,
 * with evaluation_id, reward_credits and transfer_id): out of the old status's sum, into the new.
 */
export const statusMoves = (rows: string, was: string, now: string) => `(SELECT evaluation_id,
    (CASE WHEN ${now} = 'claimed' THEN reward_credits ELSE 0 END)
      - (CASE WHEN ${was} = 'claimed' THEN reward_credits ELSE 0 END) AS reserved,
    (CASE WHEN ${now} = 'voted' THEN reward_credits ELSE 0 END)
      - (CASE WHEN ${was} = 'voted' THEN reward_credits ELSE 0 END) AS spent
  FROM ${rows} WHERE transfer_id IS NOT NULL)`;
