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

export interface CreateLoggerOptions {
  level: LogLevel;
  /** Where lines go; standard output when absent (tests pass a stream to read them). */
  destination?: DestinationStream;
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[Redacted]' },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
