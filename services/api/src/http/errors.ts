import {
  UNSTORABLE_TEXT_ISSUE,
  UNSTORABLE_TEXT_MESSAGES,
  type TErrorReply,
  type TValidationIssue,
} from '@evalmarket/contracts';
import { EventStoreError } from '@evalmarket/eventstore';
import { isFencedError } from '@evalmarket/ledger-writer';
import { ProjectionLagError, ProjectionStuckError } from '@evalmarket/projector';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * Stable machine names of every error reply (`code`). The console branches on these, never on
 * the wording of `detail`.
 */
export enum AppErrorCode {
  /** A body, query, path or header value broke its schema; `detail` lists `{loc, msg, type}`. */
  ValidationError = 'validation_error',
  /** `Content-Type: application/json` but the body does not parse. */
  MalformedJson = 'malformed_json',
  UnsupportedMediaType = 'unsupported_media_type',
  /** The body is larger than BODY_LIMIT_BYTES. */
  PayloadTooLarge = 'payload_too_large',
  /** Any other request the framework could not read (bad Content-Length, bad URL). */
  BadRequest = 'bad_request',
  /** Missing, expired or revoked credentials: the console signs the user out. */
  Unauthorized = 'unauthorized',
  /** Signed in but not allowed (not the owner, missing role). */
  Forbidden = 'forbidden',
  NotFound = 'not_found',
  /** The request clashes with the current state (duplicate, wrong status); retrying it unchanged will not help. */
  Conflict = 'conflict',
  /** 402: `detail` carries credits_required, credits_current and credits_shortfall. */
  InsufficientCredits = 'insufficient_credits',
  /** Rate limit hit; `Retry-After` says when to try again. */
  TooManyRequests = 'too_many_requests',
  /** An Idempotency-Key already used for a request with another method, route or body. */
  IdempotencyKeyReusedWithDifferentPayload = 'idempotency_key_reused_with_different_payload',
  /** The first request with this Idempotency-Key has not finished; retry after `Retry-After`. */
  RequestInProgress = 'request_in_progress',
  /** The first request with this Idempotency-Key succeeded but its reply was too large (or not JSON) to keep. */
  IdempotentReplyNotStored = 'idempotent_reply_not_stored',
  /** A fault on our side; `request_id` identifies it in the logs. */
  InternalError = 'internal_error',
}

/** One validation problem, FastAPI-style: `loc` is the field path, e.g. `['body', 'amount']`. */
export type ValidationIssue = TValidationIssue;

export type ErrorDetail = TErrorReply['detail'];

interface ZodLikeIssue {
  path: readonly PropertyKey[];
  message: string;
  code: string;
}

/**
 * An error whose status, code and detail are meant for the client. Anything else that reaches the
 * error handler is a fault and becomes a bare 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly detail: ErrorDetail;
  /** Extra reply headers (Retry-After, WWW-Authenticate). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly code: string,
    detail: ErrorDetail,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(typeof detail === 'string' ? detail : code, { cause: options.cause });
    this.detail = detail;
    this.headers = options.headers ?? {};
  }

  /** Fastify's own fallbacks read `statusCode`. */
  get statusCode(): number {
    return this.status;
  }
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  constructor(detail: string | ValidationIssue[], code: string = AppErrorCode.ValidationError) {
    super(422, code, detail);
  }

  /**
   * From a ZodError of a schema checked by hand (a route's own schemas need nothing: the error
   * handler maps them). A bare ZodError reaching the handler stays a 500: it may come from our own
   * data, and blaming the client for it would hide the fault.
   */
  static fromZod(
    error: { issues: readonly ZodLikeIssue[] },
    location: 'body' | 'query' | 'path' | 'header',
  ): ValidationError {
    return new ValidationError(
      error.issues.map((issue) => ({
        loc: [
          location,
          ...issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
        ],
        msg: issue.message,
        type: issue.code,
      })),
    );
  }

  /** One field wrong, e.g. `ValidationError.at(['body', 'amount'], 'must be positive')`. */
  static at(loc: ValidationIssue['loc'], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(detail: string = 'Not authenticated', code: string = AppErrorCode.Unauthorized) {
    super(401, code, detail, { headers: { 'www-authenticate': 'Bearer' } });
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(detail: string = 'Forbidden', code: string = AppErrorCode.Forbidden) {
    super(403, code, detail);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(detail: string = 'Not Found', code: string = AppErrorCode.NotFound) {
    super(404, code, detail);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(detail: ErrorDetail, code: string = AppErrorCode.Conflict, headers?: Record<string, string>) {
    super(409, code, detail, { headers });
  }
}

/**
 * 402 with the numbers the client shows, as fields of `detail`
 * (e.g. `{message, credits_required, credits_current, credits_shortfall}`).
 */
export class PaymentRequiredError extends AppError {
  override name = 'PaymentRequiredError';
  constructor(
    fields: Record<string, string | number | boolean | null>,
    options: { message?: string; code?: string } = {},
  ) {
    super(402, options.code ?? AppErrorCode.InsufficientCredits, {
      message: options.message ?? 'Insufficient credits',
      ...fields,
    });
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(
    detail: string = 'Too many requests; try again later',
    options: { retryAfterSeconds?: number; code?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(Math.max(1, Math.ceil(options.retryAfterSeconds)));
    }
    super(429, options.code ?? AppErrorCode.TooManyRequests, detail, { headers });
  }
}

/** What the error handler sends; also what tests and the console helper can expect. */
export interface ErrorReply {
  status: number;
  body: TErrorReply & { request_id?: string };
  headers: Record<string, string>;
}

// Where a fastify validation error was found -> first element of `loc` (FastAPI's names).
const LOCATION_OF_PART: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

// The framework's own 4xx errors, reworded for a client that may not know what went wrong.
const FRAMEWORK_ERRORS: Record<string, (error: FastifyError, context: ErrorContext) => ErrorReply> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    reply(400, AppErrorCode.MalformedJson, 'The request body is not valid JSON.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    reply(
      400,
      AppErrorCode.MalformedJson,
      'The request body is empty but Content-Type says application/json.',
    ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_error, { request }) =>
    reply(
      415,
      AppErrorCode.UnsupportedMediaType,
      `Content-Type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send application/json.`,
    ),
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, { bodyLimitBytes }) =>
    reply(
      413,
      AppErrorCode.PayloadTooLarge,
      `The request body is larger than the limit of ${bodyLimitBytes} bytes.`,
    ),
};

export interface ErrorContext {
  request: FastifyRequest;
  bodyLimitBytes: number;
}

function reply(
  status: number,
  code: string,
  detail: ErrorDetail,
  headers: Record<string, string> = {},
): ErrorReply {
  return { status, body: { detail, code }, headers };
}

/** 422 for text the store or PostgreSQL refused after the edge's rule let it through. */
function unstorableBodyReply(msg: string): ErrorReply {
  return reply(422, AppErrorCode.ValidationError, [{ loc: ['body'], msg, type: UNSTORABLE_TEXT_ISSUE }]);
}

/**
 * Maps anything thrown during a request to the reply the client sees. Only AppErrors and the
 * framework's 4xx errors say what happened; every other error is a fault and says nothing more
 * than its request id.
 */
export function toErrorReply(error: unknown, context: ErrorContext): ErrorReply {
  if (error instanceof AppError) return reply(error.status, error.code, error.detail, { ...error.headers });
  if (error instanceof ProjectionStuckError) {
    // Waiting would not help: the projection stopped at an event (see /readyz); operators repair it.
    const { projection } = error.stuck;
    return reply(
      503,
      'projection_stuck',
      `The ${projection} read models are stopped at an event they cannot apply; operators have been alerted. Try again later.`,
      { 'retry-after': '60' },
    );
  }
  if (error instanceof EventStoreError && error.code === 'unstorable_text') {
    // The store's own refusal (defence in depth behind the edge's text rule): nothing was written.
    const reason = error.details.reason as keyof typeof UNSTORABLE_TEXT_MESSAGES;
    return unstorableBodyReply(UNSTORABLE_TEXT_MESSAGES[reason] ?? error.message);
  }
  if (isUnstorableTextDatabaseError(error)) {
    // The safety net behind the text rule: text from the request reached SQL in a form the rule
    // could not see (e.g. inside JSON a route parsed itself). Nothing was written.
    return unstorableBodyReply(UNSTORABLE_TEXT_MESSAGES.nul);
  }
  if (
    error instanceof EventStoreError &&
    (error.code === 'event_too_large' || error.code === 'too_many_events')
  ) {
    // Within the body limit, but more than one record of the log may hold: the client must send less.
    return reply(
      413,
      AppErrorCode.PayloadTooLarge,
      `The request holds more than can be recorded at once: ${error.message}.`,
    );
  }
  if (isFencedError(error)) {
    // This process's writer was replaced and it has not noticed yet: nothing was written, and a
    // retry goes to the new writer.
    return reply(503, 'ledger_unavailable', 'The ledger writer changed; try again.', {
      'retry-after': '1',
    });
  }
  if (error instanceof ProjectionLagError) {
    // The read models are behind (a stuck or restarting projector): a retry can succeed.
    return reply(503, 'read_models_behind', 'The service is catching up; try again in a moment.', {
      'retry-after': '1',
    });
  }

  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && Array.isArray(fastifyError.validation) && !isResponseSerializationError(error)) {
    const part = fastifyError.validationContext ?? 'body';
    return reply(
      422,
      AppErrorCode.ValidationError,
      validationIssues(fastifyError as FastifyError, part, context),
    );
  }

  const statusCode = fastifyError?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const known = fastifyError?.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
    if (known) return known(fastifyError as FastifyError, context);
    // 4xx errors of fastify and its plugins (@fastify/jwt, rate-limit) are written for clients.
    return reply(statusCode, codeForStatus(statusCode), fastifyError?.message || 'Bad Request');
  }

  return {
    status: 500,
    body: {
      detail: 'Internal Server Error',
      code: AppErrorCode.InternalError,
      request_id: context.request.id,
    },
    headers: {},
  };
}

// PostgreSQL's SQLSTATEs for text it cannot hold: invalid byte sequence (a NUL in a text
// parameter) and untranslatable character (\u0000 in jsonb).
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

function isUnstorableTextDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_SQLSTATES.has(code);
}

function codeForStatus(status: number): string {
  switch (status) {
    case 401:
      return AppErrorCode.Unauthorized;
    case 403:
      return AppErrorCode.Forbidden;
    case 404:
      return AppErrorCode.NotFound;
    case 409:
      return AppErrorCode.Conflict;
    case 413:
      return AppErrorCode.PayloadTooLarge;
    case 415:
      return AppErrorCode.UnsupportedMediaType;
    case 429:
      return AppErrorCode.TooManyRequests;
    default:
      return AppErrorCode.BadRequest;
  }
}

/**
 * Turns fastify's validation errors (from the zod compiler or from Ajv) into field paths. The zod
 * compiler keeps the path only as `instancePath` (`/items/0/name`), so the path is walked through
 * the received value to tell array indexes from keys, and to tell a missing field from a wrong one.
 */
function validationIssues(error: FastifyError, part: string, { request }: ErrorContext): ValidationIssue[] {
  const received = receivedPart(request, part);
  const location = LOCATION_OF_PART[part] ?? part;
  const issues: ValidationIssue[] = [];
  for (const entry of error.validation ?? []) {
    const params = (entry.params ?? {}) as Record<string, unknown>;
    const path = resolvePath(entry.instancePath, received);
    if (entry.keyword === 'required' && typeof params.missingProperty === 'string') {
      // Ajv reports a missing property at its parent.
      issues.push({
        loc: [location, ...path.segments, params.missingProperty],
        msg: 'Field required',
        type: 'missing',
      });
    } else if (entry.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys) {
        issues.push({
          loc: [location, ...path.segments, String(key)],
          msg: 'Unknown field',
          type: 'unrecognized_key',
        });
      }
    } else if (entry.keyword === 'invalid_type' && path.missing) {
      issues.push({ loc: [location, ...path.segments], msg: 'Field required', type: 'missing' });
    } else {
      issues.push({
        loc: [location, ...path.segments],
        msg: entry.message ?? 'Invalid value',
        type: entry.keyword,
      });
    }
  }
  return issues;
}

function receivedPart(request: FastifyRequest, part: string): unknown {
  switch (part) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

function resolvePath(
  instancePath: string,
  root: unknown,
): { segments: Array<string | number>; missing: boolean } {
  const raw = instancePath.split('/').filter((segment) => segment !== '');
  const segments: Array<string | number> = [];
  let current: unknown = root;
  for (const rawSegment of raw) {
    const segment = rawSegment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      segments.push(Number(segment));
      current = current[Number(segment)];
    } else {
      segments.push(segment);
      current =
        current !== null && typeof current === 'object' && Object.hasOwn(current, segment)
          ? (current as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return { segments, missing: current === undefined };
}

/**
 * The one error handler and the 404 handler. Replies are serialised here, not by the route's
 * response schema, so an error always has the shape `{detail, code}` whatever the route declares.
 */
export function installErrorHandling(app: FastifyInstance, options: { bodyLimitBytes: number }): void {
  app.setErrorHandler((error, request, fastifyReply) => {
    const errorReply = toErrorReply(error, { request, bodyLimitBytes: options.bodyLimitBytes });
    if (errorReply.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.debug({ err: error, status: errorReply.status }, 'request rejected');
    }
    return sendError(fastifyReply, errorReply);
  });

  // A console's client-side route (GET /wallet, /admin/#/...) is not an API route: the consoles
  // module puts its index.html server here, so unknown page paths load the app while unknown API
  // paths keep their JSON 404 (and the router's own 414 for over-long parameters).
  app.decorate('servePage', undefined);
  app.setNotFoundHandler((request, fastifyReply) => {
    const servePage = (request.server as unknown as { servePage?: PageServer }).servePage;
    if (servePage && request.method === 'GET' && !isApiPath(request.url)) {
      const served = servePage(request, fastifyReply);
      if (served) return served;
    }
    return sendError(fastifyReply, { status: 404, body: { detail: 'Not Found' }, headers: {} });
  });
}

/**
 * Fastify's `frameworkErrors` (errors before routing, such as a path whose percent-escapes do not
 * decode to UTF-8 text), answered in the API's shape like every other error.
 */
export function replyToFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  fastifyReply: FastifyReply,
): void {
  const errorReply =
    error.code === 'FST_ERR_BAD_URL'
      ? reply(
          400,
          AppErrorCode.BadRequest,
          'The URL is not valid: a percent-escape does not decode to UTF-8 text.',
        )
      : toErrorReply(error, { request, bodyLimitBytes: 0 });
  void sendError(fastifyReply, errorReply);
}

/** Answers a GET for a page path with a console's index.html, or undefined when none applies. */
export type PageServer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendError(fastifyReply: FastifyReply, errorReply: ErrorReply): FastifyReply {
  return fastifyReply
    .code(errorReply.status)
    .headers(errorReply.headers)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(errorReply.body);
}
