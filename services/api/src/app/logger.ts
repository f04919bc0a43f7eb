import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/config.js';

/**
 * Credentials that must never reach a log line, wherever a request's headers get logged
 * (fastify's own request serializer leaves headers out; this covers anyone logging them).
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'request.headers.authorization',
  'request.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
];

/**
 * Query parameters that carry credentials: export download links (`token`), sign-in and
 * email-change links (`token`), and bearer tokens some clients put in the URL (`access_token`,
 * refused by the API but still logged as requested). Matched on the decoded name.
 */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'access_token', 'refresh_token', 'code', 'api_key']);

/** The URL with the values of credential query parameters replaced by `[Redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_QUERY_PARAMETERS.has(name.trim().toLowerCase()) ? `${rawName}=[Redacted]` : pair;
    });
  return `${url.slice(0, queryAt)}?${pairs.join('&')}`;
}

/** Fastify's request serializer with the URL's credentials redacted (see redactUrl). */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface CreateLoggerOptions {
  level: LogLevel;
  /** Where lines go; standard output when absent (tests pass a stream to read them). */
  destination?: DestinationStream;
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
