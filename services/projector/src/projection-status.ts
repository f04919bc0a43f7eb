import type { SqlExecutor } from '@evalmarket/db';
import type { ProjectionStuck } from './projection-errors.js';

/** A projection as the operator sees it: how far it got, how far behind the log, whether it stopped. */
export interface ProjectionStatus {
  projection: string;
  /** Its checkpoint: every event up to here is in its read models. */
  position: number;
  /** Events in the log after its checkpoint. */
  lag: number;
  /** Set while it is stopped at an event it cannot apply. */
  stuck: ProjectionStuck | null;
}

/**
 * Stores that a projection stopped (from any process that runs it), creating its checkpoint row
 * at 0 if it stopped at its very first batch. The checkpoint write that moves past the event
 * clears it (writeCheckpointStatement).
 */
export async function recordStuck(sql: SqlExecutor, stuck: ProjectionStuck): Promise<void> {
  await sql.query(
    `INSERT INTO projection_checkpoints (projection, position, stuck) VALUES ($1, 0, $2::jsonb)
     ON CONFLICT (projection) DO UPDATE SET stuck = EXCLUDED.stuck`,
    [stuck.projection, JSON.stringify(stuck)],
  );
}

/** Every projection's checkpoint, lag behind `head` and stuck record, by name. */
export async function readProjectionStatuses(sql: SqlExecutor, head: number): Promise<ProjectionStatus[]> {
  const { rows } = await sql.query<{ projection: string; position: number | string; stuck: unknown }>(
    'SELECT projection, position, stuck FROM projection_checkpoints ORDER BY projection',
  );
  return rows.map((row) => {
    const position = Number(row.position);
    return {
      projection: row.projection,
      position,
      lag: Math.max(0, head - position),
      stuck: parseStuck(row.stuck),
    };
  });
}

/** The `stuck` column as read back (jsonb: an object from pg and PGlite, text from elsewhere). */
export function parseStuck(value: unknown): ProjectionStuck | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as ProjectionStuck;
}
