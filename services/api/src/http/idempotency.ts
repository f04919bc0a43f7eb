import { createHash, randomUUID } from 'node:crypto';
import type { SqlClient } from '@evalmarket/db';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { AppErrorCode, ConflictError, ValidationError } from './errors.js';

/**
 * `Idempotency-Key` on every write route (POST, PUT, PATCH, DELETE): the first request's reply is
 * kept, a true retry gets that reply again instead of running twice. Modelled on Stripe's rules:
 *
 * - the key is scoped by the caller (`request.callerId`), so two callers never share replies;
 * - a retry must be the same request (method, route, path parameters, query, body), else 409
 *   `idempotency_key_reused_with_different_payload`;
 * - a retry while the first is still running gets 409 `request_in_progress`;
 * - only requests that reached the handler are recorded: failed validation or auth is not, and a
 *   5xx, 408 or 429 reply is forgotten so the client can simply retry;
 * - replies larger than `maxStoredReplyBytes` are not kept (a retry then gets 409
 *   `idempotent_reply_not_stored`), and keys expire after `retentionMs`.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is calling, as a stable string (e.g. `user:{id}`), set by the auth hook; idempotency
     * keys are scoped by it. `'anonymous'` until an auth hook sets it.
     */
    callerId: string;
  }
  interface FastifyContextConfig {
    /** `false` turns the Idempotency-Key off for a write route that is idempotent by other means (webhooks). */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const ANONYMOUS_CALLER = 'anonymous';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const DEFAULT_MAX_STORED_REPLY_BYTES = 256 * 1024;
export const DEFAULT_IN_PROGRESS_TIMEOUT_MS = 60_000;
export const DEFAULT_IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH_ROWS = 5000;

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const ZIdempotencyKey = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  .regex(/^[\x20-\x7E]+$/, 'must be printable ASCII characters')
  .describe(
    'Makes a write safe to retry: a retry with the same key and the same request returns the first reply ' +
      `(with header ${IDEMPOTENT_REPLAYED_HEADER}: true). 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters, e.g. a UUID.`,
  );

export interface IdempotencyOptions {
  sql: SqlClient;
  /** Replies larger than this are not kept. Default 256 KiB. */
  maxStoredReplyBytes?: number;
  /**
   * A first request that has not finished after this long is presumed dead (process crash) and a
   * retry may run again. Default 60 s, above the database statement timeout.
   */
  inProgressTimeoutMs?: number;
  /** How long a finished key is remembered. Default 24 hours. */
  retentionMs?: number;
  /** How often expired keys are deleted; 0 turns the timer off (see pruneIdempotencyRecords). Default 1 hour. */
  pruneIntervalMs?: number;
}

interface Claim {
  callerId: string;
  key: string;
  token: string;
}

interface StoredRow extends Record<string, unknown> {
  request_fingerprint: string;
  completed: boolean;
  status_code: number | null;
  response_body: unknown;
  body_absent: boolean;
  reply_kept: boolean;
}

type StorableReply = { kept: true; json: string | null } | { kept: false };

/**
 * Registers the Idempotency-Key handling for every write route registered after it.
 *
 * Longer than 100 lines on purpose: its two route hooks (claim or replay before the handler,
 * record the reply on send) share each request's claim and the plugin's options.
 */
export async function idempotencyPlugin(app: FastifyInstance, options: IdempotencyOptions): Promise<void> {
  const sql = options.sql;
  const maxStoredReplyBytes = options.maxStoredReplyBytes ?? DEFAULT_MAX_STORED_REPLY_BYTES;
  const inProgressTimeoutMs = options.inProgressTimeoutMs ?? DEFAULT_IN_PROGRESS_TIMEOUT_MS;
  const retentionMs = options.retentionMs ?? DEFAULT_IDEMPOTENCY_RETENTION_MS;
  const pruneIntervalMs = options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
  const claims = new WeakMap<FastifyRequest, Claim>();

  app.decorateRequest('callerId', ANONYMOUS_CALLER);

  const claimOrReplay: preHandlerHookHandler = async function (request, reply) {
    if (!WRITE_METHODS.has(request.method)) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const parsed = ZIdempotencyKey.safeParse(header);
    if (!parsed.success) {
      throw ValidationError.at(
        ['header', IDEMPOTENCY_KEY_HEADER],
        parsed.error.issues[0]?.message ?? 'is not valid',
      );
    }
    const callerId = request.callerId || ANONYMOUS_CALLER;
    const key = parsed.data;
    const fingerprint = requestFingerprint(request);

    // Two rounds: the row we lose to may be forgotten (5xx) between our insert and our read.
    for (let round = 0; round < 2; round += 1) {
      const token = randomUUID();
      const claimed = await sql.query(
        `INSERT INTO http_idempotency (caller_id, idempotency_key, request_fingerprint, claim_token)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (caller_id, idempotency_key) DO UPDATE
           SET request_fingerprint = EXCLUDED.request_fingerprint, claim_token = EXCLUDED.claim_token,
               completed = false, status_code = NULL, response_body = NULL, reply_kept = false,
               created_at = now(), completed_at = NULL
           WHERE (http_idempotency.completed
                  AND http_idempotency.created_at < now() - $5::double precision * interval '1 millisecond')
              OR (NOT http_idempotency.completed
                  AND http_idempotency.created_at < now() - $6::double precision * interval '1 millisecond')
         RETURNING claim_token`,
        [callerId, key, fingerprint, token, retentionMs, inProgressTimeoutMs],
      );
      if (claimed.rows.length > 0) {
        claims.set(request, { callerId, key, token });
        return;
      }
      const existing = (
        await sql.query<StoredRow>(
          `SELECT request_fingerprint, completed, status_code, response_body, reply_kept,
                  response_body IS NULL AS body_absent
             FROM http_idempotency WHERE caller_id = $1 AND idempotency_key = $2`,
          [callerId, key],
        )
      ).rows[0];
      if (existing) return replayOrRefuse(existing, fingerprint, reply);
    }
    throw inProgress();
  };

  const recordReply: onSendHookHandler = async function (request, reply, payload) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    try {
      if (status >= 500 || status === 408 || status === 429) {
        await sql.query(
          `DELETE FROM http_idempotency
            WHERE caller_id = $1 AND idempotency_key = $2 AND claim_token = $3 AND NOT completed`,
          [claim.callerId, claim.key, claim.token],
        );
        return payload;
      }
      const storable = storableReply(reply, payload, maxStoredReplyBytes);
      try {
        await complete(sql, claim, status, storable);
      } catch (error) {
        // e.g. a string jsonb refuses (\u0000): remember the outcome without the reply.
        if (!storable.kept) throw error;
        request.log.warn({ err: error }, 'idempotency: reply could not be kept');
        await complete(sql, claim, status, { kept: false });
      }
    } catch (error) {
      // The handler's work is done and the client gets its reply; a retry meets the unfinished
      // claim (409 request_in_progress) until inProgressTimeoutMs has passed.
      request.log.error({ err: error }, 'idempotency: could not record the reply');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => WRITE_METHODS.has(method))) return;
    if (route.config?.idempotency === false) return;
    route.schema = withIdempotencyKeyHeader(route.schema);
    // Route-level hooks run after every instance-level one, so auth has set callerId and
    // refused strangers before a key is claimed.
    route.preHandler = [...asArray(route.preHandler), claimOrReplay];
    route.onSend = [...asArray(route.onSend), recordReply];
  });

  if (pruneIntervalMs > 0) {
    const timer = setInterval(() => {
      pruneIdempotencyRecords({ sql, olderThanMs: retentionMs }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'idempotency: pruning expired keys failed');
      });
    }, pruneIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

// Like fastify-plugin: the hooks and the request decoration apply to the whole app, not only to
// the plugin's own encapsulated context.
Object.assign(idempotencyPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'idempotency',
});

function replayOrRefuse(existing: StoredRow, fingerprint: string, reply: FastifyReply): FastifyReply {
  if (existing.request_fingerprint !== fingerprint) {
    throw new ConflictError(
      'This Idempotency-Key was already used for a different request (another method, route or body). Use a new key for a new request.',
      AppErrorCode.IdempotencyKeyReusedWithDifferentPayload,
    );
  }
  if (!existing.completed || existing.status_code === null) throw inProgress();
  if (!existing.reply_kept) {
    throw new ConflictError(
      `The first request with this Idempotency-Key already finished with status ${existing.status_code}, ` +
        'but its reply was too large to keep; read the resource instead of retrying.',
      AppErrorCode.IdempotentReplyNotStored,
    );
  }
  reply.code(existing.status_code).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (existing.body_absent) return reply.send();
  // A Buffer is sent as it is: the reply was serialised (and checked) the first time.
  return reply
    .type('application/json; charset=utf-8')
    .send(Buffer.from(JSON.stringify(existing.response_body), 'utf8'));
}

function inProgress(): ConflictError {
  return new ConflictError(
    'A request with this Idempotency-Key is still being processed; retry shortly.',
    AppErrorCode.RequestInProgress,
    { 'retry-after': '1' },
  );
}

async function complete(sql: SqlClient, claim: Claim, status: number, reply: StorableReply): Promise<void> {
  await sql.query(
    `UPDATE http_idempotency
        SET completed = true, status_code = $4, response_body = $5::jsonb, reply_kept = $6, completed_at = now()
      WHERE caller_id = $1 AND idempotency_key = $2 AND claim_token = $3 AND NOT completed`,
    [claim.callerId, claim.key, claim.token, status, reply.kept ? reply.json : null, reply.kept],
  );
}

/** The reply as JSON text when it can be kept: empty, or JSON no larger than the limit. */
function storableReply(reply: FastifyReply, payload: unknown, maxBytes: number): StorableReply {
  if (payload === undefined || payload === null || payload === '') return { kept: true, json: null };
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return { kept: false };
  const contentType = String(reply.getHeader('content-type') ?? '');
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)) return { kept: false };
  const size = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  if (size > maxBytes) return { kept: false };
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  try {
    JSON.parse(text);
  } catch {
    return { kept: false };
  }
  return { kept: true, json: text };
}

/**
 * sha256 over what makes two requests "the same": method, route, path parameters, query and the
 * validated body, with object keys sorted so key order does not matter.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const subject = canonicalJson([
    request.method,
    request.routeOptions.url ?? request.url,
    request.params ?? null,
    request.query ?? null,
    request.body ?? null,
  ]);
  return createHash('sha256').update(subject).digest('hex');
}

/** JSON with object keys sorted; `toJSON` is honoured, bigints are written as strings. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return sortKeys(withJson.toJSON());
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function') sorted[key] = sortKeys(item);
  }
  return sorted;
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Adds the optional header to the route's zod header schema, so it is validated and documented. */
function withIdempotencyKeyHeader(schema: FastifySchema | undefined): FastifySchema {
  const header = { [IDEMPOTENCY_KEY_HEADER]: ZIdempotencyKey.optional() };
  const headers = schema?.headers;
  if (headers === undefined) {
    // Loose: every other header is allowed, in the OpenAPI document too.
    return { ...schema, headers: z.looseObject(header) };
  }
  if (headers instanceof z.ZodObject) return { ...schema, headers: headers.extend(header) };
  return schema ?? {};
}

/** Deletes keys older than `olderThanMs`, in bounded batches. Returns how many were deleted. */
export async function pruneIdempotencyRecords(options: {
  sql: SqlClient;
  olderThanMs: number;
}): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await options.sql.query(
      `DELETE FROM http_idempotency
        WHERE (caller_id, idempotency_key) IN (
          SELECT caller_id, idempotency_key FROM http_idempotency
           WHERE created_at < now() - $1::double precision * interval '1 millisecond'
           ORDER BY created_at LIMIT $2)`,
      [options.olderThanMs, PRUNE_BATCH_ROWS],
    );
    deleted += result.rowCount;
    if (result.rowCount < PRUNE_BATCH_ROWS) return deleted;
  }
}
