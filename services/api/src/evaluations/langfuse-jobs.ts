import { evaluationWorkStreamId, type TLangfuseJobStatus } from '@evalmarket/contracts';
import { recordEvents } from '../events/record-events.js';
import type { SecretBox } from '../http/outbound/secret-box.js';
import type { DomainContext } from '../runtime/domain-context.js';
import {
  LangfuseError,
  NO_OBSERVATIONS_V2,
  type LangfuseCredentials,
  type LangfuseOptions,
} from './langfuse-client.js';
import { pushLangfuseScores } from './langfuse-scores.js';
import { syncLangfuseTraces } from './langfuse-sync.js';

/*
 * The two Langfuse jobs of each connection, every Langfuse tick of the evaluation worker: the
 * trace sync (root observations become items) and the score push (votes become scores). They run
 * apart, so one failing never stops the other; each reports its own state on the connection
 * (LangfuseStatusChanged) when it fails for good and when it recovers.
 */

export interface LangfuseConnectionRow {
  evaluation_id: string;
  host: string;
  project_id: string;
  public_key: string;
  secret_key_sealed: string;
  synced_until: Date | string | null;
  sync_window_from: Date | string | null;
  sync_window_to: Date | string | null;
  sync_cursor: string | null;
  sync_status: string;
  sync_error: string | null;
  score_status: string;
  score_error: string | null;
}

export type LangfuseJob = 'sync' | 'scores';

/** What a worker keeps between ticks per connection (soft state: a restart only resets it). */
export interface LangfuseConnectionMemory {
  failures: Record<LangfuseJob, number>;
  /** Langfuse's rate limit counts both jobs' requests: after a 429 neither asks again before this. */
  pausedUntilMs: number;
  /** Page size of the trace sync: halved when a page is too large or too slow, grown back after. */
  pageLimit?: number;
}

export type LangfuseMemory = Map<string, LangfuseConnectionMemory>;

export interface LangfuseJobContext {
  context: DomainContext;
  connection: LangfuseConnectionRow;
  credentials: LangfuseCredentials;
  outbound: LangfuseOptions;
  memory: LangfuseConnectionMemory;
}

/** Consecutive failures (other than refused keys or access) before the status says so. */
const FAILURES_BEFORE_STATUS = 3;
/** How long to wait after a 429 that names no Retry-After (Langfuse's windows are one minute). */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;

export async function runLangfuseJobs(context: DomainContext, box: SecretBox, memory: LangfuseMemory) {
  const { rows: connections } = await context.sql.query<LangfuseConnectionRow & Record<string, unknown>>(
    `SELECT c.evaluation_id, c.host, c.project_id, c.public_key, c.secret_key_sealed, c.synced_until,
       c.sync_window_from, c.sync_window_to, c.sync_cursor, c.sync_status, c.sync_error, c.score_status,
       c.score_error
     FROM langfuse_connections c JOIN evaluations e ON e.id = c.evaluation_id
     WHERE e.status IN ('draft', 'active', 'completed')`,
  );
  const outbound = {
    timeoutMs: context.config.outboundTimeoutMs,
    allowedOrigins: context.config.outboundAllowedOrigins,
  };
  for (const connection of connections) {
    let remembered = memory.get(connection.evaluation_id);
    if (!remembered) {
      remembered = { failures: { sync: 0, scores: 0 }, pausedUntilMs: 0 };
      memory.set(connection.evaluation_id, remembered);
    }
    const job: LangfuseJobContext = {
      context,
      connection,
      credentials: {
        host: connection.host,
        publicKey: connection.public_key,
        secretKey: box.open(connection.secret_key_sealed),
      },
      outbound,
      memory: remembered,
    };
    await runJob(job, 'sync', () => syncLangfuseTraces(job));
    await runJob(job, 'scores', () => pushLangfuseScores(job));
  }
}

async function runJob(job: LangfuseJobContext, part: LangfuseJob, work: () => Promise<void>) {
  if (Date.now() < job.memory.pausedUntilMs) return;
  try {
    await work();
    job.memory.failures[part] = 0;
    await reportStatus(job, part, 'connected', null);
  } catch (error) {
    if (error instanceof LangfuseError && error.kind === 'rate_limited') {
      job.memory.pausedUntilMs = Date.now() + (error.retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
      return;
    }
    job.memory.failures[part] += 1;
    job.context.logger.warn(
      { err: error, evaluation_id: job.connection.evaluation_id, job: part },
      'Langfuse job failed; retried next tick',
    );
    const status = statusOf(error, part);
    if (status.definitive || job.memory.failures[part] >= FAILURES_BEFORE_STATUS) {
      await reportStatus(job, part, status.status, status.message);
    }
  }
}

function statusOf(
  error: unknown,
  part: LangfuseJob,
): { status: TLangfuseJobStatus; message: string; definitive: boolean } {
  const what = part === 'sync' ? 'Trace sync' : 'Score push';
  if (!(error instanceof LangfuseError))
    return { status: 'failing', message: `${what} failed: an internal error`, definitive: false };
  const message = `${what} failed: ${error.message}`;
  if (error.kind === 'keys_refused') return { status: 'keys_refused', message, definitive: true };
  if (error.kind === 'access_denied') return { status: 'access_denied', message, definitive: true };
  if (error.kind === 'not_found' && part === 'sync')
    return {
      status: 'unsupported',
      message: `${what} failed: ${NO_OBSERVATIONS_V2}`,
      definitive: true,
    };
  return { status: 'failing', message, definitive: false };
}

/** Records the job's state when it differs from the connection's (so steady states add nothing). */
async function reportStatus(
  job: LangfuseJobContext,
  part: LangfuseJob,
  status: TLangfuseJobStatus,
  message: string | null,
) {
  const { connection } = job;
  const [current, currentError] =
    part === 'sync'
      ? [connection.sync_status, connection.sync_error]
      : [connection.score_status, connection.score_error];
  if (current === status && (currentError ?? null) === message) return;
  await recordEvents(
    job.context,
    evaluationWorkStreamId(connection.evaluation_id),
    [
      {
        type: 'LangfuseStatusChanged',
        data: { evaluation_id: connection.evaluation_id, part, status, error: message },
      },
    ],
    { metadata: { actor: `worker:langfuse-${part}` } },
  );
}
