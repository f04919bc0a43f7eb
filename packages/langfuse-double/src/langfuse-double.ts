import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreateScoreRequest } from '@langfuse/core';
import { InvalidQuery, observationsPage, type FakeObservation } from './observations.js';

/*
 * A double of the parts of Langfuse's public API the marketplace uses, on loopback, as strict as
 * Langfuse v4 (events_only, the default write mode of v4 and Langfuse Cloud): basic auth, 401 /
 * 403 as its routes send them, the legacy GET /api/public/traces answering 404, cursor pages of
 * GET /api/public/v2/observations, POST /api/public/scores (upsert by id) and the public-api rate
 * limit with Retry-After. Every behaviour and its source: README.md next to this file.
 */

export interface FakeTrace {
  id: string;
  name?: string;
  input?: unknown;
  output?: unknown;
  metadata?: Record<string, unknown>;
  /** When the trace began (its root observation's start time); now when absent. */
  timestamp?: string;
}

export interface FakeScore {
  id: string;
  traceId: string;
  name: string;
  value: number;
  comment?: string;
  dataType?: string;
}

export interface LangfuseFakeOptions {
  publicKey?: string;
  secretKey?: string;
  project?: { id: string; name: string };
  /**
   * Loopback port to listen on (0, the default: any free one). A port that is taken falls back to
   * a free one; a caller that stored the host checks `url`.
   */
  port?: number;
}

/** What the double can be switched to, at any time. */
export interface LangfuseFakeSwitches {
  /** 'organization': an organization-level key (403 on project routes). */
  keyScope: 'project' | 'organization';
  /** Usage over the plan's threshold: score writes answer 403. */
  ingestionSuspended: boolean;
  /** A Langfuse before v4 (or without the v4 preview): v2 observations answer 404. */
  observationsV2: boolean;
  /** Requests of the public-api resource allowed per window (Cloud hobby: 30 a minute); 0 = none. */
  rateLimitPoints: number;
  rateLimitWindowMs: number;
}

export interface LangfuseRequestLog {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
}

export interface LangfuseFake {
  /** Origin to use as the Langfuse host, e.g. http://127.0.0.1:40123 */
  url: string;
  publicKey: string;
  secretKey: string;
  project: { id: string; name: string };
  switches: LangfuseFakeSwitches;
  /** Traces as Langfuse v4 keeps them: one root observation each (id `obs-<trace id>`). */
  addTraces(traces: FakeTrace[]): void;
  /** Changes a trace's root observation (an output that arrives after the trace began). */
  updateTrace(id: string, patch: Partial<Omit<FakeTrace, 'id'>>): void;
  /** Scores by id (a retry does not add one). */
  scores(): FakeScore[];
  /** How many score POSTs arrived, retries and refused ones included. */
  scorePosts(): number;
  /** Every request answered, in order. */
  requests(): LangfuseRequestLog[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function listenOn(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
const EVENTS_ONLY_404 =
  'This endpoint is not available on deployments running in Langfuse v4 events_only mode. Learn more about Langfuse v4 at: https://langfuse.com/docs/v4';

/**
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the stored traces, scores and the server), as Langfuse's routes are one server.
 */
export async function startLangfuseFake(options: LangfuseFakeOptions = {}): Promise<LangfuseFake> {
  const publicKey = options.publicKey ?? 'pk-lf-test';
  const secretKey = options.secretKey ?? 'sk-lf-test';
  const project = options.project ?? { id: 'proj-fake-1', name: 'Fake project' };
  const switches: LangfuseFakeSwitches = {
    keyScope: 'project',
    ingestionSuspended: false,
    observationsV2: true,
    rateLimitPoints: 0,
    rateLimitWindowMs: 60_000,
  };
  const observations = new Map<string, FakeObservation>();
  const scores = new Map<string, FakeScore>();
  const log: LangfuseRequestLog[] = [];
  let posts = 0;
  let window = { startedAt: 0, used: 0 };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const authorised = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`;

  /** rate-limiter-flexible's fixed window, as RateLimitService answers it (429 + headers). */
  const rateLimited = (res: ServerResponse): boolean => {
    if (switches.rateLimitPoints <= 0) return false;
    const now = Date.now();
    if (now - window.startedAt >= switches.rateLimitWindowMs) window = { startedAt: now, used: 0 };
    window.used += 1;
    if (window.used <= switches.rateLimitPoints) return false;
    const msBeforeNext = window.startedAt + switches.rateLimitWindowMs - now;
    send(
      res,
      429,
      {
        message: 'Rate limit exceeded',
        code: 'rate_limited',
        details: {
          retryAfterSeconds: Math.ceil(msBeforeNext / 1000),
          limit: switches.rateLimitPoints,
          remaining: 0,
        },
      },
      {
        'retry-after': String(Math.ceil(msBeforeNext / 1000)),
        'x-ratelimit-limit': String(switches.rateLimitPoints),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': new Date(now + msBeforeNext).toString(),
      },
    );
    return true;
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname;
    // Checked before the keys, as createAuthedProjectAPIRoute does (rejectInEventsOnlyMode).
    if (path === '/api/public/traces') return send(res, 404, { message: EVENTS_ONLY_404 });
    if (!authorised(req))
      return send(res, 401, { message: 'Invalid credentials. Confirm that you have used the correct host.' });
    if (req.method === 'GET' && path === '/api/public/projects') {
      if (switches.keyScope !== 'project')
        return send(res, 403, { message: 'Invalid API key. Are you using an organization key?' });
      return send(res, 200, { data: [{ id: project.id, name: project.name, metadata: {} }] });
    }
    if (switches.keyScope !== 'project' && path.startsWith('/api/public/')) {
      return send(res, 403, {
        message: 'Project ID not found for API token. Are you using an organization key?',
      });
    }
    if (req.method === 'GET' && path === '/api/public/v2/observations') {
      if (!switches.observationsV2)
        return send(res, 404, {
          message:
            'The observations v2 API is only available in a Langfuse v4 write mode. Learn more at: https://langfuse.com/docs/v4',
        });
      if (rateLimited(res)) return undefined;
      try {
        return send(res, 200, observationsPage([...observations.values()], url.searchParams));
      } catch (error) {
        if (error instanceof InvalidQuery)
          return send(res, 400, { message: 'Invalid request data', error: [{ message: error.message }] });
        throw error;
      }
    }
    if (req.method === 'POST' && path === '/api/public/scores') {
      posts += 1;
      if (rateLimited(res)) return undefined;
      if (switches.ingestionSuspended)
        return send(res, 403, {
          message: 'Ingestion suspended: Usage threshold exceeded. Please upgrade your plan.',
        });
      return createScore(res, await readBody(req));
    }
    return send(res, 404, { message: 'Not found' });
  };

  const createScore = (res: ServerResponse, raw: string) => {
    let body: Partial<CreateScoreRequest>;
    try {
      body = JSON.parse(raw) as Partial<CreateScoreRequest>;
    } catch {
      return send(res, 400, { message: 'Invalid request data' });
    }
    const numeric = body.dataType === undefined || body.dataType === 'NUMERIC';
    if (
      typeof body.name !== 'string' ||
      (typeof body.value !== 'number' && typeof body.value !== 'string') ||
      (numeric && typeof body.value !== 'number') ||
      typeof body.traceId !== 'string'
    ) {
      return send(res, 400, { message: 'Invalid request data' });
    }
    const id = body.id || randomUUID();
    scores.set(id, {
      id,
      traceId: body.traceId,
      name: body.name,
      value: body.value as number,
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.dataType !== undefined ? { dataType: body.dataType } : {}),
    });
    return send(res, 200, { id });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.on('finish', () =>
      log.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        status: res.statusCode,
      }),
    );
    route(req, res, url).catch(() => send(res, 500, { message: 'Internal Server Error' }));
  });
  await listenOn(server, options.port ?? 0).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || !options.port) throw error;
    return listenOn(server, 0);
  });
  const { port } = server.address() as AddressInfo;

  const rootOf = (trace: FakeTrace, previous?: FakeObservation): FakeObservation => ({
    id: `obs-${trace.id}`,
    traceId: trace.id,
    startTime: trace.timestamp ?? previous?.startTime ?? new Date().toISOString(),
    endTime: null,
    parentObservationId: null,
    type: 'SPAN',
    name: trace.name ?? previous?.name ?? null,
    input: 'input' in trace ? trace.input : previous?.input,
    output: 'output' in trace ? trace.output : previous?.output,
    metadata: trace.metadata ?? previous?.metadata,
    updatedAt: new Date().toISOString(),
  });
  return {
    url: `http://127.0.0.1:${port}`,
    publicKey,
    secretKey,
    project,
    switches,
    addTraces(added) {
      for (const trace of added) observations.set(trace.id, rootOf(trace));
    },
    updateTrace(id, patch) {
      const previous = observations.get(id);
      if (!previous) throw new Error(`no trace ${id}`);
      observations.set(id, rootOf({ id, ...patch }, previous));
    },
    scores: () => [...scores.values()],
    scorePosts: () => posts,
    requests: () => [...log],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
