/**
 * Settings every script reads from the environment (`k6 run -e NAME=value` or the shell's
 * variables). Names avoid k6's own K6_ prefix.
 */

/** The API under test: the embedded default, the PostgreSQL mode or a load balancer in front of API processes. */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** The load shape: smoke | load | spike | soak (see profiles.ts). */
export const PROFILE = __ENV.LOAD_PROFILE || 'load';

/** Where handleSummary writes its JSON and text files ('' = the working directory). */
export const SUMMARY_DIR = (__ENV.SUMMARY_DIR || '').replace(/\/+$/, '');

/** A whole number from the environment, or `fallback` when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** A duration such as 90s, 2m or 1h from the environment, in seconds. */
export function envSeconds(name: string, fallback: string): number {
  const raw = __ENV[name] || fallback;
  const match = /^(\d+(?:\.\d+)?)(s|m|h)$/.exec(raw);
  if (!match) throw new Error(`${name} must look like 90s, 2m or 1h, got "${raw}"`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
}

/** A comma-separated list from the environment (empty when unset). */
export function envList(name: string): string[] {
  return (__ENV[name] || '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** A run-unique prefix for the e-mail addresses and item ids a setup creates. */
export function runId(): string {
  return `k6${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
