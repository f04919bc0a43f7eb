/**
 * The smoke runner's `k6/http`: synchronous requests (see sync-http.ts) that record k6's request
 * metrics (http_reqs, http_req_duration, http_req_failed) with k6's tags and the caller's.
 */
import { recorder } from './recorder.js';
import { syncFetch } from './sync-http.js';

type Body = string | Record<string, string | number | boolean> | null | undefined;

interface Params {
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseType?: 'text' | 'none' | 'binary';
  responseCallback?: ExpectedStatuses;
}

interface ExpectedStatuses {
  expected(status: number): boolean;
}

/** k6 writes response header names in canonical form (Content-Type). */
const canonical = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

function timeoutMs(timeout: string | number | undefined): number {
  if (timeout === undefined) return 60_000;
  if (typeof timeout === 'number') return timeout;
  const match = /^(\d+)(ms|s|m)$/.exec(timeout);
  if (!match) throw new Error(`timeout ${timeout}: the smoke runner reads 500ms, 30s or 2m`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2] as 'ms' | 's' | 'm'];
}

export function expectedStatuses(
  ...statuses: Array<number | { min: number; max: number }>
): ExpectedStatuses {
  return {
    expected: (status) =>
      statuses.some((item) =>
        typeof item === 'number' ? item === status : status >= item.min && status <= item.max,
      ),
  };
}

const DEFAULT_EXPECTED = expectedStatuses({ min: 200, max: 399 });

export function request(method: string, url: string, body?: Body, params: Params = {}) {
  const headers: Record<string, string> = { 'user-agent': 'evalmarket-k6-smoke-runner', ...params.headers };
  let payload: string | null = null;
  if (typeof body === 'string') payload = body;
  else if (body) {
    // k6 form-encodes an object body.
    payload = new URLSearchParams(
      Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const reply = syncFetch({ method, url, headers, body: payload, timeoutMs: timeoutMs(params.timeout) });
  const expected = (params.responseCallback ?? DEFAULT_EXPECTED).expected(reply.status);
  const tags = {
    method,
    url,
    name: url,
    status: String(reply.status),
    expected_response: String(expected),
    ...params.tags,
  };
  recorder.add('http_reqs', 1, tags);
  recorder.add('http_req_duration', reply.durationMs, tags);
  recorder.add('http_req_failed', expected ? 0 : 1, tags);
  const responseBody = params.responseType === 'none' ? null : reply.body;
  return {
    status: reply.status,
    url,
    body: responseBody,
    headers: Object.fromEntries(
      Object.entries(reply.headers).map(([name, value]) => [canonical(name), value]),
    ),
    error: reply.error ?? '',
    error_code: reply.error ? 1000 : 0,
    timings: { duration: reply.durationMs },
    request: { method, url, headers, body: payload ?? '' },
    json(selector?: string): unknown {
      if (selector !== undefined) throw new Error('the smoke runner does not read json(selector)');
      return JSON.parse(responseBody ?? '');
    },
  };
}

export const get = (url: string, params?: Params) => request('GET', url, null, params);
export const post = (url: string, body?: Body, params?: Params) => request('POST', url, body, params);
export const put = (url: string, body?: Body, params?: Params) => request('PUT', url, body, params);
export const del = (url: string, body?: Body, params?: Params) => request('DELETE', url, body, params);

export default { request, get, post, put, del, expectedStatuses };
