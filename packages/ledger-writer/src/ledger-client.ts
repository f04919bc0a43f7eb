import type { TEventMetadata } from '@evalmarket/contracts';
import type { LedgerCommand } from '@evalmarket/ledger';
import {
  STEPPED_DOWN_MESSAGE,
  type LedgerResult,
  type LedgerSubmission,
  type LedgerWriter,
} from './ledger-writer.js';

/** The command name the active writer serves money commands under. */
export const LEDGER_SUBMIT_COMMAND = 'ledger.submit';

/** The part of a command transport (packages/eventbus) a ledger client sends with. */
export interface CommandRequester {
  request(
    name: string,
    payload: unknown,
    options: { deadlineMs: number; idempotencyKey?: string },
  ): Promise<unknown>;
}

/** The part of a command transport the active writer serves with. */
export interface CommandServer {
  serve(name: string, handler: (payload: unknown) => Promise<unknown>): () => void;
}

interface SubmitPayload {
  commands: LedgerCommand[];
  metadata?: TEventMetadata;
}

/**
 * Money commands from any process: decided in-process when this process holds the active writer,
 * else sent to it over the transport. Same shape as `LedgerWriter`'s submissions.
 */
export interface LedgerClient extends Pick<LedgerWriter, 'submit' | 'submitMany'> {
  /** This process's writer while it is the active one. */
  readonly local: LedgerWriter | undefined;
  /** Commands waiting at this process's writer (0 while it stands by). */
  readonly queueLength: number;
}

export interface LedgerClientOptions {
  /** This process's active writer, or undefined while another process has it. */
  localWriter: () => LedgerWriter | undefined;
  /** How commands reach the active writer elsewhere; none in a single-process deployment. */
  transport: CommandRequester | undefined;
  /** How long a command may take, fail-overs included. */
  deadlineMs: number;
}

/** Pause before sending again when the writer that answered had just stepped down. */
const RESEND_AFTER_STEP_DOWN_MS = 100;

function unavailable(message: string): LedgerResult {
  return { ok: false, rejection: 'ledger_unavailable', message };
}

function steppedDown(results: readonly LedgerResult[]): boolean {
  return results.some((result) => !result.ok && result.message === STEPPED_DOWN_MESSAGE);
}

export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const { localWriter, transport, deadlineMs } = options;

  /**
   * Commands carry their own ids (purchase, adjustment, transfer ids), and the ledger decides a
   * command whose id it has seen as a duplicate: so sending the same commands again (to a new
   * writer after a fail-over, or after a lost reply) has the effect of sending them once.
   */
  async function send(
    submissions: ReadonlyArray<LedgerCommand | LedgerSubmission>,
    metadata: TEventMetadata | undefined,
  ): Promise<LedgerResult[]> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const local = localWriter();
      if (local) {
        const results = await local.submitMany(submissions, metadata);
        // The writer here stepped down under these commands: they go to its successor.
        if (steppedDown(results) && Date.now() < deadline) continue;
        return results;
      }
      if (submissions.some((entry) => 'companions' in entry)) {
        // Companions are functions: they ride only with a writer in this process.
        return submissions.map(() => unavailable('The ledger writer is in another process; try again.'));
      }
      if (!transport) {
        return submissions.map(() => unavailable('No ledger writer is active; try again.'));
      }
      const payload: SubmitPayload = { commands: submissions as LedgerCommand[], metadata };
      try {
        const results = (await transport.request(LEDGER_SUBMIT_COMMAND, payload, {
          deadlineMs: Math.max(1, deadline - Date.now()),
          idempotencyKey: metadata?.idempotency_key,
        })) as LedgerResult[];
        if (steppedDown(results) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_STEP_DOWN_MS));
          continue;
        }
        return results;
      } catch {
        // This process may have become the writer meanwhile.
        if (localWriter() && Date.now() < deadline) continue;
        return submissions.map(() => unavailable('The ledger writer could not be reached; try again.'));
      }
    }
  }

  return {
    async submit(command, metadata, companions) {
      // The usual case (the writer is here) goes straight to it.
      const local = localWriter();
      if (local) {
        const result = await local.submit(command, metadata, companions);
        if (!steppedDown([result])) return result;
      }
      const entry: LedgerCommand | LedgerSubmission = companions
        ? ({ command, companions } as LedgerSubmission)
        : command;
      const [result] = await send([entry], metadata);
      return result!;
    },
    submitMany: (commands, metadata) => send(commands, metadata),
    get local() {
      return localWriter();
    },
    get queueLength() {
      return localWriter()?.queueLength ?? 0;
    },
  };
}

/** Serves money commands from other processes with this process's writer, until the result is called. */
export function serveLedgerCommands(server: CommandServer, writer: LedgerWriter): () => void {
  return server.serve(LEDGER_SUBMIT_COMMAND, async (payload) => {
    const { commands, metadata } = payload as SubmitPayload;
    if (!Array.isArray(commands)) throw new Error('ledger.submit needs a list of commands');
    return writer.submitMany(commands, metadata);
  });
}
