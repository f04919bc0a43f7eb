import type {
  CreateScoreRequest,
  CreateScoreResponse,
  GetObservationsV2Request,
  ObservationsV2Response,
  Projects,
} from '@langfuse/core';
import { guardedRequest, OutboundRequestRefused } from '../http/outbound/ssrf-guard.js';

/*
 * The parts of Langfuse's public API the marketplace uses, through the SSRF guard.
 *
 * Why not Langfuse's own client: `LangfuseAPIClient` (@langfuse/core, used by @langfuse/client)
 * always calls the global `fetch` (its `getFetchFn` returns it; the options take no fetcher or
 * agent), so its requests could not go through the guard, which checks each address inside the
 * socket's own DNS lookup and every redirect hop. Its built-in retries would also repeat requests
 * that the rate limit refused. So this thin client speaks the same API, with the request and
 * response types taken from that client (generated from Langfuse's API definition).
 */

export interface LangfuseCredentials {
  host: string;
  publicKey: string;
  secretKey: string;
}

export interface LangfuseOptions {
  timeoutMs: number;
  allowedOrigins: readonly string[];
  /** Largest response accepted (the guard's default, 5 MiB, when unset). */
  maxResponseBytes?: number;
}

/**
 * What went wrong, so callers can tell wrong keys (401) from a key without access (403: an
 * organization-level key, ingestion suspended), a rate limit (429, with Retry-After) and the rest.
 */
export type LangfuseErrorKind =
  | 'keys_refused'
  | 'access_denied'
  | 'not_found'
  | 'rate_limited'
  | 'bad_request'
  | 'too_large'
  | 'timed_out'
  | 'unreachable'
  | 'server_error'
  | 'invalid_response';

export class LangfuseError extends Error {
  override name = 'LangfuseError';
  constructor(
    message: string,
    readonly kind: LangfuseErrorKind,
    readonly status?: number,
    /** For 429: how long Langfuse asked to wait (Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Langfuse's answer to a refused request: `{ message }` (shortened: it ends up in a status). */
function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    const message = typeof parsed.message === 'string' ? parsed.message : parsed.error;
    return typeof message === 'string' ? message.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  // An HTTP date names its day and month ("Wed, 25 Nov 2026 08:00:30 GMT"); "-5" is no date.
  const at = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function errorOf(status: number, body: string, retryAfter: string | string[] | undefined): LangfuseError {
  const said = messageOf(body);
  const detail = said ? `: ${said}` : '';
  if (status === 401)
    return new LangfuseError(
      'Langfuse refused the keys (invalid public or secret key)',
      'keys_refused',
      status,
    );
  if (status === 403)
    return new LangfuseError(
      `Langfuse denied access with these keys${detail || ' (an organization-level key, or ingestion suspended)'}`,
      'access_denied',
      status,
    );
  if (status === 404) return new LangfuseError(`Langfuse answered 404${detail}`, 'not_found', status);
  if (status === 429)
    return new LangfuseError('Langfuse rate limit reached', 'rate_limited', status, retryAfterMs(retryAfter));
  if (status >= 400 && status < 500)
    return new LangfuseError(`Langfuse refused the request (${status})${detail}`, 'bad_request', status);
  return new LangfuseError(`Langfuse answered ${status}${detail}`, 'server_error', status);
}

async function call(
  credentials: LangfuseCredentials,
  path: string,
  options: LangfuseOptions,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<unknown> {
  const base = credentials.host.replace(/\/+$/, '');
  const auth = Buffer.from(`${credentials.publicKey}:${credentials.secretKey}`).toString('base64');
  let response;
  try {
    response = await guardedRequest(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Basic ${auth}`,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      timeoutMs: options.timeoutMs,
      allowedOrigins: options.allowedOrigins,
      maxRedirects: 2,
      maxResponseBytes: options.maxResponseBytes,
    });
  } catch (error) {
    if (error instanceof OutboundRequestRefused) {
      // A response over the size limit, or one too slow to arrive in time: a smaller page may fit.
      const kind = /too large/.test(error.message)
        ? 'too_large'
        : /timed out/.test(error.message)
          ? 'timed_out'
          : 'unreachable';
      throw new LangfuseError(`Langfuse: ${error.message}`, kind);
    }
    throw new LangfuseError(`Langfuse is not reachable (${(error as Error).message})`, 'unreachable');
  }
  if (response.status >= 400) throw errorOf(response.status, response.body, response.headers['retry-after']);
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw new LangfuseError('Langfuse answered with something that is not JSON', 'invalid_response');
  }
}

export async function listLangfuseProjects(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
): Promise<Array<{ id: string; name: string }>> {
  const body = (await call(credentials, '/api/public/projects', options)) as Partial<Projects> | null;
  if (!Array.isArray(body?.data))
    throw new LangfuseError('Langfuse answered without a project list', 'invalid_response');
  return body.data
    .filter((project) => typeof project?.id === 'string')
    .map((project) => ({
      id: project.id,
      name: typeof project.name === 'string' ? project.name : project.id,
    }));
}

/** A trace as the marketplace reads it: its root observation (input and output as Langfuse sent them). */
export interface LangfuseRootObservation {
  traceId: string;
  startTime: string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
}

export interface RootObservationsPage {
  observations: LangfuseRootObservation[];
  /** Where the next page starts; undefined when this was the last. */
  cursor?: string;
}

/** Field groups read: ids and times (core), input and output (io), metadata (shortened by Langfuse). */
const OBSERVATION_FIELDS = 'core,io,metadata';

/**
 * One page of root observations (one per trace) that started in [from, to), newest first (the
 * order of Langfuse's cursor). GET /api/public/v2/observations: the legacy GET /api/public/traces
 * answers 404 on Langfuse v4 (events_only) and is retired on Langfuse Cloud.
 */
export async function listRootObservations(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
  page: { from?: string; to: string; cursor?: string; limit: number; fields?: string },
): Promise<RootObservationsPage> {
  const request: GetObservationsV2Request & { isRootObservation: boolean } = {
    fields: page.fields ?? OBSERVATION_FIELDS,
    limit: page.limit,
    isRootObservation: true,
    fromStartTime: page.from,
    toStartTime: page.to,
    cursor: page.cursor,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const body = (await call(
    credentials,
    `/api/public/v2/observations?${query.toString()}`,
    options,
  )) as Partial<ObservationsV2Response> | null;
  if (!Array.isArray(body?.data))
    throw new LangfuseError('Langfuse answered without a list of observations', 'invalid_response');
  const observations = body.data
    .filter((item) => typeof item?.traceId === 'string' && typeof item.startTime === 'string')
    .map((item) => ({
      traceId: item.traceId!,
      startTime: item.startTime,
      input: parseIo(item.input),
      output: parseIo(item.output),
      metadata: item.metadata ?? undefined,
    }));
  const cursor = typeof body.meta?.cursor === 'string' && body.meta.cursor ? body.meta.cursor : undefined;
  return { observations, cursor };
}

/** Whether the keys can read observations v2 (the sync's only way to read traces). */
export async function checkObservationsApi(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
): Promise<void> {
  try {
    await listRootObservations(credentials, options, {
      to: new Date().toISOString(),
      limit: 1,
      fields: 'core',
    });
  } catch (error) {
    if (error instanceof LangfuseError && error.kind === 'not_found') {
      throw new LangfuseError(NO_OBSERVATIONS_V2, 'not_found', error.status);
    }
    throw error;
  }
}

export const NO_OBSERVATIONS_V2 =
  'this Langfuse has no observations v2 API (Langfuse v4 or Langfuse Cloud is needed)';

/**
 * The v2 API always returns input and output as the raw strings Langfuse stored: JSON when the
 * application sent JSON (kept as the value it was), anything else as the text itself.
 */
function parseIo(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Pushes a score; the stable `id` makes a retry update the same score instead of adding one. */
export async function pushLangfuseScore(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
  score: { id: string; traceId: string; name: string; value: number; comment?: string | null },
): Promise<void> {
  const body: CreateScoreRequest = {
    id: score.id,
    traceId: score.traceId,
    name: score.name,
    value: score.value,
    dataType: 'NUMERIC',
    ...(score.comment ? { comment: score.comment } : {}),
  };
  const answer = (await call(credentials, '/api/public/scores', options, {
    method: 'POST',
    body,
  })) as Partial<CreateScoreResponse> | null;
  if (typeof answer?.id !== 'string')
    throw new LangfuseError('Langfuse answered without the score id', 'invalid_response');
}
