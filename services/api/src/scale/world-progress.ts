import type { SqlClient } from '@evalmarket/db';
import type { WorldOptions } from './world-plan.js';

/**
 * The generator's own bookkeeping (not a read model, never rebuilt): which steps of the world are
 * done, so a killed run resumes at the first step not recorded. A step that was under way when
 * the run died is done again; every step is idempotent (natural ids), so that adds nothing twice.
 */
export interface WorldProgress {
  options: WorldOptions;
  /** The end of the world's year (epoch ms), fixed by the first run. */
  endMs: number;
  /** Steps finished, in order (see seed-scale.ts for the list). */
  stepsDone: number;
}

const TABLE = 'scale_world_progress';

export async function readProgress(sql: SqlClient): Promise<WorldProgress | undefined> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
       id int PRIMARY KEY CHECK (id = 1),
       options jsonb NOT NULL,
       end_ms bigint NOT NULL,
       steps_done int NOT NULL
     )`,
  );
  const { rows } = await sql.query<{ options: WorldOptions; end_ms: string | number; steps_done: number }>(
    `SELECT options, end_ms, steps_done FROM ${TABLE} WHERE id = 1`,
  );
  const row = rows[0];
  return row ? { options: row.options, endMs: Number(row.end_ms), stepsDone: row.steps_done } : undefined;
}

export async function saveProgress(sql: SqlClient, progress: WorldProgress): Promise<void> {
  await sql.query(
    `INSERT INTO ${TABLE} (id, options, end_ms, steps_done) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET options = EXCLUDED.options, steps_done = EXCLUDED.steps_done`,
    [JSON.stringify(progress.options), progress.endMs, progress.stepsDone],
  );
}

/**
 * A resumed run must build the same world: the same seed, shape and size (the size sets how many
 * items each evaluation gets and how the rounds spread over the year).
 */
export function resumeProblem(stored: WorldOptions, asked: WorldOptions): string | undefined {
  for (const key of ['seed', 'people', 'evaluators', 'evaluations', 'events'] as const) {
    if (stored[key] !== asked[key])
      return `this database holds world ${JSON.stringify(stored)}; --${key} ${asked[key]} differs (use another database)`;
  }
  return undefined;
}
