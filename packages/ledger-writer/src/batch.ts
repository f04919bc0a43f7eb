import type { TEventMetadata } from '@evalmarket/contracts';
import {
  validateUnit,
  type CommitOutcome,
  type JournalAppend,
  type JournalUnit,
  type LogHead,
  type PackedJournal,
  type PreparedCommit,
} from '@evalmarket/eventstore';
import {
  decide,
  evolve,
  ledgerEventDataJson,
  type LedgerCommand,
  type LedgerState,
} from '@evalmarket/ledger';
import { companionAppends, type Companions } from './companions.js';
import type { LedgerResult } from './ledger-writer-types.js';

/*
 * One batch of the ledger writer: its commands decided in order into journal units, and its
 * callers answered once its commit has landed. The pipeline around it is ledger-writer.ts.
 */

export interface Pending {
  command: LedgerCommand;
  metadata: TEventMetadata | undefined;
  companions: Companions | undefined;
  resolve(result: LedgerResult): void;
  reject(error: Error): void;
  /** Failed commits this command was part of. */
  attempts: number;
}

/** What became of one command of a batch: its unit, its answer, or its companions' error. */
export type Decided = { unitIndex: number } | LedgerResult | { failed: Error };

/** A decided batch on its way to the log. */
export interface Flight {
  batch: Pending[];
  decisions: Decided[];
  prepared: PreparedCommit | undefined;
  units: JournalUnit[];
  /** The head the log has once this batch is written, when known in advance. */
  head: LogHead | undefined;
  /** The commit, settled either way (a rejection is held, not left unhandled while queued). */
  running?: Promise<{ outcomes: CommitOutcome[] } | { error: unknown }>;
  /** Whether `running` has settled. */
  settled?: boolean;
}

/** What deciding a batch reads: the writer's state (moved on as commands apply) and its packing. */
export interface BatchContext {
  state: LedgerState;
  store: PackedJournal;
  packedStreamPrefix: string;
  now: () => number;
}

/**
 * Decides a batch in arrival order on top of the current (possibly tentative) state, which it
 * moves on, and plans its commit on top of `after`, the head the commit before it leaves.
 */
export function decideBatch(
  batch: Pending[],
  after: LogHead | undefined,
  { state, store, packedStreamPrefix, now }: BatchContext,
): Flight {
  const decisions: Decided[] = [];
  const units: JournalUnit[] = [];
  const at = now();
  for (const pending of batch) {
    const decision = decide(state, pending.command, { now: at });
    if (!decision.ok) {
      decisions.push({ ok: false, rejection: decision.rejection, message: decision.message });
      continue;
    }
    if (decision.events.length === 0) {
      decisions.push({ ok: true, duplicate: decision.duplicate, events: [] });
      continue;
    }
    const companions = pending.companions
      ? companionAppends(pending.companions, pending.metadata, decision.events, packedStreamPrefix)
      : [];
    if (companions instanceof Error) {
      // Not applied: the command goes no further than its caller.
      decisions.push({ failed: companions });
      continue;
    }
    const appends: JournalAppend[] = decision.events.map((decided) => ({
      stream_id: decided.stream_id,
      expected_version: decided.expected_version,
      events: [
        {
          type: decided.event.type,
          data: decided.event.data,
          data_json: ledgerEventDataJson(decided.event),
          metadata: pending.metadata,
        },
      ],
    }));
    appends.push(...companions);
    const unit: JournalUnit = {
      packed: decision.events.every((decided) => decided.stream_id.startsWith(packedStreamPrefix)),
      appends,
    };
    // A unit the store would refuse (text it cannot hold in a reason) fails its caller alone
    // rather than the whole batch. Packed units carry only the ledger's own ids and numbers.
    const refused = unit.packed ? undefined : validateUnit(unit);
    if (refused) {
      decisions.push({ failed: refused });
      continue;
    }
    // Applied now, so the next command sees these balances; undone by reload() if the commit
    // fails.
    for (const decided of decision.events) evolve(state, decided.event);
    decisions.push({ unitIndex: units.length });
    units.push(unit);
  }
  const prepared = units.length > 0 ? store.prepare(units, after) : undefined;
  return { batch, decisions, units, prepared, head: prepared ? prepared.head : after };
}

/** Answers each caller of a landed flight. */
export function answer(flight: Flight, outcomes: CommitOutcome[]): void {
  const { batch, decisions } = flight;
  for (let index = 0; index < batch.length; index += 1) {
    const decision = decisions[index]!;
    if ('failed' in decision) {
      batch[index]!.reject(decision.failed);
    } else if ('unitIndex' in decision) {
      const outcome = outcomes[decision.unitIndex]!;
      batch[index]!.resolve(
        outcome.ok ? { ok: true, duplicate: false, events: outcome.events } : unavailable(),
      );
    } else {
      batch[index]!.resolve(decision);
    }
  }
}

/** The answer to commands whose commit failed for good. */
export function unavailable(): LedgerResult {
  return {
    ok: false,
    rejection: 'ledger_unavailable',
    message: 'The ledger could not record this; try again.',
  };
}
