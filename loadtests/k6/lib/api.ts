import { check } from 'k6';
import http, { type RefinedResponse } from 'k6/http';
import { BASE_URL } from './env.ts';

/** A reply of the API (k6's response with its body as text). */
export type Reply = RefinedResponse<'text'>;

export interface CallOptions {
  /** Bearer token: a session's access token or a project API key. */
  token?: string;
  /**
   * The request group this request is measured in (the `endpoint` tag, which the thresholds
   * select, and k6's `name` tag, so URLs that carry ids count as one).
   */
  endpoint: string;
}

/**
 * One JSON request to `/api/v1{path}`. Every status of 400 or above counts as failed in
 * `http_req_failed` (k6's default); a script whose world is sized right sees none.
 */
export function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  options: CallOptions,
): Reply {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return http.request(method, `${BASE_URL}/api/v1${path}`, body === undefined ? null : JSON.stringify(body), {
    headers,
    responseType: 'text',
    tags: { endpoint: options.endpoint, name: options.endpoint },
  });
}

/** The reply's JSON body, or undefined when it is not JSON. */
export function json<T>(reply: Reply): T | undefined {
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    return undefined;
  }
}

/**
 * The reply's JSON body, checked (a check named `{what}: {status}`, so the checks rate counts
 * it); stops the iteration, or the setup, with the reply when the status or body is not right.
 */
export function expectJson<T>(reply: Reply, status: number, what: string): T {
  const body = json<T>(reply);
  const ok = check(reply, { [`${what}: ${status}`]: (r) => r.status === status && body !== undefined });
  if (!ok)
    throw new Error(`${what}: expected ${status}, got ${reply.status} ${String(reply.body).slice(0, 300)}`);
  return body as T;
}
