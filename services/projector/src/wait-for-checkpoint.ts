import type { SqlExecutor } from '@evalmarket/db';
import { ProjectionStuckError } from './projection-errors.js';
import { parseStuck } from './projection-status.js';
import { WALLET_PROJECTION } from './read-model-tables.js';

export interface WaitForCheckpointOptions {
  sql: SqlExecutor;
  position: number;
  projection?: string;
  timeoutMs?: number;
  pollIntervalMs?: number;
}

/**
 * Read-your-writes when the projector runs in another process: polls the stored checkpoint until
 * it reaches `position`. Returns the checkpoint; throws after `timeoutMs`, or at once with
 * ProjectionStuckError when the projection is stopped short of `position` (its stored record).
 */
export async function waitForCheckpoint(options: WaitForCheckpointOptions): Promise<number> {
  const projection = options.projection ?? WALLET_PROJECTION;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await options.sql.query<{ position: number | string; stuck: unknown }>(
      'SELECT position, stuck FROM projection_checkpoints WHERE projection = $1',
      [projection],
    );
    const checkpoint = rows[0] ? Number(rows[0].position) : 0;
    if (checkpoint >= options.position) return checkpoint;
    const stuck = parseStuck(rows[0]?.stuck);
    if (stuck) throw new ProjectionStuckError(stuck);
    if (Date.now() >= deadline) {
      throw new Error(
        `Projection ${projection} is at ${checkpoint}, did not reach ${options.position} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}
