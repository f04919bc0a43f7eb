import type { TLedgerEvent } from '@evalmarket/contracts';
import { expect } from 'vitest';
import {
  createLedgerState,
  decide,
  evolve,
  LEDGER_REJECTIONS,
  type DecidedLedgerEvent,
  type Decision,
  type LedgerCommand,
  type LedgerRejection,
  type LedgerState,
} from '../../src/index.js';
import { T0_MS } from './builders.js';

/** A past command, decided at `at_ms` (T0 unless given). It must be accepted. */
export type HistoryEntry = LedgerCommand | { command: LedgerCommand; at_ms: number };

/**
 * Emmett-style given / when / then for the ledger: `given` replays history through
 * decide + evolve, `when` decides one command and checks that deciding changed nothing.
 */
export function given(...history: HistoryEntry[]) {
  const state = createLedgerState();
  for (const entry of history) {
    const command = 'command' in entry ? entry.command : entry;
    const atMs = 'command' in entry ? entry.at_ms : T0_MS;
    const decision = decide(state, command, { now: atMs });
    if (!decision.ok) throw new Error(`given: ${command.type} was refused: ${decision.message}`);
    for (const decided of decision.events) evolve(state, decided.event);
  }
  return {
    state,
    when(command: LedgerCommand, nowMs: number = T0_MS) {
      const before = structuredClone(state);
      const decision = decide(state, command, { now: nowMs });
      expect(state, 'decide must not change the state').toEqual(before);
      return outcome(state, decision);
    },
  };
}

function outcome(state: LedgerState, decision: Decision) {
  return {
    decision,
    state,
    /** Accepted with exactly these events (stream, expected version, type and data). */
    then(expected: DecidedLedgerEvent[]): LedgerState {
      expect(decision).toEqual({ ok: true, duplicate: false, events: expected });
      if (decision.ok) for (const decided of decision.events) evolve(state, decided.event);
      return state;
    },
    thenEvents(): TLedgerEvent[] {
      if (!decision.ok)
        throw new Error(`expected acceptance, got ${decision.rejection}: ${decision.message}`);
      for (const decided of decision.events) evolve(state, decided.event);
      return decision.events.map((decided) => decided.event);
    },
    thenRejects(rejection: LedgerRejection): void {
      expect(decision).toMatchObject({ ok: false, rejection });
      if (!decision.ok) expect(decision.message.length).toBeGreaterThan(0);
    },
    thenDuplicate(): void {
      expect(decision).toEqual({ ok: true, duplicate: true, events: [] });
    },
  };
}

/** A table row: one rejection, the history that sets it up and the command that hits it. */
export interface RejectionRow {
  rejection: LedgerRejection;
  case: string;
  given: HistoryEntry[];
  when: LedgerCommand;
  now_ms?: number;
}

/** Table rows must follow the documented checking order, so a reader can check it against the docs. */
export function expectCheckingOrder(rows: readonly RejectionRow[]): void {
  const ranks = rows.map((row) => LEDGER_REJECTIONS.indexOf(row.rejection));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}
