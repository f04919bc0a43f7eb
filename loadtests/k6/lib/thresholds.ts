/**
 * Thresholds shared by the scripts; k6 exits non-zero when one is not met, so a run passes or
 * fails by itself. loadtests/k6/README.md says what each one means and where its number comes from.
 */
import { envNumber } from './env.ts';

/** The evaluator loop's target (issue 5, services/api/README.md Throughput): request p99 <= 50 ms. */
export const LOOP_P99_MS = envNumber('LOOP_P99_MS', 50);
/** A budget for console reads (no project target names one): p99 under 250 ms. */
export const READ_P99_MS = envNumber('READ_P99_MS', 250);
/** A budget for the requester journey's requests (sign-in, purchase, creation, ingest): p99 under 1 s. */
export const JOURNEY_P99_MS = envNumber('JOURNEY_P99_MS', 1000);

/** Every script: under 1% failed requests and at least 99% of checks passing. */
export const COMMON_THRESHOLDS: Record<string, string[]> = {
  http_req_failed: [`rate<${envNumber('MAX_FAILED_RATE', 0.01)}`],
  checks: [`rate>=${envNumber('MIN_CHECKS_RATE', 0.99)}`],
};

/** p99 latency per request group (the `endpoint` tag every call carries). */
export function latencyThresholds(endpoints: string[], p99Ms: number): Record<string, string[]> {
  const thresholds: Record<string, string[]> = {};
  for (const endpoint of endpoints)
    thresholds[`http_req_duration{endpoint:${endpoint}}`] = [`p(99)<${p99Ms}`];
  return thresholds;
}
