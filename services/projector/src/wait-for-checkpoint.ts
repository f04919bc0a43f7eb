import type { SqlExecutor } from '@evalmarket/db';
import { readCheckpoint } from './checkpoint.js';
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
 * it reaches `position`. Returns the checkpoint; throws after `timeoutMs`.
 */
export async function waitForCheckpoint(options: WaitForCheckpointOptions): Promise<number> {
  const projection = options.projection ?? WALLET_PROJECTION;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoint = await readCheckpoint(options.sql, projection);
    if (checkpoint >= options.position) return checkpoint;
    if (Date.now() >= deadline) {
      throw new Error(
        `Projection ${projection} is at ${checkpoint}, did not reach ${options.position} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}
