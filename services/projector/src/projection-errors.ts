/** A read model did not catch up in time: the service is behind, not the request at fault. */
export class ProjectionLagError extends Error {
  override name = 'ProjectionLagError';
}

/**
 * The projection stopped at an event it cannot apply (its retries ran out): waiting would not
 * help, so a request that needs it is told at once.
 */
export class ProjectionStuckError extends ProjectionLagError {
  override name = 'ProjectionStuckError';
  constructor(readonly stuck: ProjectionStuck) {
    super(
      `Projection ${stuck.projection} is stopped at position ${stuck.position}: event ${stuck.failed_position}` +
        `${stuck.event_type ? ` (${stuck.event_type})` : ''} fails: ${stuck.error}`,
    );
  }
}

/** Where and why a projection stopped; stored in `projection_checkpoints.stuck` (JSON). */
export interface ProjectionStuck {
  projection: string;
  /** The checkpoint: every event up to here is in the read models. */
  position: number;
  /** The first event it cannot apply. */
  failed_position: number;
  event_type: string | null;
  /** The error's name, SQLSTATE (when PostgreSQL raised it) and message, at most 300 characters. */
  error: string;
  /** Attempts so far (the bounded retries, then one per probe). */
  attempts: number;
  /** When it stopped (ISO 8601). */
  since: string;
}

/** One event of a batch failed to apply: the cause, and which event. */
export class EventApplyError extends Error {
  override name = 'EventApplyError';
  constructor(
    readonly position: number,
    readonly eventType: string,
    override readonly cause: unknown,
  ) {
    super(`event ${position} (${eventType}): ${describeError(cause)}`);
  }
}

const MAX_ERROR_LENGTH = 300;

/**
 * A short, single-line description of an error for operators: name, SQLSTATE, message. It goes
 * to /readyz, so it carries no error `detail` (PostgreSQL puts row values there).
 */
export function describeError(error: unknown): string {
  if (error instanceof EventApplyError) return describeError(error.cause);
  const e = error as { name?: unknown; message?: unknown; code?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const code = typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? ` [${e.code}]` : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const text = `${name}${code}: ${message}`.replace(/\s+/g, ' ');
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
