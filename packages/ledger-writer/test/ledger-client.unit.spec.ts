import type { LedgerCommand } from '@evalmarket/ledger';
import { describe, expect, it } from 'vitest';
import {
  createLedgerClient,
  LEDGER_SUBMIT_COMMAND,
  STEPPED_DOWN_MESSAGE,
  type CommandRequester,
  type LedgerResult,
  type LedgerWriter,
} from '../src/index.js';

const open: LedgerCommand = { type: 'OpenUserAccounts', data: { user_id: 'u1' } };
const landed: LedgerResult = { ok: true, duplicate: false, events: [] };
const steppedDown: LedgerResult = {
  ok: false,
  rejection: 'ledger_unavailable',
  message: STEPPED_DOWN_MESSAGE,
};

/** A writer that answers every command with `answer` and counts them. */
function fakeWriter(answer: LedgerResult) {
  const seen: LedgerCommand[] = [];
  const writer = {
    submit: async (command: LedgerCommand) => {
      seen.push(command);
      return answer;
    },
    submitMany: async (commands: LedgerCommand[]) => {
      seen.push(...commands);
      return commands.map(() => answer);
    },
    queueLength: 3,
  } as unknown as LedgerWriter;
  return { writer, seen };
}

/** A transport whose replies come from `replies` in turn (an Error is thrown). */
function fakeTransport(replies: Array<LedgerResult[] | Error>) {
  const sent: Array<{ name: string; payload: unknown; idempotencyKey?: string }> = [];
  const transport: CommandRequester = {
    async request(name, payload, options) {
      sent.push({ name, payload, idempotencyKey: options.idempotencyKey });
      const reply = replies.shift() ?? new Error('no responders');
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
  return { transport, sent };
}

describe('ledger client', () => {
  it('decides in-process while this process holds the writer', async () => {
    const local = fakeWriter(landed);
    const remote = fakeTransport([]);
    const client = createLedgerClient({
      localWriter: () => local.writer,
      transport: remote.transport,
      deadlineMs: 1_000,
    });
    expect(await client.submit(open)).toEqual(landed);
    expect(local.seen).toEqual([open]);
    expect(remote.sent).toEqual([]);
    expect(client.queueLength).toBe(3);
  });

  it('sends the commands to the active writer elsewhere, with the idempotency key', async () => {
    const remote = fakeTransport([[landed, landed]]);
    const client = createLedgerClient({
      localWriter: () => undefined,
      transport: remote.transport,
      deadlineMs: 1_000,
    });
    expect(await client.submitMany([open, open], { idempotency_key: 'k1' })).toEqual([landed, landed]);
    expect(remote.sent).toEqual([
      {
        name: LEDGER_SUBMIT_COMMAND,
        payload: { commands: [open, open], metadata: { idempotency_key: 'k1' } },
        idempotencyKey: 'k1',
      },
    ]);
    expect(client.queueLength).toBe(0);
  });

  it('sends again, the same commands, when the writer that answered had just stepped down', async () => {
    const remote = fakeTransport([[steppedDown], [landed]]);
    const client = createLedgerClient({
      localWriter: () => undefined,
      transport: remote.transport,
      deadlineMs: 5_000,
    });
    expect(await client.submit(open)).toEqual(landed);
    expect(remote.sent.map((sent) => sent.payload)).toEqual([{ commands: [open] }, { commands: [open] }]);
  });

  it('goes to the successor when the writer here steps down under the command', async () => {
    let local: LedgerWriter | undefined = fakeWriter(steppedDown).writer;
    const remote = fakeTransport([[landed]]);
    const client = createLedgerClient({
      localWriter: () => {
        const current = local;
        local = undefined;
        return current;
      },
      transport: remote.transport,
      deadlineMs: 5_000,
    });
    expect(await client.submit(open)).toEqual(landed);
    expect(remote.sent).toHaveLength(1);
  });

  it('answers ledger_unavailable when no writer can be reached, and never sends companions away', async () => {
    const lonely = createLedgerClient({
      localWriter: () => undefined,
      transport: undefined,
      deadlineMs: 1_000,
    });
    expect(await lonely.submit(open)).toMatchObject({ ok: false, rejection: 'ledger_unavailable' });

    const remote = fakeTransport([new Error('no responders'), new Error('timeout')]);
    const client = createLedgerClient({
      localWriter: () => undefined,
      transport: remote.transport,
      deadlineMs: 50,
    });
    expect(await client.submit(open)).toMatchObject({
      ok: false,
      rejection: 'ledger_unavailable',
      message: 'The ledger writer could not be reached; try again.',
    });
    const reserve = {
      type: 'ReserveReward',
      data: { transfer_id: 't1', requester_id: 'r', evaluator_id: 'e', credits: 1, timeout_ms: 1_000 },
    } as const;
    const before = remote.sent.length;
    expect(await client.submit(reserve, undefined, () => [])).toMatchObject({
      ok: false,
      message: 'The ledger writer is in another process; try again.',
    });
    expect(remote.sent).toHaveLength(before);
  });
});
