import { ZHealthReply } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Resolves when the dependency is usable; rejects (or throws) when it is not. */
export type ReadinessCheck = () => Promise<unknown>;

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
}

/**
 * GET /healthz: the process answers (liveness; restart it when this fails).
 * GET /readyz: the database answers `select 1` and every readiness check passes (send it traffic);
 * 503 names the failing checks. Failures are logged, never described to the caller.
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
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(check(), timeoutMs);
            return [name, 'ok'] as const;
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            return [name, 'failed'] as const;
          }
        }),
      );
      const ready = results.every(([, outcome]) => outcome === 'ok');
      reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
      return {
        status: ready ? ('ok' as const) : ('unavailable' as const),
        checks: Object.fromEntries(results),
      };
    },
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
