import { ZErrorReply, ZInsufficientCreditsReply, ZValidationErrorReply } from '@evalmarket/contracts';
import type { FastifyContextConfig } from 'fastify';
import { z, type ZodType } from 'zod';
import { requiresSignIn } from '../../auth/guards.js';
import { WRITE_METHODS } from '../idempotency.js';

/** The error statuses the document describes, each with its reply shape. */
export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 422 | 429;

/** A security requirement: scheme name -> scopes (always none here). */
export type SecurityRequirement = Record<string, string[]>;

/** How the OpenAPI document describes a route beyond its zod schemas (`config.openapi`). */
export interface RouteDocs {
  /** Error statuses the route answers besides the ones its guards and schemas imply (e.g. 402). */
  errors?: readonly ErrorStatus[];
  /** A route with its own credentials (an API key, a signed link) instead of a session. */
  security?: SecurityRequirement[];
  /**
   * A success reply that is not JSON checked by `schema.response` (a download, a redirect): the
   * document only, the reply is not checked against it.
   */
  reply?: DocumentedReply;
  /** A body the route reads itself (a multipart upload): the document only. */
  body?: { contentType: string; schema: ZodType };
}

/** A reply described by the document only; no `content` for one without a body (a redirect). */
export interface DocumentedReply {
  status: number;
  description: string;
  /** Media type -> body schema, e.g. `{ 'text/csv': FILE }`. */
  content?: Record<string, ZodType>;
}

/** A downloaded file's body. */
export const FILE_BODY = z.string().meta({ format: 'binary' });

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDocs;
  }
}

export const BEARER_SCHEME = 'bearerAuth';

/** The part of a route the rules look at. */
export interface RouteFacts {
  method: string;
  /** Fastify's form, `/api/v1/evaluations/:id`. */
  url: string;
  config: FastifyContextConfig;
  hasInputSchema: boolean;
}

/**
 * A stable, readable id from the method and path: `GET /api/v1/evaluations/:id/metrics` ->
 * `getEvaluationsByIdMetrics`. The typed client and the docs page name operations by it.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v\d+/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment);
      return param ? `By${pascal(param[1]!)}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** Bearer for every route the sign-in guard protects; a route's own scheme where it names one. */
export function securityFor(route: RouteFacts): SecurityRequirement[] {
  if (route.config.openapi?.security) return route.config.openapi.security;
  return requiresSignIn(route.url, route.config) ? [{ [BEARER_SCHEME]: [] }] : [];
}

/**
 * Which errors a route can answer, derived from what every route of its kind goes through: the
 * sign-in guard (401 and the role and owner rules behind it, 403), a path parameter naming a resource (404),
 * Idempotency-Key on writes (409), schema validation (422) and the write rate limits (429).
 */
export function errorStatusesFor(route: RouteFacts): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.config.openapi?.errors ?? []);
  const isApi = route.url.startsWith('/api/');
  const isWrite = WRITE_METHODS.has(route.method.toUpperCase());
  if (securityFor(route).length > 0) statuses.add(401);
  // Signed-in routes check a role, an owner or the admin flag; which ones is the handler's business.
  if (requiresSignIn(route.url, route.config)) statuses.add(403);
  if (isApi && route.url.includes('/:')) statuses.add(404);
  if (isApi && isWrite && route.config.idempotency !== false) statuses.add(409);
  if (route.hasInputSchema) statuses.add(422);
  if (isApi && isWrite) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const ERROR_REPLIES: Record<ErrorStatus, { description: string; schema: ZodType }> = {
  401: { description: 'Not signed in, or the credentials expired or were revoked', schema: ZErrorReply },
  402: { description: 'Not enough credits; `detail` carries the numbers', schema: ZInsufficientCreditsReply },
  403: { description: 'Signed in but not allowed (role or owner rule)', schema: ZErrorReply },
  404: { description: 'No such resource, or not visible to the caller', schema: ZErrorReply },
  409: {
    description: 'Clashes with the current state, or an Idempotency-Key was reused or is in progress',
    schema: ZErrorReply,
  },
  422: {
    description: 'The request broke a rule; `detail` lists `{loc, msg, type}` per field',
    schema: ZValidationErrorReply,
  },
  429: { description: 'Rate limit hit; `Retry-After` says when to try again', schema: ZErrorReply },
};

/** The error replies in @fastify/swagger's content form, zod schemas inside. */
export function errorResponsesFor(route: RouteFacts): Record<string, unknown> {
  return Object.fromEntries(
    errorStatusesFor(route).map((status) => {
      const { description, schema } = ERROR_REPLIES[status];
      return [status, { description, content: { 'application/json': { schema } } }];
    }),
  );
}
