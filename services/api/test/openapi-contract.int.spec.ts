import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_CLIENT_DIR,
  clientTypesText,
  documentText,
  DOCUMENT_FILE,
  TYPES_FILE,
} from '../src/http/openapi/client-types.js';
import { ROUTE_CATALOGUE_FILE, routeCatalogueText } from '../src/http/openapi/route-catalogue.js';
import { servedOpenApiDocument } from '../src/http/openapi/served-document.js';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const STALE = 'stale: run `npm run openapi:generate` and commit packages/api-client and docs/routes.md';

describe('the OpenAPI document as a contract', () => {
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };
  const operations: Array<{ name: string; path: string; operation: Operation }> = [];

  beforeAll(async () => {
    document = (await servedOpenApiDocument()) as typeof document;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations.push({ name: `${method.toUpperCase()} ${path}`, path, operation });
      }
    }
  }, 180_000);

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts bearer security on every signed-in route and the error replies with their shapes', () => {
    for (const { name, path, operation } of operations) {
      if (!path.startsWith('/api/v1/')) continue;
      const refOf = (status: string) =>
        operation.responses[status]?.content?.['application/json']?.schema as { $ref?: string } | undefined;
      const isPublic = operation.security?.length === 0;
      if (!isPublic) {
        expect(operation.responses['401'], name).toBeDefined();
        expect(refOf('401')?.$ref, name).toBe('#/components/schemas/ErrorReply');
      }
      if ('requestBody' in operation) {
        expect(refOf('422')?.$ref, name).toBe('#/components/schemas/ValidationErrorReply');
      }
      if (/^(?:POST|PUT|PATCH|DELETE) /.test(name)) {
        expect(refOf('429')?.$ref, name).toBe('#/components/schemas/ErrorReply');
      }
      if (path.startsWith('/api/v1/admin/')) {
        expect(operation.security, name).toEqual([{ bearerAuth: [] }]);
        expect(operation.responses['403'], name).toBeDefined();
      }
    }
    const byName = new Map(operations.map((entry) => [entry.name, entry.operation]));
    expect(byName.get('GET /api/v1/wallet/balance')?.security).toEqual([{ bearerAuth: [] }]);
    expect(byName.get('POST /api/v1/auth/magic-link')?.security).toEqual([]);
    expect(byName.get('POST /api/v1/sdk/items')?.security).toEqual([{ projectApiKey: [] }]);
    const cashout = byName.get('POST /api/v1/evaluator/cashout');
    expect(cashout?.responses['402']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/InsufficientCreditsReply',
    });
  });

  it('describes every success reply with a schema (or as a redirect)', () => {
    for (const { name, operation } of operations) {
      const success = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      expect(success.length, name).toBeGreaterThan(0);
      for (const [status, reply] of success) {
        if (status.startsWith('3')) continue;
        const media = Object.values(reply.content ?? {});
        expect(media.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const entry of media) expect(entry.schema, `${name} ${status}`).toBeDefined();
      }
    }
  });

  it('names the contracts schemas as components', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorReply', 'ValidationErrorReply', 'Evaluation', 'WalletBalanceReply']),
    );
  });

  it('is the document committed in packages/api-client, with its generated types', async () => {
    expect(await readFile(DOCUMENT_FILE, 'utf8'), STALE).toBe(documentText(document));
    expect(await readFile(TYPES_FILE, 'utf8'), STALE).toBe(await clientTypesText(document));
    expect(await readFile(ROUTE_CATALOGUE_FILE, 'utf8'), STALE).toBe(routeCatalogueText(document));
  });

  it('passes Redocly lint with zero errors', async () => {
    const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
    const run = promisify(execFile);
    const result = await run(
      redocly,
      ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format=summary'],
      {
        cwd: fileURLToPath(API_CLIENT_DIR),
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${result.stdout}${result.stderr}`).toContain('Your API description is valid');
  }, 120_000);
});
