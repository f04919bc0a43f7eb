import http from 'node:http';
import { percentile } from './bench-args.js';

export interface LoadFigures {
  requests: number;
  errors: number;
  /** The first error reply (status and body start), to say why. */
  firstError: string | undefined;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * How long each route is loaded, untimed, before it is measured: the API's first route otherwise
 * pays for the pool's connections opening and its code's first compilation. On the 1M world the
 * wallet balance, measured first on a freshly started API, had a p99 of 8.2-10.2 ms; in the same
 * process, measured again, 5.1-5.9 ms (docs/perf/2026-11-29-audit-keys-and-warm-routes.md).
 */
export const WARMUP_SECONDS = 1;

/**
 * GETs `path` over `connections` keep-alive connections for `seconds` and times each reply (ms),
 * after `warmupSeconds` of the same load untimed. A reply other than 2xx counts as an error.
 */
export async function loadRoute(
  origin: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  warmupSeconds = WARMUP_SECONDS,
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(`${origin}${path}`, { agent, headers }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          times.push(performance.now() - started);
          const status = reply.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            errors += 1;
            firstError ??= `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`;
          }
          resolve();
        });
      });
      request.on('error', reject);
    });
  /** Every connection asks again and again until `until`; at least once each. */
  const loadUntil = (until: number) =>
    Promise.all(
      Array.from({ length: connections }, async () => {
        do await once();
        while (performance.now() < until);
      }),
    );
  try {
    await loadUntil(performance.now() + warmupSeconds * 1000);
    times.length = 0;
    errors = 0;
    firstError = undefined;
    const started = performance.now();
    await loadUntil(started + seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      requests: times.length,
      errors,
      firstError,
      requestsPerSecond: times.length / elapsed,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    };
  } finally {
    agent.destroy();
  }
}
