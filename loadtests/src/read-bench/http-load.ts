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
 * GETs `path` over `connections` keep-alive connections for `seconds` and times each reply (ms).
 * A reply other than 2xx counts as an error. One warm-up request per connection comes first.
 */
export async function loadRoute(
  origin: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
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
  try {
    await Promise.all(Array.from({ length: connections }, once));
    times.length = 0;
    errors = 0;
    firstError = undefined;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) await once();
      }),
    );
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
