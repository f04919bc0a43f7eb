import { ZLedgerEventData, ZStreamId, type TLedgerEvent } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkInvariants,
  createLedgerState,
  decide,
  evolve,
  ledgerEventDataJson,
  type DecidedLedgerEvent,
  type LedgerCommand,
  type LedgerState,
} from '../src/index.js';
import { AuditorModel, type ModelOutcome } from './support/auditor-model.js';
import { T0_MS, adjustCredits, openAccounts, purchaseCredits } from './support/builders.js';
import { stepArbitrary, type Step } from './support/command-arbitraries.js';

/** Everything one run produced, for the checks after each step and at the end. */
interface Run {
  live: LedgerState;
  model: AuditorModel;
  nowMs: number;
  sent: LedgerCommand[];
  /** Commands that were applied or found duplicate: a retry of any of them must add nothing. */
  accepted: LedgerCommand[];
  log: TLedgerEvent[];
  streamLengths: Map<string, number>;
  postingKeys: Set<string>;
}

function startRun(): Run {
  return {
    live: createLedgerState(),
    model: new AuditorModel(),
    nowMs: T0_MS,
    sent: [],
    accepted: [],
    log: [],
    streamLengths: new Map(),
    postingKeys: new Set(),
  };
}

function outcomeOf(decision: ReturnType<typeof decide>): ModelOutcome {
  if (!decision.ok) return { kind: 'rejected', rejection: decision.rejection };
  if (decision.duplicate) return { kind: 'duplicate' };
  const released = decision.events
    .filter((decided) => decided.event.type === 'RewardReleased' && decided.event.data.reason === 'expired')
    .map((decided) => (decided.event.data as { transfer_id: string }).transfer_id);
  return { kind: 'applied', released };
}

/** The event is what the contracts promise, on a valid stream, at the version the store would have. */
function checkAppend(run: Run, decided: DecidedLedgerEvent): void {
  expect(ZStreamId.safeParse(decided.stream_id).success, decided.stream_id).toBe(true);
  const parsed = ZLedgerEventData[decided.event.type].safeParse(decided.event.data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  const length = run.streamLengths.get(decided.stream_id) ?? 0;
  expect(decided.expected_version).toBe(length === 0 ? 'no_stream' : length);
  run.streamLengths.set(decided.stream_id, length + 1);
  // The writer stores this text: it must read back as exactly the event's data.
  expect(JSON.parse(ledgerEventDataJson(decided.event))).toEqual(
    JSON.parse(JSON.stringify(decided.event.data)),
  );
  // Invariant 3 on the log itself: no money movement is ever recorded twice.
  for (const posting of decided.event.data.postings) {
    const key = `${posting.transfer_id}|${posting.code}|${posting.phase}`;
    expect(run.postingKeys.has(key), `posting ${key} recorded twice`).toBe(false);
    run.postingKeys.add(key);
  }
}

function step(run: Run, command: LedgerCommand): void {
  run.sent.push(command);
  const before = structuredClone(run.live);
  const decision = decide(run.live, command, { now: run.nowMs });
  expect(run.live, 'decide must not change the state').toEqual(before);

  const expected = run.model.run(command as { type: string; data: Record<string, unknown> }, run.nowMs);
  expect(outcomeOf(decision), JSON.stringify({ command, decision })).toEqual(expected);
  if (decision.ok && decision.duplicate) expect(decision.events).toEqual([]);

  if (decision.ok) {
    run.accepted.push(command);
    for (const decided of decision.events) {
      checkAppend(run, decided);
      evolve(run.live, decided.event);
      run.log.push(decided.event);
    }
  }

  // Every account, every counter, after every step: the live books equal the model's.
  expect(new Set(run.live.accounts.keys())).toEqual(new Set(run.model.books.keys()));
  for (const [accountId, account] of run.live.accounts) {
    const { account_id, ...counters } = account;
    expect(account_id).toBe(accountId);
    expect(counters, accountId).toEqual(run.model.books.get(accountId));
  }
  // Invariants 1 and 2, checked by the package and, independently, on the model's books.
  expect(checkInvariants(run.live)).toEqual([]);
  expect(run.model.problems()).toEqual([]);
}

function play(steps: readonly Step[]): Run {
  const run = startRun();
  // Two people with money to spend and to cash out, so most runs get past the account checks.
  for (const command of [
    openAccounts('u1'),
    openAccounts('u2'),
    purchaseCredits({ purchase_id: 'seed', user_id: 'u1', amount_usd: 50 }),
    adjustCredits({ adjustment_id: 'seed', user_id: 'u2', context: 'earning', amount_credits: 5_000 }),
  ]) {
    step(run, command);
  }
  for (const next of steps) {
    switch (next.kind) {
      case 'tick':
        run.nowMs += next.ms;
        break;
      case 'retry': {
        const earlier = run.sent[run.sent.length - 1 - (next.back % run.sent.length)];
        if (earlier !== undefined) step(run, earlier);
        break;
      }
      case 'command':
        step(run, next.command);
        break;
      default: {
        const unknownStep: never = next;
        throw new Error(`unknown step ${JSON.stringify(unknownStep)}`);
      }
    }
  }
  return run;
}

describe('the ledger against an independent auditor model', () => {
  it('agrees with the model after every step and keeps the four invariants', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 60 }), (steps) => {
        const run = play(steps);
        // Invariant 4: a from-scratch replay of the log, as stored (JSON), equals the live state.
        const replayed = createLedgerState();
        for (const event of JSON.parse(JSON.stringify(run.log)) as TLedgerEvent[]) evolve(replayed, event);
        expect(replayed).toEqual(run.live);
      }),
      { numRuns: 200 },
    );
  });

  it('adds nothing when every accepted command is sent again (each money event applied exactly once)', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 60 }), (steps) => {
        const run = play(steps);
        const settled = structuredClone(run.live);
        // ExpireRewards has no natural id: it is a sweep, not a retryable fact.
        const retryable = run.accepted.filter((command) => command.type !== 'ExpireRewards');
        for (const command of retryable) {
          expect(decide(run.live, command, { now: run.nowMs }), JSON.stringify(command)).toEqual({
            ok: true,
            duplicate: true,
            events: [],
          });
        }
        expect(run.live).toEqual(settled);
      }),
      { numRuns: 100 },
    );
  });
});
