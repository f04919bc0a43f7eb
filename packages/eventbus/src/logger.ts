import type { EventBusLogger } from './event-bus.js';

/** Used when no logger is given: problems still reach stderr, routine news stays quiet. */
export const consoleLogger: EventBusLogger = {
  info: () => undefined,
  warn: (fields, message) => console.warn(`[eventbus] ${message}`, fields),
  error: (fields, message) => console.error(`[eventbus] ${message}`, fields),
};
