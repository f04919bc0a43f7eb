import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { EventBusLogger } from './event-bus.js';
import { connectWithRetry } from './jetstream-bus.js';

/** What a command's handler is told besides its payload. */
export interface CommandContext {
  /** The originating request's idempotency key, when it had one (same on every retry). */
  idempotencyKey: string | undefined;
}

export type CommandHandler = (payload: unknown, context: CommandContext) => Promise<unknown>;

export interface CommandRequestOptions {
  /** When the caller stops waiting, retries included (ms from now). */
  deadlineMs: number;
  idempotencyKey?: string;
}

/** Commands whose handler runs in whichever process serves them now (the active writer). */
export interface CommandTransport {
  /**
   * Serves the named command here until the returned function is called. Several processes may
   * serve one name; each request goes to one of them.
   */
  serve(name: string, handler: CommandHandler): () => void;
  /**
   * Sends a command and resolves with its handler's result. While nobody serves it (a fail-over)
   * or a reply does not come, it is sent again, the same payload, until the deadline; then it
   * rejects with CommandUnavailableError. A handler that threw rejects with CommandFailedError.
   * So a handler must give a resent command the effect of one (the ledger's ids do).
   */
  request(name: string, payload: unknown, options: CommandRequestOptions): Promise<unknown>;
  close(): Promise<void>;
}

export class CommandUnavailableError extends Error {
  constructor(name: string, attempts: number, cause: unknown) {
    super(`Nobody answered command ${name} before its deadline (${attempts} attempts)`, { cause });
    this.name = 'CommandUnavailableError';
  }
}

export class CommandFailedError extends Error {
  constructor(name: string, message: string) {
    super(`Command ${name} failed: ${message}`);
    this.name = 'CommandFailedError';
  }
}

type Envelope = { idempotency_key?: string; payload: unknown };
type Reply = { ok: true; result: unknown } | { ok: false; error: string };

/** Longest wait for one attempt's reply; the deadline bounds them all. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** Pause before sending again after no answer. */
const RESEND_AFTER_MS = 100;
/** One queue group: a request reaches one of the processes serving the name. */
const QUEUE_GROUP = 'evalmarket-command-handlers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface NatsCommandTransportOptions {
  natsUrl: string | string[];
  /**
   * This deployment's subject prefix (NATS_SUBJECT_PREFIX). Commands go to
   * `{subjectPrefix}_commands.{name}`: beside the event stream's `{subjectPrefix}.>`, not under
   * it, or JetStream would store each command and answer it with its own acknowledgement.
   */
  subjectPrefix: string;
  logger: EventBusLogger;
  connectTimeoutMs?: number;
}

/** Command transport over NATS core request/reply, on a connection of its own. */
export async function createNatsCommandTransport(
  options: NatsCommandTransportOptions,
): Promise<CommandTransport> {
  const nc = await connectWithRetry({
    servers: options.natsUrl,
    name: 'evalmarket-commands',
    timeoutMs: options.connectTimeoutMs ?? 30_000,
    logger: options.logger,
  });
  return natsCommandTransport(nc, options.subjectPrefix, options.logger, () => nc.drain());
}

/** The transport on an open connection; `close` is how it lets go of it. */
export function natsCommandTransport(
  nc: NatsConnection,
  subjectPrefix: string,
  logger: EventBusLogger,
  close: () => Promise<void>,
): CommandTransport {
  const subjectOf = (name: string) => `${subjectPrefix}_commands.${name}`;
  return {
    serve(name, handler) {
      const subscription: Subscription = nc.subscribe(subjectOf(name), {
        queue: QUEUE_GROUP,
        callback: (error, message) => {
          if (error) {
            logger.error({ err: error, command: name }, 'command subscription failed');
            return;
          }
          void (async () => {
            let reply: Reply;
            try {
              const envelope = JSON.parse(decoder.decode(message.data)) as Envelope;
              const result = await handler(envelope.payload, { idempotencyKey: envelope.idempotency_key });
              reply = { ok: true, result };
            } catch (handlerError) {
              logger.error({ err: handlerError, command: name }, 'command handler failed');
              reply = { ok: false, error: handlerError instanceof Error ? handlerError.message : 'failed' };
            }
            message.respond(encoder.encode(JSON.stringify(reply)));
          })();
        },
      });
      return () => subscription.unsubscribe();
    },
    async request(name, payload, requestOptions) {
      const deadline = Date.now() + requestOptions.deadlineMs;
      const data = encoder.encode(
        JSON.stringify({ idempotency_key: requestOptions.idempotencyKey, payload } satisfies Envelope),
      );
      let lastError: unknown;
      for (let attempt = 1; ; attempt += 1) {
        const timeout = Math.min(ATTEMPT_TIMEOUT_MS, deadline - Date.now());
        if (timeout <= 0) throw new CommandUnavailableError(name, attempt - 1, lastError);
        try {
          const message = await nc.request(subjectOf(name), data, { timeout });
          const reply = parseReply(message.data);
          if (!reply) throw new CommandFailedError(name, 'the reply is not a command reply');
          if (!reply.ok) throw new CommandFailedError(name, reply.error);
          return reply.result;
        } catch (error) {
          if (error instanceof CommandFailedError) throw error;
          // No responders (nobody serves it now) or no reply in time: send it again.
          lastError = error;
          const pause = Math.min(RESEND_AFTER_MS, deadline - Date.now());
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    },
    close,
  };
}

function parseReply(data: Uint8Array): Reply | undefined {
  try {
    const reply = JSON.parse(decoder.decode(data)) as Partial<Reply> | null;
    if (reply?.ok === true && 'result' in reply) return reply as Reply;
    if (reply?.ok === false && typeof reply.error === 'string') return reply as Reply;
  } catch {
    // not JSON
  }
  return undefined;
}
