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
