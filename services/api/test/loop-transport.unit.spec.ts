import {
  CommandFailedError,
  CommandUnavailableError,
  type CommandHandler,
  type CommandTransport,
} from '@evalmarket/eventbus';
import type { Projector } from '@evalmarket/projector';
import { describe, expect, it } from 'vitest';
import { ReadBarrier } from '../src/events/read-barrier.js';
import type { ClaimCommand, ClaimResult, LoopWriter } from '../src/evaluations/loop/loop-writer.js';
import {
  LOOP_WRITER_UNAVAILABLE,
  routedLoopWriter,
  serveLoopCommands,
} from '../src/evaluations/loop/loop-transport.js';

/** A command transport in memory: requests wait (until their deadline) for someone to serve. */
function memoryTransport(): CommandTransport & { requests: number } {
  const handlers = new Map<string, CommandHandler>();
  const transport = {
    requests: 0,
    serve(name: string, handler: CommandHandler) {
      handlers.set(name, handler);
      return () => {
        if (handlers.get(name) === handler) handlers.delete(name);
      };
    },
    async request(name: string, payload: unknown, options: { deadlineMs: number; idempotencyKey?: string }) {
      transport.requests += 1;
      const deadline = Date.now() + options.deadlineMs;
      for (let attempt = 1; ; attempt += 1) {
        const handler = handlers.get(name);
        // Plain JSON across the seam, as over NATS.
        if (handler) {
          let result: unknown;
          try {
            result = await handler(JSON.parse(JSON.stringify(payload)), {
              idempotencyKey: options.idempotencyKey,
            });
          } catch (error) {
            throw new CommandFailedError(name, (error as Error).message);
          }
          return JSON.parse(JSON.stringify(result)) as unknown;
        }
        if (Date.now() >= deadline) throw new CommandUnavailableError(name, attempt, undefined);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: async () => undefined,
  };
  return transport;
}

function barrierAt(position: number): ReadBarrier {
  const projector = { position, stuck: false, waitFor: async () => undefined } as unknown as Projector;
  return new ReadBarrier({ domain: projector, wallet: projector });
}

const claimed = (assignmentId: string): ClaimResult => ({
  ok: true,
  assignment: {
    assignment_id: assignmentId,
    evaluation_id: 'e',
    item_id: 'i',
    reward_credits: 5,
    tier: 'community',
    expires_at: '2026-11-25T16:00:00.000Z',
    instructions: null,
  },
});

/** A loop writer whose claims answer `claim(command)`, counting what it was asked. */
function fakeWriter(claim: (command: ClaimCommand) => Promise<ClaimResult>): LoopWriter & { calls: number } {
  const writer = {
    calls: 0,
    claim: async (command: ClaimCommand) => {
      writer.calls += 1;
      return claim(command);
    },
    vote: () => Promise.reject(new Error('not in this test')),
    skip: () => Promise.reject(new Error('not in this test')),
    expire: () => Promise.reject(new Error('not in this test')),
  };
  return writer;
}

const command: ClaimCommand = {
  evaluation_id: 'e',
  evaluator_id: 'u',
  assignment_id: '0b4c0f7e-1f3a-4d5e-9a6b-7c8d9e0f1a2b',
  now: '2026-11-25T15:00:00.000Z',
  metadata: { idempotency_key: 'k-1' },
};

/** The routed writer of a process that stands by (its own writer must not be asked). */
function standbyWriter(transport: CommandTransport | undefined, deadlineMs: number, barrier = barrierAt(0)) {
  return routedLoopWriter({
    local: fakeWriter(() => Promise.reject(new Error('not the writer'))),
    isActive: () => false,
    transport,
    deadlineMs,
    barrier,
  });
}

describe('the loop writer over the command transport', () => {
  it('decides in this process while it is the active writer, with no transport hop', async () => {
    const transport = memoryTransport();
    const local = fakeWriter(async (sent) => claimed(sent.assignment_id));
    const writer = routedLoopWriter({
      local,
      isActive: () => true,
      transport,
      deadlineMs: 1_000,
      barrier: barrierAt(0),
    });
    expect(await writer.claim(command)).toEqual(claimed(command.assignment_id));
    expect(local.calls).toBe(1);
    expect(transport.requests).toBe(0);
  });

  it('sends to the active writer elsewhere and notes its writes for read-your-writes here', async () => {
    const transport = memoryTransport();
    const remoteBarrier = barrierAt(0);
    const remote = fakeWriter(async (sent) => {
      remoteBarrier.walletWrote(41);
      remoteBarrier.domainWrote(42);
      return claimed(sent.assignment_id);
    });
    serveLoopCommands(transport, { writer: remote, barrier: remoteBarrier, isActive: () => true });
    const here = barrierAt(0);
    const writer = standbyWriter(transport, 1_000, here);
    expect(await writer.claim(command)).toEqual(claimed(command.assignment_id));
    expect(remote.calls).toBe(1);
    expect(here.written).toEqual({ domain: 42, wallet: 41 });
    expect(here.behind).toBe(true);
  });

  it('resends a command whose writer was deposed under it to the successor, which answers it', async () => {
    const transport = memoryTransport();
    let deposedActive = true;
    let stopDeposed = () => undefined as void;
    const deposed = fakeWriter(async () => {
      // The lease moved on: the fenced store refuses this writer's commit.
      deposedActive = false;
      stopDeposed();
      throw new Error('the ledger writer was fenced off');
    });
    stopDeposed = serveLoopCommands(transport, {
      writer: deposed,
      barrier: barrierAt(0),
      isActive: () => deposedActive,
    });
    const successor = fakeWriter(async (sent) => claimed(sent.assignment_id));
    setTimeout(
      () => serveLoopCommands(transport, { writer: successor, barrier: barrierAt(0), isActive: () => true }),
      30,
    );
    const writer = standbyWriter(transport, 2_000);
    expect(await writer.claim(command)).toEqual(claimed(command.assignment_id));
    expect(deposed.calls).toBe(1);
    expect(successor.calls).toBe(1);
  });

  it('answers 503 ledger_unavailable once the deadline passes with nobody serving', async () => {
    const writer = standbyWriter(memoryTransport(), 50);
    expect(await writer.claim(command)).toEqual({ ok: false, problem: LOOP_WRITER_UNAVAILABLE });
    expect(LOOP_WRITER_UNAVAILABLE).toMatchObject({ status: 503, code: 'ledger_unavailable' });
    const single = standbyWriter(undefined, 50);
    expect(await single.claim(command)).toEqual({ ok: false, problem: LOOP_WRITER_UNAVAILABLE });
  });

  it('fails a command whose handler threw for another reason, rather than resending it', async () => {
    const transport = memoryTransport();
    const broken = fakeWriter(() => Promise.reject(new Error('a bug')));
    serveLoopCommands(transport, { writer: broken, barrier: barrierAt(0), isActive: () => true });
    const writer = standbyWriter(transport, 1_000);
    await expect(writer.claim(command)).rejects.toThrow('a bug');
    expect(broken.calls).toBe(1);
  });
});
