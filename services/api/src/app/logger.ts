import { pino, type DestinationStream, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';
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

/** Paths whose last segment is a credential (the email-change link's token). */
const SECRET_PATH_SEGMENT = /^(\/api\/v1\/auth\/verify-email-change\/)[^/?#]+/i;

/** The URL with credentials (query values named above, token path segments) replaced by `[Redacted]`. */
export function redactUrl(url: string): string {
  const redacted = url.replace(SECRET_PATH_SEGMENT, '$1[Redacted]');
  const queryAt = redacted.indexOf('?');
  if (queryAt === -1) return redacted;
  const pairs = redacted
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
  return `${redacted.slice(0, queryAt)}?${pairs.join('&')}`;
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
  /**
   * Coloured one-line entries for a person at a terminal (development) instead of JSON lines.
   * Written synchronously, so they stay in order with what the process prints itself.
   */
  pretty?: boolean;
}

/** Development on a terminal: people read the log there; everywhere else machines do. */
export function wantsPrettyLogs(nodeEnv: string): boolean {
  return nodeEnv === 'development' && process.stdout.isTTY === true;
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty)
    return pino(
      settings,
      PinoPretty({
        colorize: true,
        sync: true,
        singleLine: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname',
      }),
    );
  return pino(settings);
}
