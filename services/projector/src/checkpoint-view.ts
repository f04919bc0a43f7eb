import type { SqlExecutor } from '@evalmarket/db';
import { ProjectionLagError, ProjectionStuckError, type ProjectionStuck } from './projection-errors.js';
import type { Projector } from './run-projector.js';
import { waitForCheckpoint } from './wait-for-checkpoint.js';

/**
 * A projection that another process runs, seen through its stored checkpoint: what an api-role
 * process without the projector role waits on for read-your-writes. `position` and `stuck` are
 * as of the last wait, so a read barrier's "behind" check stays free and a wait that is needed
 * polls the checkpoint row until it arrives.
 */
export function checkpointView(
  sql: SqlExecutor,
  projection: string,
  options: { pollIntervalMs?: number } = {},
): Projector {
  let position = 0;
  let stuck: ProjectionStuck | undefined;
  return {
    projection,
    get position() {
      return position;
    },
    get stuck() {
      return stuck;
    },
    async waitFor(target, timeoutMs) {
      if (target <= position) return;
      try {
        const reached = await waitForCheckpoint({
          sql,
          projection,
          position: target,
          timeoutMs,
          pollIntervalMs: options.pollIntervalMs,
        });
        position = Math.max(position, reached);
        stuck = undefined;
      } catch (error) {
        if (error instanceof ProjectionStuckError) {
          stuck = error.stuck;
          throw error;
        }
        // Not there in time: the service is behind, as with a projector in this process.
        throw new ProjectionLagError(error instanceof Error ? error.message : String(error));
      }
    },
    async stop() {},
  };
}
