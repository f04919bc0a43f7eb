import type { TStoredEvent } from '@evalmarket/contracts';
import { EventApplyError } from './projection-errors.js';
import type { ProjectBatchResult } from './project-batch.js';

/**
 * How a projection treats a batch that fails. A handler should accept every event the log can
 * hold; when one still throws (a bug, a constraint the event breaks, a database that is away),
 * the batch is tried again with backoff, and after `attempts` tries the projection is stuck:
 * it stays at the event, says so (readiness, metrics, error log, audit, staff console), and
 * tries again every `stuckProbeMs`, so a cause that went away (a restarted database, a lock, a
 * rebuild that moved the checkpoint) clears by itself.
 */
export interface ProjectionRetryPolicy {
  /** Tries of a failing batch before the projection counts as stuck (default 5). */
  attempts: number;
  /** Pause after the first failure; it doubles per failure up to `maxDelayMs` (default 250 ms). */
  firstDelayMs: number;
  /** Longest pause between tries before the projection is stuck (default 4 s). */
  maxDelayMs: number;
  /** While stuck, one more try this often (default 60 s). */
  stuckProbeMs: number;
}

export const DEFAULT_RETRY_POLICY: ProjectionRetryPolicy = {
  attempts: 5,
  firstDelayMs: 250,
  maxDelayMs: 4_000,
  stuckProbeMs: 60_000,
};

export function checkRetryPolicy(policy: ProjectionRetryPolicy): ProjectionRetryPolicy {
  const { attempts, firstDelayMs, maxDelayMs, stuckProbeMs } = policy;
  const wholeMs = (ms: number) => Number.isSafeInteger(ms) && ms >= 0;
  if (!(Number.isSafeInteger(attempts) && attempts >= 1))
    throw new RangeError(`attempts must be an integer >= 1, got ${attempts}`);
  if (![firstDelayMs, maxDelayMs, stuckProbeMs].every(wholeMs))
    throw new RangeError('retry delays must be whole milliseconds >= 0');
  return policy;
}

/**
 * Applies `events` through `project` (one transaction each call); when a batch fails, splits it in
 * halves and applies them in order, down to the single event that fails, so every event before
 * it is committed and the error names it (`EventApplyError`). A batch that goes through costs
 * exactly one `project` call.
 */
export async function projectIsolating(
  project: (events: readonly TStoredEvent[]) => Promise<ProjectBatchResult>,
  events: readonly TStoredEvent[],
  committed: (result: ProjectBatchResult) => void,
): Promise<void> {
  try {
    committed(await project(events));
  } catch (error) {
    if (events.length <= 1) {
      if (error instanceof EventApplyError || events.length === 0) throw error;
      throw new EventApplyError(events[0]!.global_position, events[0]!.type, error);
    }
    const middle = Math.ceil(events.length / 2);
    await projectIsolating(project, events.slice(0, middle), committed);
    await projectIsolating(project, events.slice(middle), committed);
  }
}
