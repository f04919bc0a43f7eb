import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

const attribute = (span: OtlpSpan, key: string) => {
  const found = span.attributes.find((a) => a.key === key)?.value;
  return found ? Object.values(found)[0] : undefined;
};

/** A local OTLP/HTTP receiver on loopback: keeps every span posted to /v1/traces (JSON). */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[]; server: Server }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        expect(request.headers['content-type']).toMatch(/^application\/json/);
        const payload = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: OtlpSpan['attributes'] };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const resource of payload.resourceSpans) {
          const service = resource.resource.attributes.find((a) => a.key === 'service.name');
          expect(service?.value).toEqual({ stringValue: 'evalmarket-api' });
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
        reply.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        reply.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

describe('OpenTelemetry traces with OTEL_EXPORTER_OTLP_ENDPOINT (the API as a process)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: TestDatabase | undefined;
  let api: ApiProcess;
  beforeAll(async () => {
    receiver = await startReceiver();
    db = process.env.DATABASE_URL ? await createTestDatabase({ kind: 'postgres' }) : undefined;
    api = await startApiProcess({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        ...(db ? { DATABASE_URL: db.url! } : {}),
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await db?.drop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('sends a span per request by route, with the PostgreSQL queries inside it, and none for probes', async () => {
    const reply = await fetch(`${api.baseUrl}/api/v1/auth/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'traced@example.com' }),
    });
    expect(reply.status).toBe(200);
    await fetch(`${api.baseUrl}/readyz`);

    const deadline = Date.now() + 15_000;
    const serverSpan = () =>
      receiver.spans.find((s) => s.kind === 2 && attribute(s, 'url.path') === '/api/v1/auth/magic-link');
    const queriesIn = (traceId: string) =>
      receiver.spans.filter((s) => s.traceId === traceId && attribute(s, 'db.system.name') === 'postgresql');
    while (Date.now() < deadline) {
      const span = serverSpan();
      if (span && (!db || queriesIn(span.traceId).length > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const span = serverSpan();
    expect(span, JSON.stringify(receiver.spans.map((s) => s.name))).toBeDefined();
    expect(attribute(span!, 'http.request.method')).toBe('POST');
    expect(attribute(span!, 'http.response.status_code')).toBe(200);
    if (db) {
      const queries = queriesIn(span!.traceId);
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((query) => query.kind === 3)).toBe(true);
    }
    expect(receiver.spans.some((s) => attribute(s, 'url.path') === '/readyz')).toBe(false);
  });
});
