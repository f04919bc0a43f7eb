import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of the parts of Langfuse's public API the marketplace uses, on loopback:
 * GET /api/public/projects (HTTP basic auth public:secret), GET /api/public/traces (page, limit;
 * meta.totalPages), POST /api/public/scores (kept by id: a retried score with the same id
 * replaces the first instead of adding a second).
 */

export interface FakeTrace {
  id: string;
  name?: string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
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

export interface LangfuseFake {
  /** Origin to use as the Langfuse host, e.g. http://127.0.0.1:40123 */
  url: string;
  publicKey: string;
  secretKey: string;
  project: { id: string; name: string };
  addTraces(traces: FakeTrace[]): void;
  /** Scores by id (a retry does not add one). */
  scores(): FakeScore[];
  /** How many score POSTs arrived, retries included. */
  scorePosts(): number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function startLangfuseFake(
  options: { publicKey?: string; secretKey?: string; project?: { id: string; name: string } } = {},
): Promise<LangfuseFake> {
  const publicKey = options.publicKey ?? 'pk-lf-test';
  const secretKey = options.secretKey ?? 'sk-lf-test';
  const project = options.project ?? { id: 'proj-fake-1', name: 'Fake project' };
  const traces: FakeTrace[] = [];
  const scores = new Map<string, FakeScore>();
  let posts = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const authorised = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
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

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!authorised(req)) return send(res, 401, { message: 'Invalid credentials' });
    if (req.method === 'GET' && url.pathname === '/api/public/projects') {
      return send(res, 200, { data: [{ id: project.id, name: project.name, metadata: {} }] });
    }
    if (req.method === 'GET' && url.pathname === '/api/public/traces') {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50));
      const data = traces.slice((page - 1) * limit, page * limit);
      return send(res, 200, {
        data,
        meta: {
          page,
          limit,
          totalItems: traces.length,
          totalPages: Math.max(1, Math.ceil(traces.length / limit)),
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/api/public/scores') {
      readBody(req)
        .then((raw) => {
          posts += 1;
          const body = JSON.parse(raw) as Partial<FakeScore>;
          if (
            typeof body.traceId !== 'string' ||
            typeof body.name !== 'string' ||
            typeof body.value !== 'number'
          ) {
            return send(res, 400, { message: 'traceId, name and value are required' });
          }
          const id = body.id ?? randomUUID();
          scores.set(id, { ...(body as FakeScore), id });
          return send(res, 200, { id });
        })
        .catch(() => send(res, 400, { message: 'Invalid body' }));
      return undefined;
    }
    return send(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKey,
    secretKey,
    project,
    addTraces(added) {
      for (const trace of added) traces.push({ timestamp: new Date().toISOString(), ...trace });
    },
    scores: () => [...scores.values()],
    scorePosts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
