import { guardedRequest, OutboundRequestRefused } from '../http/outbound/ssrf-guard.js';

/** The parts of Langfuse's public API the marketplace uses, through the SSRF guard. */
export interface LangfuseCredentials {
  host: string;
  publicKey: string;
  secretKey: string;
}

export interface LangfuseOptions {
  timeoutMs: number;
  allowedOrigins: readonly string[];
}

export class LangfuseError extends Error {
  override name = 'LangfuseError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LangfuseTrace {
  id: string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
  name?: string | null;
  timestamp?: string;
}

const PAGE_LIMIT = 100;

function authHeader(credentials: LangfuseCredentials): string {
  return `Basic ${Buffer.from(`${credentials.publicKey}:${credentials.secretKey}`).toString('base64')}`;
}

async function call(
  credentials: LangfuseCredentials,
  path: string,
  options: LangfuseOptions,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<unknown> {
  const base = credentials.host.replace(/\/+$/, '');
  let response;
  try {
    response = await guardedRequest(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: authHeader(credentials),
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      timeoutMs: options.timeoutMs,
      allowedOrigins: options.allowedOrigins,
      maxRedirects: 2,
    });
  } catch (error) {
    if (error instanceof OutboundRequestRefused) throw new LangfuseError(error.message);
    throw new LangfuseError(`Langfuse is not reachable (${(error as Error).message})`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new LangfuseError('Langfuse refused the keys (invalid public or secret key)', response.status);
  }
  if (response.status >= 400)
    throw new LangfuseError(`Langfuse answered ${response.status}`, response.status);
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw new LangfuseError('Langfuse answered with something that is not JSON');
  }
}

export async function listLangfuseProjects(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
): Promise<Array<{ id: string; name: string }>> {
  const body = (await call(credentials, '/api/public/projects', options)) as { data?: unknown };
  if (!Array.isArray(body?.data)) throw new LangfuseError('Langfuse answered without a project list');
  return body.data
    .filter((project): project is { id: string; name?: string } => typeof project?.id === 'string')
    .map((project) => ({
      id: project.id,
      name: typeof project.name === 'string' ? project.name : project.id,
    }));
}

/** One page (1-based) of traces, oldest first when the server supports `orderBy`. */
export async function listLangfuseTraces(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
  page: number,
): Promise<{ traces: LangfuseTrace[]; totalPages: number }> {
  const body = (await call(
    credentials,
    `/api/public/traces?page=${page}&limit=${PAGE_LIMIT}&orderBy=timestamp.asc`,
    options,
  )) as { data?: unknown; meta?: { totalPages?: unknown } };
  const traces = Array.isArray(body?.data)
    ? body.data.filter((trace): trace is LangfuseTrace => typeof trace?.id === 'string')
    : [];
  const totalPages = typeof body?.meta?.totalPages === 'number' ? body.meta.totalPages : page;
  return { traces, totalPages };
}

/** Pushes a score; the stable `id` makes a retry update the same score instead of adding one. */
export async function pushLangfuseScore(
  credentials: LangfuseCredentials,
  options: LangfuseOptions,
  score: { id: string; traceId: string; name: string; value: number; comment?: string | null },
): Promise<void> {
  await call(credentials, '/api/public/scores', options, {
    method: 'POST',
    body: { ...score, dataType: 'NUMERIC', comment: score.comment ?? undefined },
  });
}
