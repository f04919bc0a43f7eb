import { CommandFailedError } from '@evalmarket/eventbus';
import { isFencedError, type CommandRequester, type CommandServer } from '@evalmarket/ledger-writer';
import type { ReadBarrier, WrittenPositions } from '../../events/read-barrier.js';
import type { LoopWriter } from './loop-writer.js';
import type { LoopProblem } from './loop-problems.js';

/*
 * The loop's writer across processes (ARCHITECTURE.md, Roles). The claim books and the ledger
 * submissions that carry the loop's events live in the process that holds the active ledger
 * writer; it serves the LoopWriter's commands as `loop.<command>` over the command transport,
 * and every other process sends them there. The commands are plain JSON and name what they act
 * on (the assignment id a claim makes comes with the command, a vote's ids derive from its
 * assignment), so a command resent to a new writer after a fail-over is that writer's duplicate:
 * the claim book it rebuilds from the log hands back the live claim, the ledger answers a posted
 * reward as a duplicate.
 */

export type LoopCommandName = keyof LoopWriter;
export const LOOP_COMMANDS: readonly LoopCommandName[] = ['claim', 'vote', 'skip', 'expire'];

/** The transport's name of a loop command. */
export function loopCommandSubject(command: LoopCommandName): string {
  return `loop.${command}`;
}

/**
 * A served command's reply: its result, and how far this writer's loop writes have gone, so the
 * caller's later reads wait for the read models to include them (read-your-writes).
 */
interface LoopReply {
  result: unknown;
  written: WrittenPositions;
}

/** The answer while nobody holds the writer, or it could not be reached before the deadline. */
export const LOOP_WRITER_UNAVAILABLE: LoopProblem = {
  status: 503,
  code: 'ledger_unavailable',
  detail: 'The evaluation loop’s writer could not be reached; try again.',
  headers: { 'retry-after': '1' },
};

/** The answer of a writer that lost its lease under the command: its successor takes it again. */
const WRITER_MOVED: LoopProblem = {
  ...LOOP_WRITER_UNAVAILABLE,
  detail: 'The evaluation loop’s writer moved to another process; try again.',
};

/** Pause before sending again when the writer that answered had just stepped down. */
const RESEND_AFTER_STEP_DOWN_MS = 100;

function isUnavailable(result: unknown): boolean {
  const problem = (result as { ok?: boolean; problem?: LoopProblem } | null)?.problem;
  return (result as { ok?: boolean } | null)?.ok === false && problem?.code === LOOP_WRITER_UNAVAILABLE.code;
}

/**
 * Serves the loop's commands with this process's writer until the result is called. A command
 * that fails because the lease moved on under it (the fenced store refused, or the ledger writer
 * stepped down) answers 'ledger_unavailable', which the sender resends to the successor.
 */
export function serveLoopCommands(
  server: CommandServer,
  parts: { writer: LoopWriter; barrier: ReadBarrier; isActive: () => boolean },
): () => void {
  const stops = LOOP_COMMANDS.map((name) =>
    server.serve(loopCommandSubject(name), async (payload): Promise<LoopReply> => {
      if (typeof payload !== 'object' || payload === null) throw new Error(`loop.${name} needs a command`);
      let result: unknown;
      try {
        result = await (parts.writer[name] as (command: unknown) => Promise<unknown>)(payload);
      } catch (error) {
        if (!isFencedError(error) && parts.isActive()) throw error;
        result = { ok: false, problem: WRITER_MOVED };
      }
      return { result, written: parts.barrier.written };
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

export interface RoutedLoopWriterOptions {
  /** This process's writer: used while this process holds the active ledger writer. */
  local: LoopWriter;
  isActive: () => boolean;
  /** How commands reach the active writer elsewhere; none in a single-process deployment. */
  transport: CommandRequester | undefined;
  /** How long a command may take, fail-overs included (LEDGER_COMMAND_DEADLINE_MS). */
  deadlineMs: number;
  /** This process's read barrier: notes the remote writer's positions for read-your-writes. */
  barrier: ReadBarrier;
}

/**
 * The loop's writer as the routes and timers see it: this process's own while it is the active
 * writer (no transport hop), else the active one's over the transport, resent through a
 * fail-over until the deadline and then answered 503 `ledger_unavailable`.
 */
export function routedLoopWriter(options: RoutedLoopWriterOptions): LoopWriter {
  const send =
    <C extends { metadata: { idempotency_key?: string } }, R>(name: LoopCommandName) =>
    (command: C): Promise<R> =>
      sendCommand(options, name, command) as Promise<R>;
  return {
    claim: send('claim'),
    vote: send('vote'),
    skip: send('skip'),
    expire: send('expire'),
  };
}

async function sendCommand(
  options: RoutedLoopWriterOptions,
  name: LoopCommandName,
  command: { metadata: { idempotency_key?: string } },
): Promise<unknown> {
  const { local, isActive, transport, barrier } = options;
  const deadline = Date.now() + options.deadlineMs;
  const unavailable = { ok: false, problem: LOOP_WRITER_UNAVAILABLE };
  for (;;) {
    if (isActive()) {
      const result = await (local[name] as (command: unknown) => Promise<unknown>)(command);
      // Stepped down under the command: its successor (perhaps in another process) takes it.
      if (!isUnavailable(result) || isActive() || Date.now() >= deadline) return result;
      continue;
    }
    if (!transport) return unavailable;
    let reply: LoopReply;
    try {
      reply = (await transport.request(loopCommandSubject(name), command, {
        deadlineMs: Math.max(1, deadline - Date.now()),
        idempotencyKey: command.metadata.idempotency_key,
      })) as LoopReply;
    } catch (error) {
      // This process may have become the writer meanwhile; a handler that threw is a failure.
      if (isActive() && Date.now() < deadline) continue;
      if (error instanceof CommandFailedError) throw error;
      return unavailable;
    }
    barrier.wroteElsewhere(reply.written);
    if (!isUnavailable(reply.result) || Date.now() >= deadline) return reply.result;
    await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_STEP_DOWN_MS));
  }
}
