import { ZHealthReply, type TProjectionStatus } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Resolves when the dependency is usable; rejects (or throws) when it is not. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * A readiness failure whose message is written for operators and safe to show to the caller
 * (a stuck projection, a bus that cannot deliver): /readyz names it instead of `failed`.
 */
export class ReadinessProblem extends Error {
  override name = 'ReadinessProblem';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a check to GET /readyz (e.g. the NATS connection), named in its reply. */
    addReadinessCheck(name: string, check: ReadinessCheck): void;
  }
}

export const DEFAULT_READINESS_TIMEOUT_MS = 2000;

export interface HealthRoutesOptions {
  sql: SqlClient;
  checks?: Record<string, ReadinessCheck>;
  /** A check slower than this counts as failed, so a hung dependency cannot hang the probe. */
  checkTimeoutMs?: number;
  /** Every projection's status; a stuck one makes the process not ready (`projection:{name}`). */
  projections?: () => Promise<TProjectionStatus[]>;
}

/**
 * GET /healthz: the process answers (liveness; restart it when this fails).
 * GET /readyz: the database answers `select 1`, every readiness check passes and no projection
 * is stuck (send it traffic); 503 names the failing checks. Failures are logged; only a
 * ReadinessProblem and a stuck projection (name, position, event, error) are described to the
 * caller, since an operator must see them to repair anything.
 */
export function registerHealthRoutes(app: FastifyInstance, options: HealthRoutesOptions): void {
  const checks = new Map<string, ReadinessCheck>([['database', () => options.sql.query('select 1')]]);
  for (const [name, check] of Object.entries(options.checks ?? {})) checks.set(name, check);
  const timeoutMs = options.checkTimeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;

  app.decorate('addReadinessCheck', (name: string, check: ReadinessCheck) => {
    checks.set(name, check);
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'Liveness: the process is up', response: { 200: ZHealthReply } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and every dependency answer',
        response: { 200: ZHealthReply, 503: ZHealthReply },
      },
    },
    async (request, reply) => {
      const [results, projections] = await Promise.all([
        Promise.all([...checks].map(([name, check]) => runCheck(name, check, timeoutMs, request.log))),
        options.projections ? readProjections(options.projections, timeoutMs, request.log) : undefined,
      ]);
      const outcomes: Array<readonly [string, string]> = [...results];
      if (projections === 'failed') outcomes.push(['projections', 'failed']);
      for (const status of Array.isArray(projections) ? projections : []) {
        outcomes.push([`projection:${status.projection}`, status.stuck ? describeStuck(status) : 'ok']);
      }
      const ready = outcomes.every(([, outcome]) => outcome === 'ok');
      reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
      return {
        status: ready ? ('ok' as const) : ('unavailable' as const),
        checks: Object.fromEntries(outcomes),
        ...(Array.isArray(projections) ? { projections } : {}),
      };
    },
  );
}

type Log = { warn(fields: object, message: string): void };

async function runCheck(
  name: string,
  check: ReadinessCheck,
  timeoutMs: number,
  log: Log,
): Promise<readonly [string, string]> {
  try {
    await withTimeout(check(), timeoutMs);
    return [name, 'ok'];
  } catch (error) {
    log.warn({ err: error, check: name }, 'readiness check failed');
    return [name, error instanceof ReadinessProblem ? error.message : 'failed'];
  }
}

async function readProjections(
  read: () => Promise<TProjectionStatus[]>,
  timeoutMs: number,
  log: Log,
): Promise<TProjectionStatus[] | 'failed'> {
  try {
    return await withTimeout(read(), timeoutMs);
  } catch (error) {
    log.warn({ err: error, check: 'projections' }, 'readiness check failed');
    return 'failed';
  }
}

function describeStuck(status: TProjectionStatus): string {
  const stuck = status.stuck!;
  return (
    `stopped at position ${status.position}: event ${stuck.failed_position}` +
    `${stuck.event_type ? ` (${stuck.event_type})` : ''} fails: ${stuck.error} ` +
    `(since ${stuck.since}, ${stuck.attempts} attempts; ${status.lag} events behind)`
  );
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
