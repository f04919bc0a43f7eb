import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a fast read (1 ms) to the 10 s a request may wait for the read models. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Commands per ledger batch, up to the writer's largest batch. */
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2000];

/** The label of requests that matched no route (kept apart so that raw URLs never become labels). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's Prometheus metrics (prom-client), on a registry of its own so that several apps
 * in one process (tests) do not share counters. Counters and histograms are updated where things
 * happen (one observe per request, one per ledger batch, one per worker run); gauges that
 * describe state (projection lag, queue depth, JetStream pending) are read when scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequestSeconds = new Histogram({
    name: 'evalmarket_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code: rates, errors and latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly ledgerBatchCommands = new Histogram({
    name: 'evalmarket_ledger_batch_commands',
    help: 'Money commands per ledger writer batch commit',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  readonly ledgerCommitSeconds = new Histogram({
    name: 'evalmarket_ledger_commit_duration_seconds',
    help: 'Ledger writer batch commit latency, by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'evalmarket_job_runs_total',
    help: 'Background job runs (evaluation worker, payments worker) by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'evalmarket_' });
  }

  /**
   * A gauge whose values are read at scrape time by `read`, which sets them by label; values of
   * labels it no longer sets are dropped. A failing read leaves the gauge empty for that scrape.
   */
  stateGauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void> | void,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        await read((labels, value) => this.set(labels as never, value));
      },
    });
  }

  /** Runs one background job, counting it as ok or failed (the error is rethrown). */
  async timeJob<T>(job: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.jobRuns.inc({ job, outcome: 'ok' });
      return result;
    } catch (error) {
      this.jobRuns.inc({ job, outcome: 'failed' });
      throw error;
    }
  }
}

export interface MetricsRouteOptions {
  metrics: AppMetrics;
  /** Bearer token a scraper must send; without one, /metrics answers outside production only. */
  token: string | undefined;
  production: boolean;
}

/**
 * Counts every request by its route template (never the raw URL: ids would make a series per
 * request) and serves GET /metrics in the Prometheus text format, behind `token`.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsRouteOptions): void {
  const { metrics } = options;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestSeconds.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, options)) return notFound(reply);
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

function allowed(request: FastifyRequest, options: MetricsRouteOptions): boolean {
  if (!options.token) return !options.production;
  const header = request.headers.authorization ?? '';
  const expected = Buffer.from(`Bearer ${options.token}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A scraper without the token learns nothing, not even that metrics exist here. */
function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ detail: 'Not Found' });
}
