import type { SqlClient } from '@evalmarket/db';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AppConfig } from '../config/config.js';
import { installErrorHandling, replyToFrameworkError } from '../http/errors.js';
import { idempotencyPlugin, type IdempotencyOptions } from '../http/idempotency.js';
import { registerOpenApi } from '../http/openapi/register-openapi.js';
import { registerRateLimits } from '../http/rate-limit.js';
import { REQUEST_ID_HEADER, requestIdFor } from '../http/request-id.js';
import type { TProjectionStatus } from '@evalmarket/contracts';
import { installStorableTextRule } from '../http/storable-text.js';
import { registerHealthRoutes, type ReadinessCheck } from './health-routes.js';
import { createLogger } from './logger.js';
import { AppMetrics, registerMetrics } from './metrics.js';
import { registerSecurityHeaders, type PaymentsSources } from './security-headers.js';

/** The app as routes see it: zod schemas give typed params, body, query and replies. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: AppConfig;
  sql: SqlClient;
  /** A pino logger; by default one at `config.logLevel` with credentials redacted (see createLogger). */
  logger?: FastifyBaseLogger;
  /** Extra checks for GET /readyz besides the database, by name. */
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Projection statuses for GET /readyz (a stuck projection makes the process not ready). */
  projections?: () => Promise<TProjectionStatus[]>;
  /** The process's metrics, served at GET /metrics; a fresh set by default. */
  metrics?: AppMetrics;
  /** Overrides of the Idempotency-Key limits (tests use short timeouts). */
  idempotency?: Omit<IdempotencyOptions, 'sql'>;
  /** How the user console pays, for its Content-Security-Policy (absent: no payment sources). */
  payments?: () => Promise<PaymentsSources>;
  /** Adds the domain plugins; runs after the framework pieces, so every route gets them. */
  register?: (app: App) => Promise<void>;
}

const PROBE_URL = /^\/(?:healthz|readyz|metrics)(?:\?|$)/;

export const API_TITLE = 'Evalmarket API';
export const API_VERSION = '1.0.0';

/**
 * The HTTP app without its domain: logging with request ids, zod validation and serialisation,
 * the error handler, Idempotency-Key on writes, OpenAPI at /docs, /healthz and /readyz. It does
 * not listen and does not own `sql` (the caller closes it after `app.close()`).
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, sql } = options;
  const fastify = Fastify({
    loggerInstance: options.logger ?? createLogger({ level: config.logLevel }),
    genReqId: requestIdFor,
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      // Probes arrive every few seconds; their failures are still logged by the readiness route.
      disableRequestLogging: (request) => PROBE_URL.test(request.url),
    }),
    bodyLimit: config.bodyLimitBytes,
    frameworkErrors: replyToFrameworkError,
    // Behind N proxies the client address is the N-th from the right of X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // The spec's routes end in a slash (/api/v1/profile/, /api/v1/wallet/); both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text/plain body gets 415 instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain');
  // An empty body labelled JSON counts as no body (react-admin's DELETE sends exactly that), so a
  // route without a body works and a route that needs one answers 422 `loc: ['body']`.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) done(null, undefined);
    else parseJson(request, text, done);
  });
  installErrorHandling(app, { bodyLimitBytes: config.bodyLimitBytes });
  installStorableTextRule(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  await registerSecurityHeaders(app, { config, payments: options.payments });
  await registerRateLimits(app, { sql, limits: config.rateLimits });

  await registerOpenApi(app, { title: API_TITLE, version: API_VERSION, serverUrl: config.publicUrl });
  await app.register(idempotencyPlugin, { ...options.idempotency, sql });

  registerHealthRoutes(app, { sql, checks: options.readinessChecks, projections: options.projections });
  registerMetrics(app, {
    metrics: options.metrics ?? new AppMetrics(),
    token: config.metricsToken,
    production: config.nodeEnv === 'production',
  });

  if (options.register) await options.register(app);
  return app;
}
