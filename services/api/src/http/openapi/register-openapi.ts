import * as contracts from '@evalmarket/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BEARER_SCHEME,
  errorResponsesFor,
  operationIdFor,
  securityFor,
  type RouteFacts,
} from './operation-rules.js';
import { withoutUnusedSchemas } from './unused-schemas.js';

export interface OpenApiOptions {
  title: string;
  version: string;
  /** Where this deployment answers (PUBLIC_URL), the document's one server. */
  serverUrl: string;
}

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * The OpenAPI 3.1 document at /docs/json (and the docs page at /docs), generated from the routes'
 * zod schemas. Every route gets its operationId, security and error replies from rules over its
 * method, path and config (operation-rules.ts), so a new route is described without extra work;
 * the schemas exported by @evalmarket/contracts become named components.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  nameContractSchemas();
  // Operations (`post /api/v1/...`) whose body schema accepts no body at all.
  const optionalBodies = new Set<string>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: options.version,
        description:
          'Errors are `{"detail": string | object, "code"?: string}`; 422 lists `{loc, msg, type}` per field. ' +
          'Every write accepts an `Idempotency-Key` header.',
      },
      servers: [{ url: options.serverUrl, description: 'This deployment (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          projectApiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'A project API key; `Authorization: Bearer <key>` works as well.',
          },
        },
      },
    },
    transform: (input: TransformInput) => describeRoute(input, optionalBodies),
    transformObject: (input) =>
      withoutUnusedSchemas(withOptionalBodies(jsonSchemaTransformObject(input), optionalBodies)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

function describeRoute(
  input: TransformInput,
  optionalBodies: Set<string>,
): ReturnType<typeof jsonSchemaTransform> {
  const { route } = input;
  const schema = (input.schema ?? {}) as RouteSchema;
  if (schema.hide) return jsonSchemaTransform(input);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const facts: RouteFacts = {
    method: methods.find((method) => method !== 'HEAD') ?? methods[0]!,
    url: route.url,
    config: route.config ?? {},
    hasInputSchema: Boolean(
      schema.body ?? schema.querystring ?? schema.params ?? schema.headers ?? route.config?.openapi?.body,
    ),
  };
  // The app reads an empty JSON body as no body (build-app.ts), so a schema that accepts
  // undefined makes the body optional; @fastify/swagger always marks it required.
  if (schema.body instanceof z.ZodType && schema.body.safeParse(undefined).success) {
    optionalBodies.add(operationKey(facts.method, facts.url));
  }
  const documentedReply = facts.config.openapi?.reply;
  const response: Record<string, unknown> = { ...errorResponsesFor(facts), ...schema.response };
  if (documentedReply?.content) {
    response[documentedReply.status] = {
      description: documentedReply.description,
      content: Object.fromEntries(
        Object.entries(documentedReply.content).map(([mediaType, body]) => [mediaType, { schema: body }]),
      ),
    };
  }
  const documentedBody = facts.config.openapi?.body;
  const parts = {
    ...schema,
    ...inlineParameterSchemas(schema),
    ...(documentedBody && !schema.body
      ? { body: documentedBody.schema, consumes: [documentedBody.contentType] }
      : {}),
    response,
  } as typeof input.schema;
  const transformed = jsonSchemaTransform({ ...input, schema: parts });
  const out = transformed.schema as RouteSchema;
  const replies = (out.response ?? {}) as Record<string, Record<string, unknown>>;
  if (documentedReply && !documentedReply.content) {
    replies[documentedReply.status] = { description: documentedReply.description, type: 'null' };
  }
  if (replies[429]) {
    replies[429].headers = {
      'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
    };
  }
  return {
    ...transformed,
    schema: {
      ...out,
      response: replies,
      operationId: (out.operationId as string | undefined) ?? operationIdFor(facts.method, facts.url),
      security: securityFor(facts),
    } as typeof transformed.schema,
  };
}

function operationKey(method: string, url: string): string {
  return `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
type Operations = Record<string, Record<string, { requestBody?: { required?: boolean } }>>;

function withOptionalBodies(document: OpenApiDocument, optionalBodies: Set<string>): OpenApiDocument {
  const paths = (document.paths ?? {}) as Operations;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.requestBody && optionalBodies.has(operationKey(method, path))) {
        operation.requestBody.required = false;
      }
    }
  }
  return document;
}

/**
 * @fastify/swagger spreads querystring, path and header schemas into parameters and cannot follow
 * a `$ref` there, so a named contract schema used as one of them is documented inline (a copy of
 * it, which the registry does not know). Only objects can be such parts.
 */
function inlineParameterSchemas(schema: RouteSchema): RouteSchema {
  const inlined: RouteSchema = {};
  for (const part of ['querystring', 'params', 'headers'] as const) {
    const value = schema[part];
    // Not `.clone()`: a clone keeps its parent, and zod refers to a named parent by `$ref`.
    if (value instanceof z.ZodObject && z.globalRegistry.get(value)?.id)
      inlined[part] = z.object(value.shape);
  }
  return inlined;
}

/**
 * Every zod schema @evalmarket/contracts exports becomes a component named after its export
 * without the `Z` (ZErrorReply -> ErrorReply), in zod's global registry where the type provider
 * looks for ids; the descriptions already there are kept.
 */
function nameContractSchemas(): void {
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!/^Z[A-Z]/.test(exportName) || !(value instanceof z.ZodType)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue;
    z.globalRegistry.add(value, { ...meta, id: exportName.slice(1) });
  }
}
